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
 * (docs/decisions/059-installable-app.md).
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { type InputType, constants as zlib } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { colorModeCss } from './scripts/lib/color-mode-css.ts';
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
 * Precompressed copies of the client build's text files, written next to them: `.gz` by Zopfli
 * (gzip any browser or proxy can decode, 3-5% smaller than zlib's level 9) and `.br` by Brotli at
 * quality 11. The server sends them as they are (sirv's `gzip`/`brotli` options in src/server/app.ts),
 * so a page's scripts cost no compression CPU per request and fewer bytes
 * (docs/decisions/074-precompressed-assets.md). Files under 1 KB stay uncompressed, as the
 * `compression` middleware leaves them.
 */
function precompressedAssets(): Plugin {
  const zopfli = async (input: InputType, options: Record<string, unknown>): Promise<Buffer> =>
    Buffer.from(await zopfliGzip(Buffer.from(input as Uint8Array), options));
  const plugin = compression({
    include: /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/,
    threshold: 1024,
    algorithms: [
      // One Zopfli iteration: 99.9% of fifteen's gain in a third of the build time.
      [zopfli, { numiterations: 1 }] as const,
      defineAlgorithm('brotliCompress', {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
      }),
    ],
    logLevel: 'silent',
  });
  return { ...plugin, applyToEnvironment: (environment) => environment.name === 'client' };
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
  plugins: [react(), serverOnlyGuard(), buildVersion(), webApp(), serviceWorker(), precompressedAssets()],
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
            // package goes with the route chunks that import it.
            codeSplitting: {
              groups: [{ name: 'vendor', test: VENDOR_PACKAGES }],
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
