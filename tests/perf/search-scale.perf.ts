/**
 * `npm run bench:search-scale`: the portal's MiniSearch index (src/server/search) with
 * SEARCH_SCALE_DOCS (default 100 000) synthetic Dutch news articles: build time, heap held by the
 * documents and the index (after a full garbage collection), process RSS, and median / p95 time of
 * 200 varied queries (title words, prefixes, typing errors, two-word queries, misses). Figures
 * only; nothing is asserted about time or memory (they belong in docs/decisions, not in tests).
 * Run on its own: `vitest run --project perf` (not part of `npm test`).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/server/search/documents.server.ts';
import { SearchIndex } from '../../src/server/search/search-index.server.ts';
import { queryMix, random, vocabulary } from './synthetic-articles.ts';

const COUNT = Number(process.env.SEARCH_SCALE_DOCS ?? 100_000);
const BODY_WORDS = Number(process.env.SEARCH_SCALE_BODY_WORDS ?? 350);

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

describe('search at scale', () => {
  it(`indexes ${COUNT} articles and answers queries`, { timeout: 1_800_000 }, async () => {
    const words = vocabulary();
    const next = random(2026);
    const pick = () => words[Math.floor(next() * words.length)] ?? 'logistiek';
    const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
    const baseline = heapMb();
    const now = Date.now();
    const documents: SearchDocument[] = Array.from({ length: COUNT }, (_, i) => ({
      id: `article:a${i}`,
      type: 'news',
      locale: null,
      title: sentence(8),
      keywords: sentence(4),
      summary: sentence(30),
      body: sentence(BODY_WORDS),
      path: `/news/a${i}/artikel-${i}`,
      date: new Date(now - i * 3_600_000).toISOString(),
      recencyAt: now - i * 3_600_000,
      expiresAt: null,
    }));
    const withDocuments = heapMb();
    const index = new SearchIndex({ source: async () => documents });
    const started = performance.now();
    await index.warm();
    const buildS = (performance.now() - started) / 1000;
    const withIndex = heapMb();

    const queries = queryMix(
      documents.map((doc) => (doc as SearchDocument).title),
      next,
      pick,
    );
    const times: number[] = [];
    let hits = 0;
    for (const query of queries) {
      const begin = performance.now();
      const result = await index.search({ query, locale: 'nl', now });
      times.push(performance.now() - begin);
      hits += result.total > 0 ? 1 : 0;
    }
    const rss = process.memoryUsage().rss / 1024 / 1024;
    console.info(
      [
        `[search-scale] ${COUNT} articles of ~${BODY_WORDS + 42} words, vocabulary ${words.length} words`,
        `documents: ${(withDocuments - baseline).toFixed(0)} MB heap; index on top: ${(withIndex - withDocuments).toFixed(0)} MB heap; both: ${(withIndex - baseline).toFixed(0)} MB`,
        `build: ${buildS.toFixed(1)} s; process RSS after queries: ${rss.toFixed(0)} MB`,
        `queries: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, ${hits}/200 with results`,
      ].join('\n'),
    );
    expect(index.stats.documents).toBe(COUNT);
    expect(hits).toBeGreaterThan(100);
  });
});
