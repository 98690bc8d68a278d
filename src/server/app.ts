/**
 * `createApp(options)`: wires the portal's middleware and routes into an Express app without
 * listening, so tests drive the real app with supertest. It imports the render module directly:
 * the HTTP layer, the route modules and the render module form one module graph, built by Vite
 * from `server.ts` for production and loaded through Vite's SSR loader in development
 * (docs/decisions/042-one-module-graph-and-request-context.md).
 *
 * Request flow (guides/architecture.md): request id and metrics → security headers →
 * compression → static files → health → uploads proxy → cookies → locale → CMS redirect rules →
 * data endpoint | document handler (src/server/render/document-handler.server.ts: page cache
 * lookup → preview → loaders → React streamed from its shell, whole for bots → page cache fill of
 * the complete document; docs/decisions/105-streaming-documents.md). Metrics are counted here and served on their own port by `server.ts`
 * (docs/decisions/091-metrics-on-their-own-port.md).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import pino, { type Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { ViteDevServer } from 'vite';
import { splitLocale } from '../shared/i18n/locale.ts';
import { DATA_ENDPOINT_PREFIX, isDataRequest, pagePathOf } from '../shared/urls.ts';
import { StatisticsForwarder } from './analytics/forwarder.server.ts';
import { AnalyticsRecorder } from './analytics/recorder.server.ts';
import { statisticsRouter } from './analytics/statistics-router.server.ts';
import { developmentAssets, productionAssets } from './assets.server.ts';
import type { RequestRateLimits } from './auth/rate-limit.server.ts';
import { sessionOf } from './auth/session.server.ts';
import { contentBroadcast } from './cluster/content-broadcast.server.ts';
import { LastKnownSite } from './cms/last-known-site.server.ts';
import { StrapiClient } from './cms/strapi-client.server.ts';
import type { ClientAssets, PortalContext } from './context.server.ts';
import { feedsRouter } from './feeds/feeds-router.server.ts';
import { accountExportRouter } from './http/account-export.server.ts';
import { installAccounts } from './http/accounts-http.server.ts';
import { IMMUTABLE_ASSET, NO_STORE, REVALIDATE, STATIC_FILE_CACHE } from './http/cache-policy.server.ts';
import { cmsWebhookRouter } from './http/cms-webhook.server.ts';
import {
  contentSecurityPolicy,
  serializeContentSecurityPolicy,
} from './http/content-security-policy.server.ts';
import { eventCalendarRouter } from './http/event-calendar.server.ts';
import { fallbackErrorPage } from './http/fallback-error-page.server.ts';
import { createFetchRequest, MAX_BODY_BYTES, sendFetchResponse } from './http/fetch-bridge.server.ts';
import { fixedHeaders } from './http/fixed-headers.server.ts';
import { checkReadiness, type HealthOptions, healthRouter } from './http/health.server.ts';
import { localeSwitchRouter } from './http/locale-switch.server.ts';
import { requestIdMiddleware, requestIdOf, requestLogger } from './http/request-id.server.ts';
import { sharedCacheGuard } from './http/shared-cache.server.ts';
import { SurrogateKeys } from './http/surrogate-keys.server.ts';
import { parseTrustProxy } from './http/trust-proxy.server.ts';
import { uploadsProxy } from './http/uploads.server.ts';
import { PortalMetrics } from './metrics/portal-metrics.server.ts';
import { requestMetrics } from './metrics/request-metrics.server.ts';
import { isPrefetchRequest, localeMiddleware } from './middleware/locale.server.ts';
import { redirectsMiddleware } from './middleware/redirects.server.ts';
import { sameOriginMiddleware } from './middleware/same-origin.server.ts';
import { PageCache } from './page-cache.server.ts';
import { previewPages, previewRouter } from './preview/preview.server.ts';
import { pushRouter } from './push/push-router.server.ts';
import { documentHandler } from './render/document-handler.server.ts';
import { queryData } from './render/entry-server.tsx';
import { pageAssetsRouter } from './render/page-assets.server.ts';
import { MAX_STREAMED_BOUNDARIES, streamingScriptHashes } from './render/streaming-scripts.server.ts';
import type { ContentChange } from './search/documents.server.ts';
import { type SearchBackendSetting, siteSearchFor } from './search/search-index.server.ts';
import { warmWhenCmsReady } from './search/warm-up.server.ts';

/** The folder of the nearest `package.json` above this module (sources or build), else the cwd. */
function findRootDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const ROOT_DIR = findRootDir();

export type Mode = 'production' | 'development' | 'test';

export interface AppOptions {
  mode: Mode;
  /** Strapi base URL without `/api`. */
  strapiUrl: string;
  strapiToken?: string;
  /** Public origin for canonical URLs; default `http://localhost:3000`. */
  publicUrl?: string;
  logger?: Logger;
  /** CMS call timeout in ms (default 5000). */
  cmsTimeoutMs?: number;
  /** How long a render may wait for a suspended view, ms (default 10 000; src/server/render/entry-server.tsx). */
  streamTimeoutMs?: number;
  /**
   * Folder for the last known good site settings (outages); null keeps them in memory only.
   * Default `<build dir>/state`.
   */
  stateDir?: string | null;
  /** Development: the Vite dev server whose middleware serves the browser sources (HMR). */
  vite?: ViteDevServer;
  /** Client asset URLs (tests); production reads them from the client build's manifest. */
  assets?: ClientAssets;
  /** Directory of the client build (default `$PORTAL_BUILD_DIR/client`, `builds/client`). */
  clientDir?: string;
  /** undici dispatcher for CMS calls (tests). */
  dispatcher?: Dispatcher;
  /** Trusted proxies (env TRUST_PROXY, http/trust-proxy.server.ts); default none. */
  trustProxy?: string;
  /** Rendered-page cache: fresh lifetime in ms; 0 turns the cache off (default 300 000; decision 008). */
  pageCacheTtlMs?: number;
  /** Rendered-page cache: how long a page may then be served stale while one request renders it, in ms (default 3 600 000). */
  pageCacheStaleMs?: number;
  /**
   * Record analytics and forward them to the CMS (docs/analytics.md); default true. Benchmarks
   * compare with it off.
   */
  analytics?: boolean;
  /** Analytics posts per client IP and minute (env STATISTICS_RATE_LIMIT; default 120, 0 = no limit). */
  statisticsPerMinute?: number;
  /** Shared secret of the CMS webhook `POST /hooks/cms` (env WEBHOOK_SECRET); without it the endpoint answers 404. */
  webhookSecret?: string;
  /**
   * Redis shared by all instances (env REDIS_URL): rate-limit counters and the content-change
   * broadcast (docs/decisions/057-many-instances.md); without it all state stays in this process.
   */
  redisUrl?: string;
  /**
   * Site search backend (env SEARCH_BACKEND; docs/decisions/066-postgres-full-text-search.md):
   * `auto` (default) uses the CMS's PostgreSQL full-text search when it offers it, else MiniSearch.
   */
  searchBackend?: SearchBackendSetting;
  /**
   * Where the app counts its metrics (docs/decisions/091-metrics-on-their-own-port.md); default
   * a new {@link PortalMetrics} with a registry of its own. `server.ts` passes one with Node's
   * default metrics and serves its registry on METRICS_PORT.
   */
  metrics?: PortalMetrics;
  /**
   * Shared secret of the CMS's preview links (env PREVIEW_SECRET,
   * docs/decisions/101-signed-preview-links.md); without it every preview link answers 403.
   */
  previewSecret?: string;
  /**
   * Origin of the CMS admin panel, the only one that may frame a preview (env CMS_ADMIN_URL, else
   * STRAPI_PUBLIC_URL, else `strapiUrl`).
   */
  cmsAdminUrl?: string;
}

export interface PortalApp {
  app: express.Express;
  strapi: StrapiClient;
  /** The app's metrics; serve `metrics.registry` (src/server/metrics/metrics-server.server.ts). */
  metrics: PortalMetrics;
  /** Drops every cached CMS answer and rendered page (CMS content changed). */
  invalidate: () => void;
  /**
   * Starts draining for shutdown: readiness answers 503 and every later answer carries
   * `Connection: close`, so kept-alive connections end after their current response.
   */
  drain: () => void;
  /** Sends the analytics events that wait to the CMS now (normally every 5 s); resolves when done. */
  flushAnalytics: () => Promise<void>;
  /** Stops dev servers and timers; sends the analytics events that wait. */
  close: () => Promise<void>;
}

/** Reads the build id written by the client build (`builds/client/builds/latest.json`). */
async function readBuildId(clientDir: string): Promise<string> {
  try {
    const json = JSON.parse(await readFile(path.join(clientDir, 'builds', 'latest.json'), 'utf8')) as {
      id?: string;
    };
    return json.id ?? 'unknown';
  } catch {
    return 'dev';
  }
}

/** The service worker the client build writes (src/client/service-worker-registration.ts). */
const SERVICE_WORKER_PATH = '/service-worker.js';

/** The ICO favicon the client build writes (scripts/lib/web-app.ts); sirv knows no type for `.ico`. */
const FAVICON_ICO_PATH = '/favicon.ico';

/** The newsletter's unsubscribe path, the target of RFC 8058 one-click unsubscribe posts. */
const ONE_CLICK_UNSUBSCRIBE = /^(?:\/en)?\/nieuwsbrief\/afmelden\/?$/;

/** The only methods the portal answers (anything else is 405). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];

/** Dutch texts of the client errors answered outside React. */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Het verzoek kon niet worden gelezen.',
  404: 'Deze pagina bestaat niet.',
  405: 'Deze handeling is hier niet mogelijk.',
  413: 'Wat je verstuurde is te groot (meer dan 1 MB).',
  415: 'Dit formulier accepteert alleen gegevens zoals een browser ze verstuurt.',
};

/** The status of an error that is the client's (4xx, e.g. a malformed URL), or null. */
function clientStatusOf(error: unknown): number | null {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * Answers a client error outside React: JSON `{ error: { status, name, message } }` for the data
 * endpoint and JSON clients, a small Dutch page for people. Never stored.
 */
function clientError(req: Request, res: Response, status: number, name: string): void {
  const message = CLIENT_ERROR_TEXT[status] ?? 'Het verzoek kon niet worden verwerkt.';
  res.status(status).set('Cache-Control', NO_STORE);
  if (status === 405) res.set('Allow', ALLOWED_METHODS.join(', '));
  if (isDataRequest(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
    res.json({ error: { status, name, message } });
    return;
  }
  res
    .type('html')
    .send(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Er is iets fout gegaan</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Er is iets fout gegaan</h1><p>${message}</p><p><a href="/">Terug naar home</a></p></main></body></html>`,
    );
}

/**
 * Builds the app.
 * @throws Error when production assets are missing.
 */
export async function createApp(options: AppOptions): Promise<PortalApp> {
  const isProduction = options.mode === 'production';
  const logger = options.logger ?? pino({ level: options.mode === 'test' ? 'silent' : 'info' });
  const buildDir = path.resolve(ROOT_DIR, process.env.PORTAL_BUILD_DIR ?? 'builds');
  const clientDir = options.clientDir ?? path.join(buildDir, 'client');
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const secureCookies = publicUrl.startsWith('https://');
  const packageJson = JSON.parse(await readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  const buildId = await readBuildId(clientDir);
  const streamTimeoutMs = options.streamTimeoutMs ?? 10_000;

  const strapi = new StrapiClient({
    url: options.strapiUrl,
    token: options.strapiToken,
    timeoutMs: options.cmsTimeoutMs ?? 5000,
    logger,
    dispatcher: options.dispatcher,
  });
  const lastKnownSite = new LastKnownSite(
    options.stateDir === undefined ? path.join(buildDir, 'state') : options.stateDir,
    logger,
  );
  await lastKnownSite.load();
  const metrics = options.metrics ?? new PortalMetrics();
  // Logged by the client itself; the events are the hooks for metrics and alerting.
  strapi.on('strapi:error', (event) => metrics.cmsError(event.path, event.error.name));
  strapi.on('strapi:call', (event) =>
    metrics.cmsCall(event.path, event.method, event.outcome, event.seconds),
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  // Every answer gets a request id (taken only from a trusted proxy, hop 0 of `trust proxy`) and
  // is counted, whichever part of the app answers.
  const trustsProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  app.use(requestIdMiddleware((address) => trustsProxy(address, 0)));
  app.use(requestMetrics(metrics));
  const closers: Array<() => Promise<void>> = [];
  let draining = false;
  // While draining, every answer closes its connection (RFC 9112 section 9.6), so a client on a
  // kept-alive connection goes elsewhere for its next request.
  const cmsTimeoutMs = options.cmsTimeoutMs ?? 5000;
  app.use((req: Request, res: Response, next: NextFunction) => {
    // The CMS calls of one request share one deadline (redirect rules, session, loaders).
    res.locals.cmsDeadline = Date.now() + cmsTimeoutMs;
    if (draining) res.setHeader('Connection', 'close');
    // Last word on what shared caches may keep, whichever part of the app answers.
    sharedCacheGuard(res);
    // Nothing here accepts other methods: static files, pages, forms and webhooks alike.
    if (!ALLOWED_METHODS.includes(req.method)) {
      clientError(req, res, 405, 'Method Not Allowed');
      return;
    }
    next();
  });

  const isDev = options.mode === 'development' && options.vite !== undefined;
  let assets = options.assets;
  if (isProduction) assets ??= await productionAssets(clientDir);
  // Helmet's headers are the same for every answer: computed once from helmet, set in one step
  // (http/fixed-headers.server.ts, decision 073). Pages replace the policy with their own below.
  app.use(
    fixedHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: contentSecurityPolicy({
            development: isDev,
            secure: secureCookies,
            scriptIntegrity: Object.values(assets?.integrity ?? {}),
          }),
        },
        // The browser default: with helmet's `no-referrer`, browsers send `Origin: null` on form posts.
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        strictTransportSecurity: secureCookies,
        crossOriginEmbedderPolicy: false,
      }),
    ),
  );

  if (isProduction) {
    const { default: compression } = await import('compression');
    const { default: sirv } = await import('sirv');
    // Streamed `/__data` answers (application/x-ndjson, which mime-db does not mark compressible)
    // are compressed too; each line is flushed (src/server/http/fetch-bridge.server.ts).
    app.use(
      compression({
        filter: (req, res) =>
          String(res.getHeader('Content-Type') ?? '').startsWith('application/x-ndjson') ||
          compression.filter(req, res),
      }),
    );
    app.use(
      sirv(clientDir, {
        etag: true,
        // The build's precompressed copies (`.br`, Zopfli `.gz`; vite.config.ts), chosen by the
        // request's Accept-Encoding with `Vary: Accept-Encoding`; `compression()` leaves a response
        // that already has a Content-Encoding alone (docs/decisions/074-precompressed-assets.md).
        brotli: true,
        gzip: true,
        setHeaders(res, pathname) {
          res.setHeader(
            'Cache-Control',
            pathname.startsWith('/assets/') ? IMMUTABLE_ASSET : STATIC_FILE_CACHE,
          );
          if (pathname === '/builds/latest.json') res.setHeader('Cache-Control', REVALIDATE);
          // Browsers check the service worker for updates; every check must reach the server
          // (docs/decisions/059-installable-app.md). At the root, its scope is the whole site.
          if (pathname === SERVICE_WORKER_PATH) res.setHeader('Cache-Control', REVALIDATE);
          if (pathname === FAVICON_ICO_PATH) res.setHeader('Content-Type', 'image/x-icon');
        },
      }),
    );
  } else if (isDev && options.vite) {
    const { vite } = options;
    app.use(vite.middlewares);
    const html = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>');
    const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    assets = developmentAssets(preamble);
  }
  if (!assets) throw new Error('createApp: no client assets (pass `assets` in tests, `vite` in development)');
  const clientAssets = assets;
  /**
   * Each page's policy lists the scripts that page loads (decisions 051 and 065); the few distinct
   * lists (one per combination of page chunks and locale) are serialised once each.
   */
  const pagePolicies = new Map<string, string>();
  // The scripts React streams for late Suspense boundaries, learnt from React at start (decision 105).
  const streamedScripts = await streamingScriptHashes();
  const pageContentSecurityPolicy = clientAssets.forPage
    ? (scriptIntegrity: string[], streamedBoundaries: number) => {
        const boundaries = Math.min(streamedBoundaries, MAX_STREAMED_BOUNDARIES);
        const key = `${boundaries} ${scriptIntegrity.join(' ')}`;
        let policy = pagePolicies.get(key);
        if (policy === undefined) {
          policy = serializeContentSecurityPolicy(
            contentSecurityPolicy({
              development: isDev,
              secure: secureCookies,
              scriptIntegrity,
              inlineScripts: streamedScripts[boundaries] ?? [],
            }),
          );
          // Bounded by the build's chunks; the guard only keeps a mistake from growing it forever.
          if (pagePolicies.size < 1000) pagePolicies.set(key, policy);
        }
        return policy;
      }
    : undefined;

  // ioredis loads only when Redis is configured (decision 073: modules no page render needs stay out of the heap).
  const redis = options.redisUrl
    ? (await import('./cluster/redis.server.ts')).connectRedis(options.redisUrl, logger)
    : undefined;
  if (redis) closers.push(() => redis.close());
  const health: HealthOptions = {
    version: packageJson.version,
    buildId,
    strapiUrl: options.strapiUrl,
    isDraining: () => draining,
    redisUp: redis?.ping,
    // Warm: it has answers to serve while the CMS is away (decision 107).
    canServeWithoutCms: () => strapi.lastKnownAnswers > 0,
  };
  app.use(healthRouter(health));
  metrics.watchReadiness(() => checkReadiness(health));
  // The files of each page for the prefetcher of the links in view (decision 108).
  app.use(pageAssetsRouter({ assets: clientAssets, buildId }));
  app.get('/builds/latest.json', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).json({ id: buildId });
  });
  app.use('/uploads', uploadsProxy({ strapiUrl: options.strapiUrl, logger }));
  app.use(eventCalendarRouter({ strapi, logger, publicUrl }));
  app.use(feedsRouter({ strapi, logger, publicUrl }));
  const searchIndex = siteSearchFor(strapi, logger, options.searchBackend);
  // A content change reaching this instance is passed on to every other one through Redis.
  const broadcast = contentBroadcast((change) => invalidateAll(change), redis);
  closers.unshift(() => broadcast.close());
  app.use(
    cmsWebhookRouter({
      secret: options.webhookSecret,
      logger,
      onContentChange: (change) => broadcast.changed(change),
    }),
  );
  if (isProduction) {
    // Build the search index in the background once the CMS answers (never delays start);
    // rebuild it every 5 minutes.
    const stopWarmUp = warmWhenCmsReady(searchIndex, options.strapiUrl);
    const stopSearchRefresh = searchIndex.startPeriodicRefresh();
    closers.push(async () => {
      stopWarmUp();
      stopSearchRefresh();
    });
  }
  installAccounts(app, {
    strapi,
    logger,
    publicUrl,
    options,
    redis,
    onRateLimited: (limit) => metrics.rateLimited(limit),
  });
  const forwarder = options.analytics === false ? null : new StatisticsForwarder({ strapi, logger });
  if (forwarder) {
    closers.push(() => forwarder.close());
    metrics.watchAnalytics(forwarder);
  }
  app.use(cookieParser());
  // Form posts: refuse cross-site requests (CSRF) and bodies over 1 MiB before anything reads them.
  // Exempt: webhooks (a shared secret) and the one-click unsubscribe of RFC 8058 (a token in the
  // link; mail clients post it without Origin).
  app.use(
    sameOriginMiddleware({
      publicUrl,
      exempt: (req) => req.path.startsWith('/hooks/') || ONE_CLICK_UNSUBSCRIBE.test(req.path),
    }),
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (Number(req.get('content-length') ?? 0) > MAX_BODY_BYTES) {
      clientError(req, res, 413, 'PayloadTooLargeError');
      return;
    }
    next();
  });

  if (forwarder) {
    app.use(
      statisticsRouter({
        forwarder,
        redis,
        logger,
        perMinute: options.statisticsPerMinute,
        onLimited: () => metrics.rateLimited('statistics'),
      }),
    );
  }
  app.use(
    pushRouter({
      strapi,
      logger,
      onSubscription: (action, outcome) => metrics.pushSubscription(action, outcome),
    }),
  );

  // "Download je gegevens" (docs/personal-data.md): the signed-in visitor's data as a JSON file.
  app.use(accountExportRouter());

  const redirects = redirectsMiddleware({ strapi, logger });
  const pageCacheTtlMs = options.pageCacheTtlMs ?? 300_000;
  const pageCache =
    pageCacheTtlMs > 0 ? new PageCache({ ttlMs: pageCacheTtlMs, staleMs: options.pageCacheStaleMs }) : null;
  const portalContext = (req: Request, res: Response): PortalContext => {
    const cacheKeys = new SurrogateKeys();
    const requestId = requestIdOf(res);
    return {
      locale: req.locale,
      // One timeout budget for all CMS calls of this request: its deadline is set on arrival. Its
      // reads name the page's documents (Surrogate-Key); its calls send the request's id.
      strapi: strapi.withDeadline(res.locals.cmsDeadline as number, cacheKeys, requestId),
      cacheKeys,
      // Made when a loader first logs (most requests log nothing).
      get logger() {
        return requestLogger(res, logger);
      },
      requestId,
      siteUrl: publicUrl,
      session: sessionOf(res),
      rateLimits: res.locals.rateLimits as RequestRateLimits,
      lastKnownSite,
      analytics: new AnalyticsRecorder(
        forwarder,
        {
          cookie: req.headers.cookie,
          userAgent: req.get('user-agent'),
          gpc: req.get('sec-gpc'),
          dnt: req.get('dnt'),
        },
        pagePathOf(req.originalUrl),
      ),
    };
  };
  const exposeErrors = !isProduction;

  // Client navigations: the loaders of a page as JSON.
  const data = express.Router();
  data.use(localeMiddleware({ secureCookies, pathOf: (req) => req.path }));
  data.use(redirects);
  data.all('/{*path}', async (req, res, next) => {
    // A page path never has an empty segment or a backslash (`/__data//`, `/__data/\\x`): no page.
    if (/\/\/|\\/.test(req.path)) {
      clientError(req, res, 404, 'NotFoundError');
      return;
    }
    try {
      const request = createFetchRequest(req, res, req.url);
      const response = await queryData(request, {
        portal: portalContext(req, res),
        exposeErrors,
        onRoute: (route) => {
          res.locals.route = `data:${route}`;
        },
      });
      if (isPrefetch(req) && response.status >= 400) {
        declinePrefetch(res);
        return;
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  app.use(DATA_ENDPOINT_PREFIX, data);

  // Preview links from the CMS (decision 101): checked, then sent on to the document's page.
  const previewSecret = options.previewSecret || undefined;
  const previewFrameAncestor = new URL(options.cmsAdminUrl ?? options.strapiUrl).origin;
  app.use(previewRouter({ secret: previewSecret, frameAncestor: previewFrameAncestor, strapi, logger }));
  app.use(localeSwitchRouter({ secureCookies }));
  app.use(localeMiddleware({ secureCookies }));
  app.use(redirects);
  app.use(previewPages({ secret: previewSecret, frameAncestor: previewFrameAncestor }));
  app.use(
    documentHandler({
      pageCache,
      metrics,
      portalContext,
      assets: clientAssets,
      contentSecurityPolicy: pageContentSecurityPolicy,
      streamTimeoutMs,
      buildId,
      exposeErrors,
      previewSecret,
      previewFrameAncestor,
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const log = requestLogger(res, logger);
    const clientStatus = clientStatusOf(error);
    if (clientStatus && !res.headersSent) {
      // Bad input is the client's mistake: a warning, not an error with a stack trace.
      log.warn({ url: req.originalUrl, status: clientStatus, reason: String(error) }, 'bad request');
      clientError(req, res, clientStatus, 'BadRequestError');
      return;
    }
    if ((req.destroyed || req.socket?.destroyed) && error instanceof Error && error.name === 'AbortError') {
      // The visitor went away (a closed tab, a cancelled prefetch): nothing failed on our side.
      log.debug({ url: req.originalUrl }, 'request aborted by the client');
      if (!res.headersSent) res.destroy();
      return;
    }
    log.error({ err: error, url: req.originalUrl }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (isPrefetch(req)) {
      declinePrefetch(res);
      return;
    }
    res.status(500).set('Cache-Control', NO_STORE);
    const requestId = requestIdOf(res);
    if (isDataRequest(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
      res.json({
        error: { status: 500, name: 'InternalServerError', message: 'Er is iets fout gegaan', requestId },
      });
      return;
    }
    res.type('html').send(fallbackErrorPage(splitLocale(req.path).locale, requestId));
  });

  /**
   * Drops every cached CMS answer, rendered page and redirect rule, and updates the search index:
   * just the changed entry when `change` names one, else a rebuild. Pages rendered while the index
   * changed (search results) are dropped again once it is in use.
   */
  function invalidateAll(change?: ContentChange): void {
    strapi.clearCache();
    redirects.invalidate();
    pageCache?.clear();
    if (change) searchIndex.apply(change);
    else searchIndex.refresh();
    if (pageCache) void searchIndex.whenIdle().then(() => pageCache.clear());
  }

  return {
    app,
    strapi,
    metrics,
    invalidate: () => invalidateAll(),
    drain: () => {
      draining = true;
      metrics.setDraining(true);
    },
    flushAnalytics: async () => {
      await forwarder?.flush();
    },
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * Whether a data request is a prefetch (`Purpose: prefetch` from src/client/prefetch.ts;
 * docs/decisions/070-prefetch.md).
 */
function isPrefetch(req: Request): boolean {
  return isDataRequest(req.originalUrl) && isPrefetchRequest(req);
}

/**
 * Declines a prefetch that would answer an error: `204 No Content`, not stored. The navigation
 * then asks again and shows the error, and a browser does not log a failed load for a hint.
 */
function declinePrefetch(res: Response): void {
  res.status(204).set('Cache-Control', NO_STORE).end();
}
