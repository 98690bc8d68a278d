/**
 * The rendered-page cache (src/server/page-cache.server.ts): a rendered page is stored, and a
 * render whose request arrived before a clear (a content change) is not stored after it, so it
 * cannot bring back the content from before the change.
 */
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/server/page-cache.server.ts';

/** Stores `body` as a rendered page under `key`, as the server does after a render. */
async function render(cache: PageCache, key: string, body: string, generation?: number): Promise<void> {
  cache.store(key, 200, [['content-type', 'text/html']], Buffer.from(body), generation);
}

describe('PageCache', () => {
  it('stores a finished render under its key', async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    await render(cache, '/', 'home');
    expect(cache.get('/')?.body.toString()).toBe('home');
    expect(cache.get('/')?.status).toBe(200);
  });

  it('does not store a render whose request arrived before the cache was cleared', async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    const arrived = cache.generation;
    cache.clear();
    await render(cache, '/', 'before the change', arrived);
    expect(cache.get('/')).toBeUndefined();
    await render(cache, '/', 'after the change', cache.generation);
    expect(cache.get('/')?.body.toString()).toBe('after the change');
  });

  it('empties on clear', async () => {
    const cache = new PageCache({ ttlMs: 60_000 });
    await render(cache, '/a', 'a');
    cache.clear();
    expect(cache.get('/a')).toBeUndefined();
  });
});

describe('PageCache: stale while one request revalidates', () => {
  it('is fresh for ttlMs, then tells exactly one caller to render while the others get the stale page', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ ttlMs: 1000, staleMs: 10_000, clock: () => now });
    await render(cache, '/', 'v1');
    expect(cache.lookup('/').state).toBe('fresh');
    now += 1500;
    const first = cache.lookup('/');
    expect(first.state).toBe('revalidate');
    expect(cache.lookup('/').state).toBe('stale');
    expect(cache.get('/')).toBeUndefined();
    await render(cache, '/', 'v2');
    const after = cache.lookup('/');
    expect(after.state).toBe('fresh');
    expect(after.state === 'fresh' && after.page.body.toString()).toBe('v2');
  });

  it('lets another request revalidate when the first gives up, or after 30 s', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ ttlMs: 1000, staleMs: 100_000, clock: () => now });
    await render(cache, '/a', 'a');
    now += 2000;
    expect(cache.lookup('/a').state).toBe('revalidate');
    cache.release('/a');
    expect(cache.lookup('/a').state).toBe('revalidate');
    expect(cache.lookup('/a').state).toBe('stale');
    now += 30_000;
    expect(cache.lookup('/a').state).toBe('revalidate');
  });

  it('forgets a page after ttlMs + staleMs', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ ttlMs: 1000, staleMs: 1000, clock: () => now });
    await render(cache, '/old', 'old');
    now += 2500;
    expect(cache.lookup('/old').state).toBe('miss');
  });

  it('keeps only pages a shared cache may keep', () => {
    expect(PageCache.shareable('public, max-age=60, s-maxage=300, stale-while-revalidate=600')).toBe(true);
    expect(PageCache.shareable(undefined)).toBe(true);
    for (const value of [
      'private, no-store',
      'no-store',
      'public, max-age=0, must-revalidate',
      'private, no-cache',
    ]) {
      expect(PageCache.shareable(value)).toBe(false);
    }
  });
});
