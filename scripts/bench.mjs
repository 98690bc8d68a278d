/**
 * `npm run bench`: autocannon against the production build with the real CMS (fresh SQLite copy,
 * demo seed) for `/` and a news item: with the page cache, rendering every request, and rendering
 * with analytics off. Prints requests per second and p50/p99 latency per URL.
 * Options (env): BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 50).
 * Numbers depend on the machine; compare them with guides/performance.md, not in tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, ROOT_DIR, startCms, startPortal } from './lib/processes.mjs';

const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const build = spawnSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--app', '--logLevel', 'warn'],
  {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const cms = await startCms({
  port: await freePort(),
  databaseFilename: path.join(dir, 'data.db'),
  mailCapturePort: await freePort(),
  mailCaptureDir: path.join(dir, 'mail'),
  stdio: 'ignore',
});
// The same build twice: as deployed (rendered-page cache on) and rendering every request.
const portals = [
  [
    'page cache',
    await startPortal({
      port: await freePort(),
      strapiUrl: cms.url,
      stdio: 'ignore',
      env: { LOG_LEVEL: 'error' },
    }),
  ],
  [
    'render every request',
    await startPortal({
      port: await freePort(),
      strapiUrl: cms.url,
      stdio: 'ignore',
      env: { LOG_LEVEL: 'error', PAGE_CACHE_TTL_MS: '0' },
    }),
  ],
  // Analytics cost on the server (docs/analytics.md): the same, with ANALYTICS=false.
  [
    'render, analytics off',
    await startPortal({
      port: await freePort(),
      strapiUrl: cms.url,
      stdio: 'ignore',
      env: { LOG_LEVEL: 'error', PAGE_CACHE_TTL_MS: '0', ANALYTICS: 'false' },
    }),
  ],
];

try {
  const list = await (
    await fetch(`${cms.url}/api/articles?sort=publishDate:desc&pagination[pageSize]=1`)
  ).json();
  const article = list.data[0];
  const targets = [
    ['home', '/'],
    ['news item', `/news/${article.documentId}/${article.slug}`],
  ];
  const rows = [];
  for (const [[name, urlPath], [mode, portal]] of targets.flatMap((target) =>
    portals.map((p) => [target, p]),
  )) {
    const url = `${portal.url}${urlPath}`;
    const warm = await fetch(url, { headers: { 'Accept-Language': 'nl' } });
    if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}`);
    const result = await autocannon({
      url,
      connections,
      duration,
      headers: { 'accept-language': 'nl', accept: 'text/html' },
    });
    rows.push({
      page: name,
      mode,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
      'KB/req': Math.round(result.throughput.average / Math.max(result.requests.average, 1) / 1024),
    });
  }
  console.log(
    `\nautocannon: ${connections} connections, ${duration} s per page, production build, Node ${process.version}`,
  );
  console.table(rows);
} finally {
  await Promise.all(portals.map(([, portal]) => portal.stop()));
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
