/**
 * `npm run bench:ttfb`: time to first byte under load, with the CMS at its normal speed
 * (docs/decisions/105-streaming-documents.md, its "no worse than before streaming").
 *
 * Starts the real CMS (fresh SQLite copy, demo seed) and, one after the other, the production
 * portal of each build directory named in `BENCH_TTFB_BUILDS` (comma-separated, relative to the
 * repository; default `builds`; a build of an older commit can be made in a worktree inside the
 * repository so that it finds the same `node_modules`). Each portal runs with its page cache off,
 * pinned to CPU 0 (`taskset`, when there); this process and the CMS share CPU 1. For each page,
 * `BENCH_TTFB_CONNECTIONS` (default 20) kept-alive connections ask for it in a loop for
 * `BENCH_TTFB_DURATION_S` (default 10) seconds after a 2 s warm-up, as a browser (a Chrome user
 * agent, so the document streams), and the first byte of the body and its end are timed per
 * request (ms, from the request's start).
 * Prints, per build and page: requests, p50 / p90 / p99 of the first byte and of the end, errors.
 * Figures depend on the machine; compare builds within one run, never in tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT_DIR, startPortal, startThrowawayCms } from './lib/processes.mjs';

const builds = (process.env.BENCH_TTFB_BUILDS ?? 'builds').split(',').filter(Boolean);
const connections = Number(process.env.BENCH_TTFB_CONNECTIONS ?? 20);
const durationMs = Number(process.env.BENCH_TTFB_DURATION_S ?? 10) * 1000;
const warmupMs = 2000;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const taskset = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
/** Pins every thread of `pid` to `cpu` (when util-linux's taskset is there). */
const pin = (pid, cpu) => {
  if (taskset) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
};

/**
 * One GET of `url` on `agent`: ms to the first body byte and to the end, and the status.
 * @returns {Promise<{ firstByteMs: number, endMs: number, status: number }>}
 */
function timedGet(url, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { 'user-agent': BROWSER, 'accept-language': 'nl', accept: 'text/html' } },
      (answer) => {
        let firstByteMs = Number.NaN;
        answer.on('data', () => {
          if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
        });
        answer.on('end', () =>
          resolve({ firstByteMs, endMs: performance.now() - started, status: answer.statusCode ?? 0 }),
        );
        answer.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** `connections` loops asking for `url` until `untilMs` (performance.now()); every timing. */
async function load(url, untilMs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const timings = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < untilMs) {
        try {
          const timing = await timedGet(url, agent);
          if (timing.status !== 200) errors++;
          else timings.push(timing);
        } catch {
          errors++;
        }
      }
    }),
  );
  agent.destroy();
  return { timings, errors };
}

/** The `q` quantile (0–1) of `values`, nearest rank. */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};

const dir = await mkdtemp(path.join(tmpdir(), 'portal-ttfb-'));
let cms;
const rows = [];
try {
  cms = await startThrowawayCms(dir);
  pin(cms.child.pid, 1);
  pin(process.pid, 1);
  const api = async (query) => (await (await fetch(`${cms.url}/api/${query}`)).json()).data;
  const [article] = await api('articles?sort=publishDate:desc&pagination[pageSize]=1');
  const pages = [
    ['home', '/'],
    ['news item', `/news/${article.documentId}/${article.slug}`],
    ['jobs', '/jobs'],
  ];
  for (const build of builds) {
    // Absolute: the portal finds its client files from it, relative to its own root otherwise.
    process.env.PORTAL_BUILD_DIR = path.resolve(ROOT_DIR, build);
    const portal = await startPortal({
      port: await freePort(),
      strapiUrl: cms.url,
      // Errors only (LOG_LEVEL below): a portal that cannot start says why.
      stdio: 'inherit',
      env: { PAGE_CACHE_TTL_MS: '0', LOG_LEVEL: 'error', STATISTICS_RATE_LIMIT: '0' },
    });
    try {
      pin(portal.child.pid, 0);
      for (const [name, pagePath] of pages) {
        const url = `${portal.url}${pagePath}`;
        await load(url, performance.now() + warmupMs);
        const { timings, errors } = await load(url, performance.now() + durationMs);
        const first = timings.map((timing) => timing.firstByteMs);
        const end = timings.map((timing) => timing.endMs);
        rows.push({
          build,
          page: name,
          requests: timings.length,
          'first byte p50': Number(quantile(first, 0.5).toFixed(1)),
          p90: Number(quantile(first, 0.9).toFixed(1)),
          p99: Number(quantile(first, 0.99).toFixed(1)),
          'end p50': Number(quantile(end, 0.5).toFixed(1)),
          'end p99': Number(quantile(end, 0.99).toFixed(1)),
          errors,
        });
      }
    } finally {
      await portal.stop();
    }
  }
  console.log(
    `\n${connections} kept-alive connections, ${durationMs / 1000} s per row after ${warmupMs / 1000} s warm-up; ` +
      `portal on CPU ${taskset ? '0' : '(not pinned)'}, page cache off, CMS at normal speed; ms from each request's start; Node ${process.version}.`,
  );
  console.table(rows);
} finally {
  await cms?.stop();
  await rm(dir, { recursive: true, force: true });
}
