/**
 * `npm run bench:statistics`: the editors' summary (`GET /api/statistics/summary`) and the most-read
 * list with one million stored analytics events on PostgreSQL (docs/analytics.md).
 *
 * 1. Starts a throwaway PostgreSQL (scripts/lib/postgres.mjs) and the CMS on it (schema, seed).
 * 2. Stops the CMS, writes BENCH_EVENTS (default 1 000 000) synthetic events straight into
 *    `statistics` in batches of 200 spread over the last 90 days (2 000 pages, 50 referring hosts,
 *    300 articles, the event kinds in a page-view-heavy mix), and drops the daily counts.
 * 3. Starts the CMS again: it recounts the stored batches into daily counts (timed), then takes
 *    BENCH_BATCHES (default 200) more batches of 200 events through `POST /api/statistics`.
 * 4. Times BENCH_ROUNDS (default 50) sequential calls of the summary for the default 30 days and
 *    for 365 days, and of the most-read list; prints median and p95 in ms.
 * Needs Debian's `postgresql` package. Figures depend on the machine; none is asserted in tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, withPostgresClient } from './lib/postgres.mjs';
import { freePort, startCms } from './lib/processes.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const BATCH = 200;
const POSTED_BATCHES = Number(process.env.BENCH_BATCHES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const ADMIN = {
  email: 'bench@example.test',
  password: 'Bench2026!benchmark',
  firstname: 'Bench',
  lastname: 'Mark',
};

/** Median and 95th percentile of a list of durations in ms. */
function stats(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1) };
}

/** SQL that writes `batches` batches of 200 synthetic events (ids from `offset`) into `statistics`. */
function syntheticBatchesSql(batches) {
  return `INSERT INTO statistics (document_id, session, events, created_at, updated_at, published_at)
    SELECT 'bench' || b, 'session-' || (b % 5000),
      (SELECT jsonb_agg(
         CASE WHEN r < 0.70 THEN jsonb_build_object('eventType', 'Pageview', 'url', '/pagina/' || floor(random() * 2000)::int,
                'referrerHost', CASE WHEN random() < 0.4 THEN 'site' || floor(random() * 50)::int || '.example' END,
                'session', 'session-' || (b % 5000), 'source', 'browser')
              WHEN r < 0.85 THEN jsonb_build_object('eventType', 'Pageview', 'url', '/news/' || a || '/artikel-' || a,
                'contentType', 'article', 'documentId', 'article' || a, 'session', 'session-' || (b % 5000), 'source', 'browser')
              WHEN r < 0.93 THEN jsonb_build_object('eventType', 'SessionStart', 'session', 'session-' || (b % 5000))
              WHEN r < 0.97 THEN jsonb_build_object('eventType', 'SessionPause', 'session', 'session-' || (b % 5000))
              WHEN r < 0.99 THEN jsonb_build_object('eventType', 'Marketing', 'label', 'partner-' || a, 'session', 'session-' || (b % 5000))
              ELSE jsonb_build_object('eventType', 'Lead', 'form', 'newsletter', 'session', 'session-' || (b % 5000)) END)
       FROM (SELECT random() AS r, floor(random() * 300)::int AS a, g FROM generate_series(1, ${BATCH}) g WHERE b > 0) e),
      t, t, t
    FROM (SELECT b, now() - random() * interval '90 days' AS t FROM generate_series(1, ${batches}) b) batches`;
}

const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-statistics-'));
const postgres = await startPostgres();
const cmsOptions = async () => ({
  port: await freePort(),
  mailCapturePort: await freePort(),
  mailCaptureDir: path.join(dir, 'mail'),
  env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgres.url, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
let cms;
try {
  console.log(`[bench:statistics] PostgreSQL at ${postgres.url}; first CMS start (schema, seed) ...`);
  cms = await startCms(await cmsOptions());
  await cms.stop();

  const batches = Math.ceil(EVENTS / BATCH);
  let started = Date.now();
  await withPostgresClient(postgres.url, async (client) => {
    for (let done = 0; done < batches; done += 1000) {
      await client.query(syntheticBatchesSql(Math.min(1000, batches - done)));
    }
    await client.query('DROP TABLE IF EXISTS statistic_daily_counts');
    await client.query('VACUUM ANALYZE statistics');
  });
  const stored = await withPostgresClient(postgres.url, (client) =>
    client.query('SELECT COUNT(*) AS batches, SUM(jsonb_array_length(events)) AS events FROM statistics'),
  );
  console.log(
    `[bench:statistics] wrote ${stored.rows[0].batches} batches, ${stored.rows[0].events} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  started = Date.now();
  cms = await startCms(await cmsOptions());
  const recountS = ((Date.now() - started) / 1000).toFixed(1);
  const counts = await withPostgresClient(postgres.url, (client) =>
    client.query('SELECT COUNT(*) AS rows FROM statistic_daily_counts'),
  );
  console.log(
    `[bench:statistics] CMS start with recount into daily counts: ${recountS} s (${counts.rows[0].rows} count rows)`,
  );

  const posts = [];
  for (let i = 0; i < POSTED_BATCHES; i += 1) {
    const events = Array.from({ length: BATCH }, (_, n) => ({
      eventType: 'Pageview',
      url: `/pagina/${(i * BATCH + n) % 2000}`,
      session: `posted-${i}`,
      source: 'browser',
    }));
    const begin = performance.now();
    const response = await fetch(`${cms.url}/api/statistics`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { events } }),
    });
    posts.push(performance.now() - begin);
    if (response.status !== 202) throw new Error(`POST /api/statistics answered ${response.status}`);
  }
  const post = stats(posts);
  console.log(
    `[bench:statistics] POST /api/statistics, ${POSTED_BATCHES} batches of ${BATCH}: median ${post.median} ms, p95 ${post.p95} ms`,
  );

  const admin = async (pathname, body, token) => {
    const response = await fetch(`${cms.url}/admin/${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`admin ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()).data;
  };
  const { token: adminToken } = await admin('register-admin', ADMIN);
  const { accessKey } = await admin(
    'api-tokens',
    { name: 'bench summary', type: 'full-access', lifespan: null },
    adminToken,
  );

  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    ['summary, last 30 days', '/api/statistics/summary'],
    ['summary, 365 days', `/api/statistics/summary?from=${day(364)}&to=${day(0)}&top=10`],
    ['most-read, 7 days', '/api/statistics/most-read?days=7&limit=5'],
  ];
  for (const [name, pathname] of cases) {
    const durations = [];
    let body;
    for (let i = 0; i < ROUNDS; i += 1) {
      const begin = performance.now();
      const response = await fetch(`${cms.url}${pathname}`, {
        headers: { authorization: `Bearer ${accessKey}` },
      });
      body = await response.json();
      durations.push(performance.now() - begin);
      if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
    }
    const { median, p95 } = stats(durations);
    const data = body.data;
    const counted = Array.isArray(data)
      ? `${data.length} articles, top ${data[0]?.views} views`
      : `${data.eventsByKind.reduce((sum, kind) => sum + kind.count, 0)} events in range`;
    console.log(`[bench:statistics] ${name}: median ${median} ms, p95 ${p95} ms (${counted})`);
  }
} finally {
  await cms?.stop();
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
