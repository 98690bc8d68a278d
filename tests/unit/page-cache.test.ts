/**
 * The rendered-page cache (src/server/page-cache.server.ts): a finished render is stored, an
 * aborted one is not, and a render whose request arrived before a clear (a content change) is
 * not stored after it, so it cannot bring back the content from before the change.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/server/page-cache.server.ts';

/** Renders `body` through the cache's tee into a sink; resolves when the sink has it all. */
async function render(cache: PageCache, key: string, body: string, generation?: number): Promise<void> {
  const sink = new PassThrough();
  sink.resume();
  const finished = new Promise((resolve) => sink.on('finish', resolve));
  const tee = cache.tee(key, sink, 200, [['content-type', 'text/html']], generation);
  tee.end(body);
  await finished;
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
