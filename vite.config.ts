/**
 * Vite: dev middleware (HMR) and the production build of both environments with `vite build --app`:
 * the browser bundle into `builds/client` (with manifest and `builds/latest.json`) and the whole
 * server, from its entry `server.ts`, into `builds/server/server.js`, so every server module exists
 * once and production runs it with plain `node` (docs/decisions/042-one-module-graph-and-request-context.md).
 * Browser code that imports a `*.server.ts` module or anything under `src/server` fails the build.
 * Every stylesheet's dark-mode rules also answer the colour-mode switch (scripts/lib/color-mode-css.ts).
 * The client build also writes the installable app's icons, manifests and offline pages
 * (scripts/lib/web-app.ts) and the service worker `service-worker.js`, compiled from
 * src/client/service-worker.ts by vite-plugin-pwa with the list of the build's files to precache
 * (docs/decisions/059-installable-app.md), and Zopfli/Brotli copies of its text files
 * (scripts/lib/precompress.ts, docs/decisions/074-precompressed-assets.md).
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { colorModeCss } from './scripts/lib/color-mode-css.ts';
import { precompressedAssets } from './scripts/lib/precompress.ts';
import { webApp } from './scripts/lib/web-app.ts';

/** Fails the client build when browser code imports a server-only module. */
function serverOnlyGuard(): Plugin {
  return {
    name: 'portal:server-only-guard',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (/\.server(\.[cm]?[jt]sx?)?$/.test(source) || /\/src\/server\//.test(source)) {
        this.error(`Server-only module "${source}" imported from browser code (${importer ?? 'entry'})`);
      }
      return null;
    },
  };
}

/** Writes `builds/latest.json` (`{ id, builtAt }`) into the client build for new-version detection. */
function buildVersion(): Plugin {
  let id = Date.now().toString(36);
  try {
    id = `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()}-${id}`;
  } catch {
    // Not a git checkout: the timestamp alone identifies the build.
  }
  return {
    name: 'portal:build-version',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id, builtAt: new Date().toISOString() }),
      });
    },
  };
}

/**
 * The service worker (vite-plugin-pwa, `injectManifest`: our own worker source, Workbox injects the
 * precache list; https://vite-pwa-org.netlify.app/guide/inject-manifest). Registration is the
 * page's (src/client/service-worker-registration.ts) and the manifests are the web-app plugin's,
 * so the plugin injects neither. Only the client environment builds it.
 */
function serviceWorker(): PluginOption[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/client',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // The app shell: hashed scripts and styles, icons, manifests, offline pages. Not
      // `builds/latest.json` (the new-build check must reach the server) nor Vite's manifest.
      globPatterns: [
        'assets/**/*.{js,css}',
        'icons/*.png',
        'favicon.svg',
        '**/manifest.webmanifest',
        'offline/*.html',
      ],
      // Hashed file names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
    },
  }).map((plugin) => ({ ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }));
}

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
function pureReactRouter(): Plugin {
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

/** Packages every page needs at start: the vendor chunk (decision 065). */
const VENDOR_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/** Build output root; PORTAL_BUILD_DIR lets parallel builds (e.g. test runs) use their own folder. */
const buildDir = process.env.PORTAL_BUILD_DIR ?? 'builds';

/**
 * React Router 7 exports only its development build (dev warnings and checks on every navigation
 * and match); its production build ships in `dist/production` for framework mode to alias. Builds
 * use it for the browser and the server render module alike (decision 041).
 */
const reactRouterProduction = [
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve('node_modules/react-router/dist/production/dom-export.mjs'),
  },
  {
    find: /^react-router$/,
    replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
  },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    pureReactRouter(),
    serverOnlyGuard(),
    buildVersion(),
    webApp(),
    serviceWorker(),
    precompressedAssets(),
  ],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  css: { postcss: { plugins: [colorModeCss()] } },
  appType: 'custom',
  builder: {},
  environments: {
    client: {
      build: {
        outDir: `${buildDir}/client`,
        emptyOutDir: true,
        manifest: true,
        // Source maps for error reports and profiling; no `//# sourceMappingURL` comment, so
        // browsers do not fetch them (decision 065).
        sourcemap: 'hidden',
        rolldownOptions: {
          input: 'src/client/entry-client.tsx',
          output: {
            // The framework every page runs, in one chunk whose hash changes only when these
            // packages do, so browsers keep it across deployments (decision 065). Every other
            // package goes with the route chunks that import it. The portal's own modules that
            // the entry imports statically (every page runs them) go into one `shell` chunk: left
            // to itself the bundler cuts each one that a route chunk shares into a file of its own
            // (a route chunk may not import the entry), some twenty files under 2 KB that every
            // page requested one by one (decision 077). The entry module and its stylesheet stay
            // in the entry chunk.
            codeSplitting: {
              groups: [
                { name: 'vendor', test: VENDOR_PACKAGES, priority: 2 },
                {
                  name: 'shell',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]src[\\/]client[\\/]entry-client\.tsx$|\.css$/.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: `${buildDir}/server`,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: { server: 'server.ts' } },
      },
    },
  },
}));
