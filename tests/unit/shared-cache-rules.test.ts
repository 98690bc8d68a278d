/**
 * What a shared cache may do with each `Cache-Control` value the portal sends
 * (src/shared/http/shared-cache-rules.ts over http-cache-semantics; the values:
 * src/server/http/cache-policy.server.ts), and the three callers that decide by it: the
 * shared-cache guard, the rendered-page cache and the service worker's offline rules.
 */
import { describe, expect, it } from 'vitest';
import { isStorable } from '../../src/client/offline-rules.ts';
import * as policy from '../../src/server/http/cache-policy.server.ts';
import { isSharedCacheable } from '../../src/server/http/shared-cache.server.ts';
import { PageCache } from '../../src/server/page-cache.server.ts';
import { sharedCacheMayReuse, sharedCacheMayStore } from '../../src/shared/http/shared-cache-rules.ts';

/** Every value of cache-policy.server.ts: [value, may store, may reuse without asking]. */
const VALUES: Array<[string, boolean, boolean]> = [
  [policy.PUBLIC_PAGE_CACHE, true, true],
  [policy.NOT_FOUND_CACHE, true, true],
  [policy.PRIVATE_NO_STORE, false, false],
  [policy.NO_STORE, false, false],
  [policy.IMMUTABLE_ASSET, true, true],
  [policy.STATIC_FILE_CACHE, true, true],
  [policy.REVALIDATE, true, false],
  [policy.PRIVATE_REVALIDATE, false, false],
  [policy.UPLOAD_CACHE, true, true],
  [policy.MUST_REVALIDATE, true, false],
  [policy.FEED_CACHE, true, true],
];

const answer = (cacheControl: string | null) => ({
  status: 200,
  type: 'basic',
  headers: { get: (name: string) => (name.toLowerCase() === 'cache-control' ? cacheControl : null) },
});

describe('the shared-cache rules', () => {
  it.each(VALUES)('%s: store %s, reuse %s', (value, store, reuse) => {
    expect(sharedCacheMayStore(value)).toBe(store);
    expect(sharedCacheMayReuse(value)).toBe(reuse);
  });

  it('covers every value the portal sends', () => {
    const sent = Object.values(policy).filter((value) => typeof value === 'string');
    expect([...new Set(VALUES.map(([value]) => value))].sort()).toEqual([...new Set(sent)].sort());
  });

  it('reads directive names in any case (RFC 9111 section 5.2)', () => {
    expect(sharedCacheMayStore('Private, Max-Age=60')).toBe(false);
    expect(sharedCacheMayStore('NO-STORE')).toBe(false);
    expect(sharedCacheMayReuse('Public, S-MaxAge=60')).toBe(true);
    expect(sharedCacheMayReuse('public, No-Cache')).toBe(false);
  });

  it('takes s-maxage before max-age and stores an answer without the header but does not reuse it', () => {
    expect(sharedCacheMayReuse('public, max-age=60, s-maxage=0')).toBe(false);
    expect(sharedCacheMayReuse('public, max-age=0, s-maxage=60')).toBe(true);
    expect(sharedCacheMayStore(undefined)).toBe(true);
    expect(sharedCacheMayReuse(undefined)).toBe(false);
  });
});

describe('the callers', () => {
  it('the shared-cache guard: surrogate keys only where a shared cache may store, never without the header', () => {
    for (const [value, store] of VALUES) expect(isSharedCacheable(value), value).toBe(store);
    expect(isSharedCacheable(undefined)).toBe(false);
    expect(isSharedCacheable(['public, max-age=60'])).toBe(false);
  });

  it('the page cache: pages a shared cache may reuse, and pages without the header (decision 008)', () => {
    for (const [value, , reuse] of VALUES) expect(PageCache.shareable(value), value).toBe(reuse);
    expect(PageCache.shareable(undefined)).toBe(true);
  });

  it('the offline rules: answers a shared cache may reuse, never without the header', () => {
    for (const [value, , reuse] of VALUES) expect(isStorable(answer(value)), value).toBe(reuse);
    expect(isStorable(answer(null))).toBe(false);
  });
});
