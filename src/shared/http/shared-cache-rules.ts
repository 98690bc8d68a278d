/**
 * What an answer's `Cache-Control` lets a shared cache do with it, read by http-cache-semantics
 * (RFC 9111 rules; https://github.com/kornelski/http-cache-semantics) for a `GET` answered 200 with
 * that header alone: status and request rules stay with the callers. Used by the shared-cache guard
 * (src/server/http/shared-cache.server.ts), the rendered-page cache (src/server/page-cache.server.ts)
 * and the service worker's offline rules (src/client/offline-rules.ts); the values the portal sends
 * are in src/server/http/cache-policy.server.ts (docs/decisions/054-shared-cache-headers.md).
 *
 * The value is lower-cased first: directive names are case-insensitive (RFC 9111 section 5.2), and
 * http-cache-semantics compares them as written (`Private` would otherwise not count).
 */
import CachePolicy from 'http-cache-semantics';

/** The request every answer is judged for: a plain `GET` without credentials. */
const REQUEST: CachePolicy.HttpRequest = { method: 'GET', url: '/', headers: {} };

function policyOf(cacheControl: string | undefined): CachePolicy {
  const headers = cacheControl === undefined ? {} : { 'cache-control': cacheControl.toLowerCase() };
  return new CachePolicy(REQUEST, { status: 200, headers }, { shared: true });
}

/**
 * True when a shared cache may store the answer (http-cache-semantics `storable()`): neither
 * `no-store` nor `private`. `no-cache` and `max-age=0` answers may be stored (they are revalidated
 * before each use), and so may an answer without `Cache-Control` (`undefined`; RFC 9111 section 3).
 * @param cacheControl the header's value, or undefined when the answer has none
 */
export function sharedCacheMayStore(cacheControl: string | undefined): boolean {
  return policyOf(cacheControl).storable();
}

/**
 * True when a shared cache may store the answer and serve it again without asking the origin:
 * storable with a freshness lifetime above 0 s (http-cache-semantics `maxAge()`, `s-maxage` before
 * `max-age`). False for `no-cache`, `max-age=0` (`must-revalidate` or not), `no-store`, `private`,
 * and for an answer without `Cache-Control` (`undefined`: no lifetime, as no other header is read).
 * @param cacheControl the header's value, or undefined when the answer has none
 */
export function sharedCacheMayReuse(cacheControl: string | undefined): boolean {
  const policy = policyOf(cacheControl);
  return policy.storable() && policy.maxAge() > 0;
}
