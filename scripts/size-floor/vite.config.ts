/**
 * Build of the framework's floor (scripts/size-floor/entry.tsx) with what the portal's browser
 * build does to the framework: React's JSX transform, React Router's production build with its
 * unused components dropped (scripts/lib/react-router-build.ts), the bundler's minifier, and Zopfli
 * copies of the scripts (scripts/lib/precompress.ts), whose sizes the size check counts. Output:
 * `<PORTAL_BUILD_DIR or builds>/size-floor`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressedAssets } from '../lib/precompress.ts';
import { pureReactRouter, reactRouterProduction } from '../lib/react-router-build.ts';

export default defineConfig({
  plugins: [react(), pureReactRouter(), precompressedAssets()],
  resolve: { alias: reactRouterProduction },
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir: `${process.env.PORTAL_BUILD_DIR ?? 'builds'}/size-floor`,
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { input: 'scripts/size-floor/entry.tsx' },
  },
});
