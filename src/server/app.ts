/**
 * `createApp(options)`: wires the portal's middleware and routes into an Express app without
 * listening, so tests drive the real app with supertest. It imports the render module directly:
 * the HTTP layer, the route modules and the render module form one module graph, built by Vite
 * from `server.ts` for production and loaded through Vite's SSR loader in development
 * (docs/decisions/042-one-module-graph-and-request-context.md).
 *
 * Request flow (guides/architecture.md), one module a stage (src/server/stages/): request frame
 * (request id, metrics, CMS deadline, drain, 405) → security headers → static files (compression,
 * sirv; Vite in development) → health, page files and build id → uploads proxy → feeds and event
 * calendars → CMS webhook (content changes) → accounts (session, rate limits, external sign-in) →
 * browser posts (cookies, same origin, 1 MiB, statistics, push, data export) → data endpoint →
 * documents (preview, locale, CMS redirect rules, then src/server/render/document-handler.server.ts:
 * page cache lookup → preview → loaders → React streamed from its shell, whole for bots → page
 * cache fill of the complete document; docs/decisions/105-streaming-documents.md) → error
 * handler. Metrics are counted here and served on their own port by `server.ts`
 * (docs/decisions/091-metrics-on-their-own-port.md).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import pino, { type Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { ViteDevServer } from 'vite';
import { DATA_ENDPOINT_PREFIX } from '../shared/urls.ts';
import { StatisticsForwarder } from './analytics/forwarder.server.ts';
import { productionAssets } from './assets.server.ts';
import { installAccounts } from './auth/accounts-http.server.ts';
import { LastKnownSite } from './cms/last-known-site.server.ts';
import { StrapiClient } from './cms/strapi-client.server.ts';
import type { ClientAssets } from './context.server.ts';
import {
  DEFAULT_CMS_TIMEOUT_MS,
  DEFAULT_PAGE_CACHE_TTL_MS,
  DEFAULT_STREAM_TIMEOUT_MS,
} from './defaults.server.ts';
import { feedsRouter } from './feeds/feeds-router.server.ts';
import { eventCalendarRouter } from './http/event-calendar.server.ts';
import { parseTrustProxy } from './http/trust-proxy.server.ts';
import { uploadsProxy } from './http/uploads.server.ts';
import { PortalMetrics } from './metrics/portal-metrics.server.ts';
import { redirectsMiddleware } from './middleware/redirects.server.ts';
import { PageCache } from './page-cache.server.ts';
import { type SearchBackendSetting, siteSearchFor } from './search/search-index.server.ts';
import { browserPosts } from './stages/browser-posts.server.ts';
import { contentChanges } from './stages/content-changes.server.ts';
import { dataEndpoint } from './stages/data-endpoint.server.ts';
import { documents } from './stages/documents.server.ts';
import { errorHandler } from './stages/error-handler.server.ts';
import { healthStage } from './stages/health-stage.server.ts';
import { portalContextFactory } from './stages/portal-context.server.ts';
import { requestFrame } from './stages/request-frame.server.ts';
import { pagePolicies, securityHeaders } from './stages/security-headers.server.ts';
import { developmentFiles, productionFiles } from './stages/static-files.server.ts';

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

/**
 * The app's CMS client, its errors and calls counted by `metrics` (the client logs them itself;
 * the events are the hooks for metrics and alerting).
 */
function cmsClient(
  options: AppOptions,
  parts: { timeoutMs: number; logger: Logger; metrics: PortalMetrics },
): StrapiClient {
  const { logger, metrics } = parts;
  const strapi = new StrapiClient({
    url: options.strapiUrl,
    token: options.strapiToken,
    timeoutMs: parts.timeoutMs,
    logger,
    dispatcher: options.dispatcher,
  });
  strapi.on('strapi:error', (event) => metrics.cmsError(event.path, event.error.name));
  strapi.on('strapi:call', (event) =>
    metrics.cmsCall(event.path, event.method, event.outcome, event.seconds),
  );
  return strapi;
}

/**
 * Builds the app: its long-lived parts (CMS client, metrics, Redis, caches), then its stages in
 * request order (src/server/stages/).
 * @throws Error when production assets are missing.
 */
export async function createApp(options: AppOptions): Promise<PortalApp> {
  const isProduction = options.mode === 'production';
  const isDev = options.mode === 'development' && options.vite !== undefined;
  const logger = options.logger ?? pino({ level: options.mode === 'test' ? 'silent' : 'info' });
  const buildDir = path.resolve(ROOT_DIR, process.env.PORTAL_BUILD_DIR ?? 'builds');
  const clientDir = options.clientDir ?? path.join(buildDir, 'client');
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const secureCookies = publicUrl.startsWith('https://');
  const { version } = JSON.parse(await readFile(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    version: string;
  };
  const buildId = await readBuildId(clientDir);
  const cmsTimeoutMs = options.cmsTimeoutMs ?? DEFAULT_CMS_TIMEOUT_MS;

  const metrics = options.metrics ?? new PortalMetrics();
  const strapi = cmsClient(options, { timeoutMs: cmsTimeoutMs, logger, metrics });
  const lastKnownSite = new LastKnownSite(
    options.stateDir === undefined ? path.join(buildDir, 'state') : options.stateDir,
    logger,
  );
  await lastKnownSite.load();
  // ioredis loads only when Redis is configured (decision 073: modules no page render needs stay out of the heap).
  const redis = options.redisUrl
    ? (await import('./cluster/redis.server.ts')).connectRedis(options.redisUrl, logger)
    : undefined;
  const forwarder = options.analytics === false ? null : new StatisticsForwarder({ strapi, logger });
  if (forwarder) metrics.watchAnalytics(forwarder);
  const redirects = redirectsMiddleware({ strapi, logger });
  const pageCacheTtlMs = options.pageCacheTtlMs ?? DEFAULT_PAGE_CACHE_TTL_MS;
  const pageCache =
    pageCacheTtlMs > 0 ? new PageCache({ ttlMs: pageCacheTtlMs, staleMs: options.pageCacheStaleMs }) : null;
  const changes = contentChanges({
    strapi,
    logger,
    searchIndex: siteSearchFor(strapi, logger, options.searchBackend),
    redirects,
    pageCache,
    redis,
    webhookSecret: options.webhookSecret,
    warmSearch: isProduction,
    strapiUrl: options.strapiUrl,
  });
  let draining = false;
  const isDraining = () => draining;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(options.trustProxy));
  const trustsProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  app.use(...requestFrame({ metrics, trustsProxy, cmsTimeoutMs, isDraining }));
  let assets = options.assets ?? (isProduction ? await productionAssets(clientDir) : undefined);
  const headers = { development: isDev, secure: secureCookies };
  app.use(securityHeaders(headers, assets));
  if (isProduction) app.use(...(await productionFiles(clientDir)));
  else if (isDev && options.vite) {
    const files = await developmentFiles(options.vite);
    app.use(files.handler);
    assets = files.assets;
  }
  if (!assets) throw new Error('createApp: no client assets (pass `assets` in tests, `vite` in development)');
  const { strapiUrl } = options;
  app.use(...healthStage({ version, buildId, strapiUrl, strapi, redis, metrics, assets, isDraining }));
  app.use('/uploads', uploadsProxy({ strapiUrl: options.strapiUrl, logger }));
  app.use(eventCalendarRouter({ strapi, logger, publicUrl }), feedsRouter({ strapi, logger, publicUrl }));
  app.use(changes.webhook);
  const onRateLimited = (limit: 'auth-ip' | 'auth-identifier') => metrics.rateLimited(limit);
  installAccounts(app, { strapi, logger, publicUrl, options, cmsTimeoutMs, redis, onRateLimited });
  const { statisticsPerMinute } = options;
  app.use(...browserPosts({ publicUrl, strapi, logger, metrics, redis, forwarder, statisticsPerMinute }));
  const portalContext = portalContextFactory({ strapi, logger, publicUrl, lastKnownSite, forwarder });
  const exposeErrors = !isProduction;
  app.use(DATA_ENDPOINT_PREFIX, dataEndpoint({ secureCookies, redirects, portalContext, exposeErrors }));
  app.use(
    ...documents({
      strapi,
      logger,
      secureCookies,
      redirects,
      pageCache,
      metrics,
      portalContext,
      assets,
      contentSecurityPolicy: await pagePolicies(headers, assets),
      streamTimeoutMs: options.streamTimeoutMs ?? DEFAULT_STREAM_TIMEOUT_MS,
      buildId,
      exposeErrors,
      previewSecret: options.previewSecret || undefined,
      previewFrameAncestor: new URL(options.cmsAdminUrl ?? options.strapiUrl).origin,
    }),
  );
  app.use(errorHandler(logger));

  return {
    app,
    strapi,
    metrics,
    invalidate: () => changes.apply(),
    drain: () => {
      draining = true;
      metrics.setDraining(true);
    },
    flushAnalytics: async () => {
      await forwarder?.flush();
    },
    close: async () => {
      await Promise.all([changes.close(), forwarder?.close(), redis?.close()]);
    },
  };
}
