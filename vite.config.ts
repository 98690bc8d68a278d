/**
 * Vite: dev middleware (HMR) and the production build of both environments with `vite build --app`:
 * the browser bundle into `builds/client` (with manifest and `builds/latest.json`) and the whole
 * server, from its entry `server.ts`, into `builds/server/server.js`, so every server module exists
 * once and production runs it with plain `node` (docs/decisions/042-one-module-graph-and-request-context.md).
 * Browser code that imports a `*.server.ts` module or anything under `src/server` fails the build.
 * Every stylesheet's dark-mode rules also answer the colour-mode switch (postcss-dark-theme-class,
 * docs/decisions/086-colour-mode-css-by-a-plugin.md).
 * The client build also writes the installable app's icons, manifests and offline pages
 * (scripts/lib/web-app.ts) and the service worker `service-worker.js`, compiled from
 * src/client/service-worker.ts by vite-plugin-pwa with the list of the build's files to precache
 * (docs/decisions/059-installable-app.md), and Zopfli/Brotli copies of its text files
 * (scripts/lib/precompress.ts, docs/decisions/074-precompressed-assets.md).
 */
import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import darkThemeClass from 'postcss-dark-theme-class';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressedAssets } from './scripts/lib/precompress.ts';
import { pureReactRouter, reactRouterProduction } from './scripts/lib/react-router-build.ts';
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

/** Packages every page needs at start: the vendor chunk (decision 065). */
const VENDOR_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/** Build output root; PORTAL_BUILD_DIR lets parallel builds (e.g. test runs) use their own folder. */
const buildDir = process.env.PORTAL_BUILD_DIR ?? 'builds';

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
  // Each `@media (prefers-color-scheme: dark)` block also applies when the head script sets
  // `data-color-mode="dark"` on <html>, and not when it sets "light" (decisions 056 and 086).
  css: {
    postcss: {
      plugins: [
        darkThemeClass({
          darkSelector: '[data-color-mode="dark"]',
          lightSelector: '[data-color-mode="light"]',
        }),
      ],
    },
  },
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
