/**
 * Portal entry: check the environment, build the app, listen (and serve its metrics on
 * METRICS_PORT), and on SIGTERM/SIGINT stop accepting connections, let in-flight responses
 * finish, then exit.
 *
 * Production runs this file as Vite builds it (`builds/server/server.js`, plain `node`): the HTTP
 * layer, the route modules and the render module are one module graph. Development (`npm run
 * dev`) loads `src/server/app.ts` through Vite's SSR loader, so the same graph gets HMR
 * (docs/decisions/042-one-module-graph-and-request-context.md).
 */
import pino from 'pino';
import type { createApp as CreateApp } from './src/server/app.ts';
import { parseEnv } from './src/server/env.server.ts';
import { drainable } from './src/server/http/drain.server.ts';
import { type MetricsServer, startMetricsServer } from './src/server/metrics/metrics-server.server.ts';
import { PortalMetrics } from './src/server/metrics/portal-metrics.server.ts';

const env = parseEnv(process.env);
const logger = pino({ level: env.LOG_LEVEL });
const mode = env.NODE_ENV === 'production' ? 'production' : 'development';
const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

/** `createApp` from the bundle (production) or through the Vite dev server (development). */
async function loadApp() {
  if (mode === 'production') {
    const { createApp } = await import('./src/server/app.ts');
    return { createApp, vite: undefined };
  }
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  const { createApp } = (await vite.ssrLoadModule('/src/server/app.ts')) as { createApp: typeof CreateApp };
  return { createApp, vite };
}

const { createApp, vite } = await loadApp();
// Node's default metrics describe this process: collected once, here (decision 091).
const metrics = new PortalMetrics({ defaultMetrics: true });
const portal = await createApp({
  mode,
  vite,
  strapiUrl: env.STRAPI_URL,
  strapiToken: env.STRAPI_TOKEN,
  publicUrl,
  logger,
  cmsTimeoutMs: env.CMS_TIMEOUT_MS,
  streamTimeoutMs: env.STREAM_TIMEOUT_MS,
  trustProxy: env.TRUST_PROXY,
  pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
  pageCacheStaleMs: env.PAGE_CACHE_STALE_MS,
  analytics: env.ANALYTICS,
  statisticsPerMinute: env.STATISTICS_RATE_LIMIT,
  webhookSecret: env.WEBHOOK_SECRET || undefined,
  redisUrl: env.REDIS_URL || undefined,
  searchBackend: env.SEARCH_BACKEND,
  metrics,
  previewSecret: env.PREVIEW_SECRET || undefined,
  cmsAdminUrl: env.CMS_ADMIN_URL ?? (process.env.STRAPI_PUBLIC_URL || undefined),
});

const server = portal.app.listen(env.PORT, env.HOST, () => {
  logger.info({ url: publicUrl, mode, cms: env.STRAPI_URL }, 'portal listening');
});
server.keepAliveTimeout = 65_000;
const drain = drainable(server);

/**
 * The metrics port (decision 091): same HOST, its own port, never the public one. A port that
 * cannot be taken is logged and the portal serves on without it (Prometheus then reports the
 * target down) rather than failing to start over its metrics.
 */
let metricsServer: MetricsServer | undefined;
if (env.METRICS_PORT > 0) {
  try {
    metricsServer = await startMetricsServer({
      registry: metrics.registry,
      port: env.METRICS_PORT,
      host: env.HOST,
      onError: (error) => logger.error({ err: error }, 'metrics could not be collected'),
    });
    logger.info({ port: metricsServer.port, host: env.HOST }, 'metrics listening');
  } catch (error) {
    logger.error(
      { err: error, port: env.METRICS_PORT },
      'metrics server could not listen; serving without it',
    );
  }
}

/**
 * Graceful shutdown (docs/decisions/045-graceful-drain.md): readiness turns 503 and every later
 * answer says `Connection: close`; the server stops accepting, closes kept-alive sockets once
 * idle, and exits 0 when the last response has finished (after 10 s it gives up and exits 1).
 */
function shutdown(signal: string): void {
  logger.info({ signal }, 'shutting down');
  portal.drain();
  const force = setTimeout(() => {
    logger.warn('in-flight requests did not finish in time; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  void drain().then(async () => {
    await portal.close();
    await vite?.close();
    // Last: until here Prometheus sees portal_draining = 1.
    await metricsServer?.close();
    logger.info('drained; exiting');
    process.exit(0);
  });
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
