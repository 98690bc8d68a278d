/**
 * The start-up build of the search index waits for the CMS's `/_health` instead of failing (and
 * logging) while the CMS boots, and stops waiting on shutdown.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchIndex } from '../../src/server/search/search-index.server.ts';
import { warmWhenCmsReady } from '../../src/server/search/warm-up.server.ts';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A fake CMS whose `/_health` answers 503 `failures` times, then 204. */
async function fakeCms(failures: number): Promise<{ url: string; probes: () => number }> {
  let probes = 0;
  server = createServer((req, res) => {
    if (req.url === '/_health') probes += 1;
    res.statusCode = probes <= failures ? 503 : 204;
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, probes: () => probes };
}

function countingIndex() {
  let reads = 0;
  const index = new SearchIndex({
    source: async () => {
      reads += 1;
      return [];
    },
  });
  return { index, reads: () => reads };
}

describe('warmWhenCmsReady', () => {
  it('builds the index once the CMS answers, not before', async () => {
    const cms = await fakeCms(2);
    const { index, reads } = countingIndex();
    warmWhenCmsReady(index, cms.url, { intervalMs: 10 });
    await expect.poll(() => index.stats.generation, { timeout: 5000 }).toBe(1);
    expect(cms.probes()).toBe(3);
    expect(reads()).toBe(1);
  });

  it('stops asking when stopped', async () => {
    const cms = await fakeCms(Number.POSITIVE_INFINITY);
    const { index, reads } = countingIndex();
    const stop = warmWhenCmsReady(index, cms.url, { intervalMs: 10 });
    await expect.poll(() => cms.probes(), { timeout: 5000 }).toBeGreaterThan(1);
    stop();
    const probes = cms.probes();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cms.probes()).toBeLessThanOrEqual(probes + 1);
    expect(reads()).toBe(0);
  });
});
