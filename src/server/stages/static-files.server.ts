/**
 * Stage 3 of the app (src/server/app.ts): the client build's files. In production, compression and
 * sirv over the client build, with its precompressed copies (decision 074) and each file's
 * Cache-Control (http/cache-policy.server.ts); in development, Vite's middleware (sources, HMR) and
 * the assets that name them.
 */
import type { RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';
import { developmentAssets } from '../assets.server.ts';
import type { ClientAssets } from '../context.server.ts';
import { IMMUTABLE_ASSET, REVALIDATE, STATIC_FILE_CACHE } from '../http/cache-policy.server.ts';

/** The service worker the client build writes (src/client/service-worker-registration.ts). */
const SERVICE_WORKER_PATH = '/service-worker.js';

/** The ICO favicon the client build writes (scripts/lib/web-app.ts); sirv knows no type for `.ico`. */
const FAVICON_ICO_PATH = '/favicon.ico';

/**
 * Compression and the client build's files (production). compression and sirv load only here, so a
 * test or development app does not hold them (decision 073).
 * @param clientDir The client build's folder (`builds/client`).
 * @returns Handlers for `app.use(...)`.
 */
export async function productionFiles(clientDir: string): Promise<RequestHandler[]> {
  const { default: compression } = await import('compression');
  const { default: sirv } = await import('sirv');
  return [
    // Streamed `/__data` answers (application/x-ndjson, which mime-db does not mark compressible)
    // are compressed too; each line is flushed (src/server/http/fetch-bridge.server.ts).
    compression({
      filter: (req, res) =>
        String(res.getHeader('Content-Type') ?? '').startsWith('application/x-ndjson') ||
        compression.filter(req, res),
    }),
    sirv(clientDir, {
      etag: true,
      // The build's precompressed copies (`.br`, Zopfli `.gz`; vite.config.ts), chosen by the
      // request's Accept-Encoding with `Vary: Accept-Encoding`; `compression()` leaves a response
      // that already has a Content-Encoding alone (docs/decisions/074-precompressed-assets.md).
      brotli: true,
      gzip: true,
      setHeaders(res, pathname) {
        res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE_ASSET : STATIC_FILE_CACHE);
        if (pathname === '/builds/latest.json') res.setHeader('Cache-Control', REVALIDATE);
        // Browsers check the service worker for updates; every check must reach the server
        // (docs/decisions/059-installable-app.md). At the root, its scope is the whole site.
        if (pathname === SERVICE_WORKER_PATH) res.setHeader('Cache-Control', REVALIDATE);
        if (pathname === FAVICON_ICO_PATH) res.setHeader('Content-Type', 'image/x-icon');
      },
    }),
  ];
}

/**
 * Vite's middleware and the development assets (its React Refresh preamble).
 * @returns The middleware for `app.use` and the assets pages name.
 */
export async function developmentFiles(
  vite: ViteDevServer,
): Promise<{ handler: RequestHandler; assets: ClientAssets }> {
  const html = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>');
  const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return { handler: vite.middlewares as unknown as RequestHandler, assets: developmentAssets(preamble) };
}
