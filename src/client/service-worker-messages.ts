/**
 * Messages a page posts to the service worker (src/client/service-worker.ts). Kept apart from the
 * worker's rules (src/client/offline-rules.ts), whose dependencies only the worker should load.
 */

/**
 * `{ type: KEEP_PREFETCHED, url }`: a prefetched news item's data answer (`url`) was used by the
 * page, so the worker moves it to the cache of read news items (src/client/offline-rules.ts).
 */
export const KEEP_PREFETCHED = 'KEEP_PREFETCHED';
