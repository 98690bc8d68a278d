/**
 * Environment of the portal server, checked at start with a valibot schema so a wrong setting
 * fails fast with a clear message. Nothing here is sent to the browser.
 */
import * as v from 'valibot';
import {
  DEFAULT_CMS_TIMEOUT_MS,
  DEFAULT_PAGE_CACHE_STALE_MS,
  DEFAULT_PAGE_CACHE_TTL_MS,
  DEFAULT_STREAM_TIMEOUT_MS,
} from './defaults.server.ts';

const port = v.pipe(
  v.optional(v.string(), '3000'),
  v.transform(Number),
  v.integer('PORT must be an integer'),
  v.minValue(1),
  v.maxValue(65535),
);
const url = (name: string) => v.pipe(v.string(), v.url(`${name} must be an absolute URL`));
const positiveMs = (fallback: string) =>
  v.pipe(v.optional(v.string(), fallback), v.transform(Number), v.integer(), v.minValue(1));

export const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['production', 'development', 'test']), 'development'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  PORT: port,
  /**
   * Port of the Prometheus metrics (`GET /metrics`), on HOST beside PORT, never on the public
   * port (docs/decisions/091-metrics-on-their-own-port.md); `0` or empty turns the metrics server
   * off (the app still counts).
   */
  METRICS_PORT: v.pipe(
    v.optional(v.string(), '9464'),
    v.transform((value) => (value.trim() === '' ? 0 : Number(value))),
    v.integer('METRICS_PORT must be an integer (0 turns it off)'),
    v.minValue(0),
    v.maxValue(65535),
  ),
  /** Base URL of Strapi, without `/api` (docs/product.md#cms-calls: base URL from configuration). */
  STRAPI_URL: v.optional(url('STRAPI_URL'), 'http://127.0.0.1:1337'),
  /** Optional Strapi API token for server-to-CMS calls. */
  STRAPI_TOKEN: v.optional(v.string()),
  /** Public origin of the portal, used for canonical and hreflang URLs. */
  PUBLIC_URL: v.optional(url('PUBLIC_URL')),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Time a CMS call may take, in ms. */
  CMS_TIMEOUT_MS: positiveMs(String(DEFAULT_CMS_TIMEOUT_MS)),
  /** Time a streamed render may take before it is aborted, in ms. */
  STREAM_TIMEOUT_MS: positiveMs(String(DEFAULT_STREAM_TIMEOUT_MS)),
  /**
   * Fresh lifetime of rendered anonymous pages in the in-process page cache, in ms; 0 turns it off.
   * Publishing clears the cache, so this bounds only what changes with time (decision 008).
   */
  PAGE_CACHE_TTL_MS: v.pipe(
    v.optional(v.string(), String(DEFAULT_PAGE_CACHE_TTL_MS)),
    v.transform(Number),
    v.integer(),
    v.minValue(0),
  ),
  /** How long after that a page is served stale while one request renders it again, in ms. */
  PAGE_CACHE_STALE_MS: v.pipe(
    v.optional(v.string(), String(DEFAULT_PAGE_CACHE_STALE_MS)),
    v.transform(Number),
    v.integer(),
    v.minValue(0),
  ),
  /**
   * Analytics posts (`POST /statistics`) per client IP and minute; a reader sends two or three per
   * page. Behind one address (an office, a test run) many readers share it. 0 turns the limit off.
   */
  STATISTICS_RATE_LIMIT: v.pipe(
    v.optional(v.string(), '120'),
    v.transform(Number),
    v.integer('STATISTICS_RATE_LIMIT must be an integer (0 turns it off)'),
    v.minValue(0),
  ),
  /** `false` turns analytics off: nothing recorded or forwarded, no "Meest gelezen" (docs/analytics.md). */
  ANALYTICS: v.pipe(
    v.optional(v.picklist(['true', 'false']), 'true'),
    v.transform((value) => value === 'true'),
  ),
  /**
   * Which proxies may tell the client's address in `X-Forwarded-For`: a hop count, `true`, or a
   * comma-separated list of addresses/subnets (Express `trust proxy`); empty trusts none.
   */
  TRUST_PROXY: v.optional(v.string(), ''),
  /** Shared secret of the CMS webhook `POST /hooks/cms`; empty or unset turns the endpoint off. */
  WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value === '' || value.length >= 16, 'WEBHOOK_SECRET must be at least 16 characters'),
    ),
  ),
  /**
   * Shared secret of the CMS's preview links (docs/decisions/101-signed-preview-links.md), the
   * same as the CMS's PREVIEW_SECRET; empty or unset refuses every preview link.
   */
  PREVIEW_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => value === '' || value.length >= 32, 'PREVIEW_SECRET must be at least 32 characters'),
    ),
  ),
  /**
   * Origin of the CMS admin panel, the only page that may frame a preview (`frame-ancestors`);
   * default STRAPI_PUBLIC_URL, else STRAPI_URL.
   */
  CMS_ADMIN_URL: v.optional(url('CMS_ADMIN_URL')),
  /**
   * Redis shared by all portal instances (`redis://` or `rediss://`): rate-limit counters and the
   * content-change broadcast (docs/decisions/057-many-instances.md); unset keeps state per process.
   */
  REDIS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => value === '' || /^rediss?:\/\/[^\s]+$/.test(value),
        'REDIS_URL must be a redis:// or rediss:// URL',
      ),
    ),
  ),
  /**
   * Which site search answers `/zoeken` (docs/decisions/066-postgres-full-text-search.md):
   * `postgres` (the CMS's full-text search), `minisearch` (the in-memory index of each instance),
   * or `auto` (default): PostgreSQL when the CMS says it runs on it, else MiniSearch.
   */
  SEARCH_BACKEND: v.optional(
    v.picklist(['auto', 'postgres', 'minisearch'], 'SEARCH_BACKEND must be auto, postgres or minisearch'),
    'auto',
  ),
});

export type Env = v.InferOutput<typeof EnvSchema>;

/**
 * Parses `source` (normally `process.env`).
 * @throws Error listing every invalid variable.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = v.safeParse(EnvSchema, source);
  if (!result.success) {
    const lines = result.issues.map((issue) => `- ${v.getDotPath(issue) ?? '(env)'}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (result.output.METRICS_PORT !== 0 && result.output.METRICS_PORT === result.output.PORT) {
    throw new Error(
      'Invalid environment:\n- METRICS_PORT: must differ from PORT (metrics never share the public port)',
    );
  }
  return result.output;
}
