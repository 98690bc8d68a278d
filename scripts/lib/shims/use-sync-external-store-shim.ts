/**
 * `use-sync-external-store/shim` for a React that has the hook: React's own `useSyncExternalStore`
 * (React 18 and later). react-i18next imports the shim to support React 16 and 17; the shim's
 * package says to use React's export on React 18+ (https://www.npmjs.com/package/use-sync-external-store),
 * and its production build only falls back to its own copy when React lacks the hook. Aliased in
 * the browser build (scripts/lib/react-i18next-build.ts).
 */
export { useSyncExternalStore } from 'react';
