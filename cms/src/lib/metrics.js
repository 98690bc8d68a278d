/**
 * The CMS's Prometheus metrics and request ids (the portal's docs/decisions/091 and 092).
 *
 * - Every request gets an id: the incoming `X-Request-Id` when it is safe (1 to 128 letters,
 *   digits and `-_.:@`; the portal sends the id of the visitor's request), else a new UUID. It is
 *   on `ctx.state.requestId`, in the answer's `X-Request-Id` and in the request's log line, which
 *   replaces Strapi's own `strapi::logger` line (same words, plus `[id]`).
 * - Metrics, in one registry for the process (one Strapi per process), served on their own port
 *   (`METRICS_PORT`, default 9465, `0` turns it off; on HOST), never on the API's port:
 *   `cms_http_requests_total{route, method, status}` and `cms_http_request_duration_seconds{route}`
 *   (route: the matched route's pattern, `/api/articles/:id`, or `/uploads`, `/admin`, `unmatched`),
 *   `cms_http_requests_in_flight`, `cms_push_messages_total{outcome}` (sent, failed, removed;
 *   src/lib/push.js) and Node's default metrics.
 */
const crypto = require('node:crypto');
const http = require('node:http');
const client = require('prom-client');

/** What a request id may look like (an nginx `$request_id`, a UUID, most tracing ids). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;
/** Default metrics port of the CMS (the portal's is 9464). */
const DEFAULT_METRICS_PORT = 9465;
/** Seconds, from a cached answer to the portal's CMS timeout and beyond. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Distinct route labels kept; later new ones count as `other` (routes are code, so a guard only). */
const MAX_ROUTES = 300;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

const registry = new client.Registry();
const requests = new client.Counter({
  name: 'cms_http_requests_total',
  help: 'HTTP answers of the CMS by route pattern, method and status',
  labelNames: ['route', 'method', 'status'],
  registers: [registry],
});
const requestSeconds = new client.Histogram({
  name: 'cms_http_request_duration_seconds',
  help: 'Time to answer a request, in seconds, by route pattern',
  labelNames: ['route'],
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});
let inFlight = 0;
new client.Gauge({
  name: 'cms_http_requests_in_flight',
  help: 'Requests being answered',
  registers: [registry],
  collect() {
    this.set(inFlight);
  },
});
const pushMessages = new client.Counter({
  name: 'cms_push_messages_total',
  help: 'Web Push messages by outcome (sent, failed, removed: the push service said the subscription is gone)',
  labelNames: ['outcome'],
  registers: [registry],
});
const routes = new Set();
let defaultMetrics = false;

/**
 * The id a request is known by: `incoming` when safe, else a new UUID.
 * @param {unknown} incoming the `X-Request-Id` header as it came
 * @returns {string}
 */
function requestIdFor(incoming) {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * The route label of a finished request: the pattern of the route that answered it, or a fixed
 * name for what no route answered (static uploads, the admin panel's files), never the raw URL.
 * @param {import('koa').Context & { _matchedRoute?: string }} ctx
 * @returns {string}
 */
function routeLabel(ctx) {
  let route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : null;
  if (!route) {
    const path = ctx.path;
    route = path.startsWith('/uploads/') ? '/uploads' : path === '/admin' || path.startsWith('/admin/') ? '/admin' : 'unmatched';
  }
  if (routes.has(route)) return route;
  if (routes.size >= MAX_ROUTES) return 'other';
  routes.add(route);
  return route;
}

/**
 * Koa middleware for `strapi.server.use` (registered in `register`, so it wraps every other
 * middleware): the request id, the request metrics and the request's log line.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {(ctx: import('koa').Context, next: () => Promise<void>) => Promise<void>}
 */
function observeRequests(strapi) {
  return async (ctx, next) => {
    const id = requestIdFor(ctx.get('x-request-id') || undefined);
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    const started = performance.now();
    inFlight += 1;
    let status;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      // Koa answers a thrown error itself (strapi::errors catches nearly all before this).
      status = typeof error?.status === 'number' ? error.status : 500;
      throw error;
    } finally {
      inFlight -= 1;
      const seconds = (performance.now() - started) / 1000;
      const route = routeLabel(ctx);
      requests.inc({ route, method: METHODS.has(ctx.method) ? ctx.method : 'OTHER', status: String(status ?? 500) });
      requestSeconds.observe({ route }, seconds);
      strapi.log.http(`${ctx.method} ${ctx.url} (${Math.ceil(seconds * 1000)} ms) ${status} [${id}]`);
    }
  };
}

/**
 * Counts the outcome of sending one notification (src/lib/push.js).
 * @param {{ sent: number, failed: number, removed: number }} counts
 */
function countPushMessages(counts) {
  for (const outcome of ['sent', 'failed', 'removed']) {
    if (counts[outcome] > 0) pushMessages.inc({ outcome }, counts[outcome]);
  }
}

/**
 * The metrics port from the environment: `METRICS_PORT`, default 9465; `0` or empty turns it off.
 * @param {Record<string, string | undefined>} env
 * @returns {number} 0 when off
 * @throws Error when the value is not a port number
 */
function metricsPortOf(env) {
  const value = env.METRICS_PORT;
  if (value === undefined) return DEFAULT_METRICS_PORT;
  if (value.trim() === '') return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`METRICS_PORT must be a port number (0 turns the metrics off), not ${JSON.stringify(value)}`);
  }
  return port;
}

/**
 * Starts the metrics server (`GET /metrics`, 404 for anything else) on `host`:`port`, with Node's
 * default metrics. A port that cannot be taken is logged and the CMS runs on without metrics.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ port: number, host: string }} where
 * @returns {Promise<import('node:http').Server | null>} null when it could not listen
 */
function startMetricsServer(strapi, { port, host }) {
  if (!defaultMetrics) {
    client.collectDefaultMetrics({ register: registry });
    defaultMetrics = true;
  }
  const server = http.createServer((req, res) => {
    const path = (req.url || '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error) => {
        strapi.log.error(`[metrics] could not be collected: ${error.message}`);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      strapi.log.error(`[metrics] cannot listen on ${host}:${port} (${error.message}); running without metrics`);
      resolve(null);
    });
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      server.unref();
      strapi.log.info(`[metrics] Prometheus metrics on http://${host}:${port}/metrics`);
      resolve(server);
    });
  });
}

/**
 * Stops a metrics server from {@link startMetricsServer}.
 * @param {import('node:http').Server | null} server
 * @returns {Promise<void>}
 */
function stopMetricsServer(server) {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

module.exports = {
  countPushMessages,
  metricsPortOf,
  observeRequests,
  registry,
  requestIdFor,
  routeLabel,
  startMetricsServer,
  stopMetricsServer,
};
