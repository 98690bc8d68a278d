/**
 * How the builds take React Router: its production build, and in the browser without the
 * components no page runs. Used by the portal's build (vite.config.ts) and by the framework's
 * size floor (scripts/size-floor/vite.config.ts), so both measure the same React Router.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's production build defines its components with `React.forwardRef(...)`,
 * `React.createContext(...)` and `React.memo(...)` at module level and sets their `displayName`
 * there; without a pure annotation a bundler must keep every such statement, and with it what the
 * components use (`Link`, `NavLink`, the framework mode's prefetch links and module loading):
 * about 10 KB of the browser's vendor chunk (3 KB gzip) that no page runs. This marks those calls
 * pure and drops the `displayName`s (only React DevTools read them) in the browser build, so the
 * bundler keeps what the portal uses (docs/decisions/077-less-main-thread-work-at-page-start.md). If a
 * React Router release writes them differently, nothing is changed and the size check
 * (`npm run size`) reports the larger chunk. Every line keeps its place (a dropped `displayName`
 * leaves its line empty), so the source map stays right to the line.
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'portal:pure-react-router',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      const pure = code
        .replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*)\.(forwardRef|createContext|memo)\(/g, '= /* @__PURE__ */ $1.$2(');
      return pure === code ? null : { code: pure, map: null };
    },
  };
}

/**
 * React Router 7 exports only its development build (dev warnings and checks on every navigation
 * and match); its production build ships in `dist/production` for framework mode to alias. Builds
 * use it for the browser and the server render module alike (decision 041).
 */
export const reactRouterProduction = [
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  },
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
];
