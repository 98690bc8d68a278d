/**
 * `npm run bench:search`: latency of `/zoeken` on the production build with the real CMS (fresh
 * SQLite copy, demo seed), for docs/decisions/012-site-search.md (median under 100 ms
 * from a warm server).
 *
 * 1. Builds (unless BENCH_SKIP_BUILD=1), starts the CMS and two portals: one as deployed
 *    (rendered-page cache on) and one rendering every request (PAGE_CACHE_TTL_MS=0).
 * 2. Cold: the first search of the render-every-request portal builds the index (reported apart).
 * 3. Warm: BENCH_SEARCHES (default 200) sequential searches with varied queries (title words,
 *    typing errors, words without their accents, prefixes, two-word queries, misses, page 2 and
 *    type filters) against the render-every-request portal, as full HTML documents and as the
 *    JSON of client navigations; prints median, p95, p99 and max in ms (time to the last byte).
 * 4. autocannon on one query for BENCH_DURATION_S seconds (default 10) with BENCH_CONNECTIONS
 *    (default 50): req/s and p50/p99 with and without the page cache.
 * Numbers depend on the machine (2 cores here, shared with the CMS and the load generator).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, ROOT_DIR, startPortal, startThrowawayCms } from './lib/processes.mjs';

const searches = Number(process.env.BENCH_SEARCHES ?? 200);
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--app', '--logLevel', 'warn'],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Lower case without diacritics. */
const fold = (text) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** Value at quantile `q` (0..1) of sorted numbers (nearest rank). */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function summary(name, timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    what: name,
    requests: sorted.length,
    'median ms': round(quantile(sorted, 0.5)),
    'p95 ms': round(quantile(sorted, 0.95)),
    'p99 ms': round(quantile(sorted, 0.99)),
    'max ms': round(sorted[sorted.length - 1]),
  };
}

/** Builds `count` varied search URLs (path + query) from the CMS's own titles. */
async function searchUrls(cmsUrl, count) {
  const titles = [];
  for (const collection of ['articles', 'events', 'vacancies', 'magazines']) {
    const list = await (
      await fetch(`${cmsUrl}/api/${collection}?fields[0]=title&pagination[pageSize]=100`)
    ).json();
    titles.push(...list.data.map((item) => item.title));
  }
  const words = [...new Set(titles.flatMap((title) => title.match(/[\p{L}]{5,}/gu) ?? []))];
  const accented = words.filter((word) => fold(word) !== word.toLowerCase());
  const queries = [];
  for (let i = 0; queries.length < count; i++) {
    const word = words[(i * 7) % words.length];
    const other = words[(i * 13 + 5) % words.length];
    switch (i % 8) {
      case 0:
        queries.push(`q=${encodeURIComponent(word.toLowerCase())}`);
        break;
      case 1: // typing error: two letters swapped
        queries.push(`q=${encodeURIComponent(`${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`)}`);
        break;
      case 2:
        queries.push(`q=${encodeURIComponent(fold(accented[i % Math.max(accented.length, 1)] ?? word))}`);
        break;
      case 3: // prefix
        queries.push(`q=${encodeURIComponent(word.slice(0, 4))}`);
        break;
      case 4:
        queries.push(`q=${encodeURIComponent(`${word} ${other}`)}`);
        break;
      case 5: // miss
        queries.push(`q=${encodeURIComponent(`${word.toLowerCase()}zqx`)}`);
        break;
      case 6:
        queries.push('q=logistiek&page=2');
        break;
      default:
        queries.push(`q=${encodeURIComponent(word)}&type=news`);
    }
  }
  return queries.map((query) => `/zoeken?${query}`);
}

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.text();
  if (response.status !== 200 && response.status !== 404)
    throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-search-'));
const cms = await startThrowawayCms(dir);
const cached = await startPortal({
  port: await freePort(),
  strapiUrl: cms.url,
  stdio: 'ignore',
  env: { LOG_LEVEL: 'error' },
});
const uncached = await startPortal({
  port: await freePort(),
  strapiUrl: cms.url,
  stdio: 'ignore',
  env: { LOG_LEVEL: 'error', PAGE_CACHE_TTL_MS: '0' },
});

try {
  const headers = { 'accept-language': 'nl', accept: 'text/html' };
  const urls = await searchUrls(cms.url, searches);
  // Cold: the first search of a portal whose index was not built yet (production builds it at
  // start in the background; wait for nothing here, so this may or may not include the build).
  const cold = await timed(`${uncached.url}/zoeken?q=retouren`, { headers });
  // Warm-up: the index exists and the code paths are compiled.
  for (const url of urls.slice(0, 20)) await timed(`${uncached.url}${url}`, { headers });
  const html = [];
  for (const url of urls) html.push(await timed(`${uncached.url}${url}`, { headers }));
  const json = [];
  for (const url of urls) json.push(await timed(`${uncached.url}/__data${url}`, { headers }));
  console.log(
    `\nsequential searches: production build, page cache off, Node ${process.version}, first search ${Math.round(cold)} ms`,
  );
  console.table([summary('HTML page /zoeken', html), summary('JSON /__data/zoeken', json)]);

  const rows = [];
  for (const [mode, portal] of [
    ['page cache', cached],
    ['render every request', uncached],
  ]) {
    const url = `${portal.url}/zoeken?q=logistiek`;
    await timed(url, { headers });
    const result = await autocannon({ url, connections, duration, headers });
    rows.push({
      page: '/zoeken?q=logistiek',
      mode,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  console.log(`\nautocannon: ${connections} connections, ${duration} s`);
  console.table(rows);
} finally {
  await Promise.all([cached.stop(), uncached.stop()]);
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
