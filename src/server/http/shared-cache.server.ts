/**
 * The last check before any answer's headers go out, so a shared cache (nginx, a CDN) never keeps
 * what belongs to one visitor (docs/decisions/054-shared-cache-headers.md):
 * - an answer that sets a cookie is never storable by a shared cache: it becomes `private, no-cache` (RFC 9111
 *   section 5.2.2.7; nginx and CDNs also refuse to store such answers, but browsers' shared
 *   caches and other proxies need not);
 * - `Surrogate-Key` / `Cache-Tag` appear only on answers a shared cache may store (they name what
 *   a purge reaches).
 */
import type { ServerResponse } from 'node:http';
import onHeaders from 'on-headers';
import { sharedCacheMayStore } from '../../shared/http/shared-cache-rules.ts';
import { PRIVATE_REVALIDATE } from './cache-policy.server.ts';

/** Header names of the page's surrogate keys (Fastly/Varnish xkey; Cloudflare). */
export const SURROGATE_KEY_HEADER = 'Surrogate-Key';
export const CACHE_TAG_HEADER = 'Cache-Tag';

/**
 * Whether a `Cache-Control` value lets shared caches store the answer (neither `private` nor
 * `no-store`, src/shared/http/shared-cache-rules.ts). A missing or repeated header (not a string)
 * does not: such an answer names no surrogate keys.
 */
export function isSharedCacheable(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && sharedCacheMayStore(cacheControl);
}

/**
 * Registers the check on `res`. Call it from the first middleware: on-headers runs the listener
 * registered first last, after every later middleware (session, compression) has set its headers.
 */
export function sharedCacheGuard(res: ServerResponse): void {
  onHeaders(res, () => {
    const cacheControl = res.getHeader('Cache-Control');
    if (res.hasHeader('Set-Cookie') && (cacheControl === undefined || isSharedCacheable(cacheControl))) {
      res.setHeader('Cache-Control', PRIVATE_REVALIDATE);
    }
    if (!isSharedCacheable(res.getHeader('Cache-Control'))) {
      res.removeHeader(SURROGATE_KEY_HEADER);
      res.removeHeader(CACHE_TAG_HEADER);
    }
  });
}
