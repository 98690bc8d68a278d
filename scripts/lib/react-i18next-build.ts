/**
 * What the browser build does to react-i18next (docs/decisions/089-i18next-per-route-namespaces.md):
 * its `use-sync-external-store/shim` import resolves to React's own hook
 * (scripts/lib/shims/use-sync-external-store-shim.ts), since React 19 has it. Shared by
 * vite.config.ts and the size check's floor (scripts/size-floor/vite.config.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIM = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shims/use-sync-external-store-shim.ts');

/** Vite `resolve.alias` entries. */
export const reactI18nextBrowser = [{ find: /^use-sync-external-store\/shim$/, replacement: SHIM }];
