/**
 * The server's defaults, written once: the environment schema (env.server.ts), `createApp`'s
 * options and the modules that take them all read these. All durations in ms.
 */

/** The budget of one request's CMS calls (env CMS_TIMEOUT_MS; decision 048). */
export const DEFAULT_CMS_TIMEOUT_MS = 5000;

/** How long a streamed render may take before it is aborted and what is ready is sent (env STREAM_TIMEOUT_MS; decision 105). */
export const DEFAULT_STREAM_TIMEOUT_MS = 10_000;

/** The fresh lifetime of a page in the page cache (env PAGE_CACHE_TTL_MS; decision 008). */
export const DEFAULT_PAGE_CACHE_TTL_MS = 300_000;

/** How long after that a page may be served stale while one request renders it again (env PAGE_CACHE_STALE_MS). */
export const DEFAULT_PAGE_CACHE_STALE_MS = 3_600_000;
