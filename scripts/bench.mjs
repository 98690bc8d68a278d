/**
 * `npm run bench`: the CPU cost of the portal's server render against a floor
 * (docs/decisions/068-render-cost-against-a-floor.md).
 *
 * Builds the portal (`vite build --app`) and the floor (scripts/bench/floor-server.tsx, the same
 * React tree rendered by plain Express with every page's data in memory), starts the real CMS
 * (fresh SQLite copy, demo seed), the production portal twice (plain `node`, page cache off and
 * on) and the floor: React's streaming renderer to the socket, as the portal renders
 * (docs/decisions/105-streaming-documents.md; the `renderToString` floor of decision 079 is gone
 * with that renderer). Checks that the floor sends the portal's HTML bytes for every page, then
 * runs autocannon against each page: the server under test pinned to CPU 0, autocannon (this
 * process) and the CMS to CPU 1 (`taskset`, util-linux; without it the figures are noisier).
 * Per page: CPU ms per request of the server's whole process tree (/proc utime + stime, before and
 * after), requests per second, the highest resident memory sampled during the run, errors; the
 * portal's CPU as a multiple of each floor's for the same page; and the page cache against a static
 * file of the same size sent by the floor's Express.
 * A CPU calibration (fixed work on CPU 0) before and after flags runs during which the machine's
 * speed changed by more than 1.2×.
 * Options (env): BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 50), BENCH_WARMUP_S
 * (default 2), BENCH_ROUNDS (default 1; rows are then medians of the rounds, with the lowest and
 * highest portal/floor ratio of a single round beside them), BENCH_SKIP_BUILD=1
 * (use the builds already there).
 * Figures depend on the machine; compare them with decision 068, never in tests.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { treeCpuTicks, treeRss } from './lib/proc-stats.mjs';
import { freePort, ROOT_DIR, startThrowawayCms, stopProcess, waitForHttp } from './lib/processes.mjs';

const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP_S ?? 2);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const buildDir = process.env.PORTAL_BUILD_DIR ?? 'builds';
const floorDir = path.join(buildDir, 'bench-floor');

/** True when util-linux's taskset can pin processes here. */
function hasTaskset() {
  return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}
const taskset = hasTaskset();
if (!taskset) console.warn('bench: taskset (util-linux) not found; processes are not pinned to CPUs');

/** Pins every thread of `pid` to `cpu`. */
function pin(pid, cpu) {
  if (taskset) execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const vite = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'];
  const portal = spawnSync(process.execPath, [...vite, '--app'], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (portal.status !== 0) process.exit(portal.status ?? 1);
  // The floor: the server environment of the same config, with the floor as its entry.
  const { createBuilder } = await import('vite');
  const builder = await createBuilder({
    root: ROOT_DIR,
    logLevel: 'warn',
    environments: {
      ssr: {
        build: {
          outDir: floorDir,
          emptyOutDir: true,
          rolldownOptions: { input: { 'floor-server': 'scripts/bench/floor-server.tsx' } },
        },
      },
    },
  });
  await builder.build(builder.environments.ssr);
}

/**
 * CPU calibration: the time of a fixed piece of work (JSON round trips) in a fresh `node` on CPU 0,
 * best of three. This machine's speed varies with its neighbours; runs whose calibrations before
 * and after differ by more than 1.2× are flagged (shared/guides/performance.md).
 */
function calibrate() {
  const work =
    'const o={a:[...Array(200).keys()].map(i=>({i,s:"x".repeat(i%40),d:[i,i*2]}))};' +
    'const t=process.hrtime.bigint();for(let i=0;i<3000;i++)JSON.parse(JSON.stringify(o));' +
    'console.log(Number(process.hrtime.bigint()-t)/1e6)';
  const node = [process.execPath, '-e', work];
  const [command, ...args] = taskset ? ['taskset', '-c', '0', ...node] : node;
  const times = [0, 1, 2].map(() => Number(execFileSync(command, args).toString().trim()));
  return Math.min(...times);
}

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * Starts `node script` on CPU 0 with `env`, waits for `readyPath`.
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
async function startServer(name, script, env, readyPath) {
  const port = await freePort();
  const node = [process.execPath, path.join(ROOT_DIR, script)];
  const [command, ...args] = taskset ? ['taskset', '-c', '0', ...node] : node;
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', ...env(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${readyPath}`, { child, name, timeoutMs: 120_000 });
  return { url, child, stop: () => stopProcess(child) };
}

/** The portal's production server (`builds/server/server.js`) against `cms`. */
function startPortal(name, cmsUrl, extraEnv) {
  return startServer(
    name,
    path.join(buildDir, 'server', 'server.js'),
    (port) => ({
      STRAPI_URL: cmsUrl,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'error',
      ...extraEnv,
    }),
    '/health',
  );
}

/** GET `url` as a Dutch browser would; the body as text. @throws Error on a status other than 200 */
async function page(url) {
  const response = await fetch(url, { headers: { 'accept-language': 'nl', accept: 'text/html' } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body;
}

/** Where two documents first differ, with some context, or null when they are equal. */
function firstDifference(a, b) {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at byte ${i}: portal «${a.slice(Math.max(0, i - 40), i + 60)}» / floor «${b.slice(Math.max(0, i - 40), i + 60)}»`;
}

/**
 * autocannon against `url` while watching the process tree of `pid` on /proc: CPU ms per request,
 * requests per second, the highest RSS (sampled every 100 ms), errors.
 */
async function measure(pid, url) {
  const headers = { 'accept-language': 'nl', accept: 'text/html' };
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const before = treeCpuTicks(pid);
  let rss = treeRss(pid);
  const sampler = setInterval(() => {
    rss = Math.max(rss, treeRss(pid));
  }, 100);
  const result = await autocannon({ url, connections, duration, headers });
  clearInterval(sampler);
  const cpuMs = ((treeCpuTicks(pid) - before) * 1000) / clockTicks;
  const requests = result.requests.total;
  return {
    cpuMsPerReq: requests > 0 ? cpuMs / requests : Number.NaN,
    reqPerS: result.requests.average,
    rssMb: rss / 1024 / 1024,
    errors: result.errors + result.timeouts + result.non2xx,
    kbPerReq: result.throughput.total / Math.max(requests, 1) / 1024,
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
const started = [];
let cms;
try {
  cms = await startThrowawayCms(dir);
  pin(cms.child.pid, 1);
  pin(process.pid, 1);
  const uncached = await startPortal('portal (page cache off)', cms.url, { PAGE_CACHE_TTL_MS: '0' });
  started.push(uncached);
  const cached = await startPortal('portal (page cache on)', cms.url, {});
  started.push(cached);

  const api = async (query) => (await (await fetch(`${cms.url}/api/${query}`)).json()).data;
  const [article] = await api('articles?sort=publishDate:desc&pagination[pageSize]=1');
  // The news list: the tag with the most articles (a full page of cards).
  const tags = await api('tags?fields[0]=slug&populate[articles][count]=true&pagination[pageSize]=100');
  const tag = tags.sort((a, b) => (b.articles?.count ?? 0) - (a.articles?.count ?? 0))[0];
  const pages = [
    ['home', '/'],
    ['news list', `/news/tag/${tag.slug}`],
    ['news item', `/news/${article.documentId}/${article.slug}`],
    ['jobs', '/jobs'],
    ['search', '/zoeken?q=logistiek'],
  ];
  // Warm both portals (CMS answers, search index) before anyone copies or measures them.
  for (const [, pagePath] of pages) {
    for (let i = 0; i < 3; i++) {
      await page(`${uncached.url}${pagePath}`);
      await page(`${cached.url}${pagePath}`);
    }
  }
  const staticFile = path.join(dir, 'static.html');
  await writeFile(staticFile, await page(`${cached.url}/`));
  // The streaming floor (decision 105): the portal's renderer, with nothing but the render.
  const floor = await startServer(
    'floor',
    path.join(floorDir, 'floor-server.js'),
    () => ({
      FLOOR_SOURCE: uncached.url,
      FLOOR_PATHS: JSON.stringify(pages.map(([, p]) => p)),
      FLOOR_STATIC_FILE: staticFile,
    }),
    '/__static',
  );
  started.push(floor);

  // The floor must send the portal's bytes (no per-request nonces or ids exist to normalise).
  console.log('\nSame HTML from the portal and the floor:');
  let allSame = true;
  for (const [name, pagePath] of pages) {
    const [portalHtml, floorHtml] = await Promise.all([
      page(`${uncached.url}${pagePath}`),
      page(`${floor.url}${pagePath}`),
    ]);
    const difference = firstDifference(portalHtml, floorHtml);
    allSame &&= difference === null;
    console.log(
      `  ${name} ${pagePath}: ${difference ? `DIFFERENT ${difference}` : `same (${portalHtml.length} bytes)`}`,
    );
  }

  const calibrationBefore = calibrate();
  // Rounds (BENCH_ROUNDS) alternate floor and portal page by page; the table gives each row's median
  // CPU ms/req and req/s, its highest RSS and all its errors.
  const runs = new Map();
  const record = (label, figures) => runs.set(label, [...(runs.get(label) ?? []), figures]);
  for (let round = 0; round < rounds; round++) {
    for (const [name, pagePath] of pages) {
      record(`floor: ${name}`, await measure(floor.child.pid, `${floor.url}${pagePath}`));
      record(`portal: ${name} ${pagePath}`, await measure(uncached.child.pid, `${uncached.url}${pagePath}`));
    }
    record('static file, floor Express (size of /)', await measure(floor.child.pid, `${floor.url}/__static`));
    record('portal: home, page cache on', await measure(cached.child.pid, `${cached.url}/`));
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const summary = (label) => {
    const list = runs.get(label);
    return {
      cpuMsPerReq: median(list.map((figures) => figures.cpuMsPerReq)),
      reqPerS: median(list.map((figures) => figures.reqPerS)),
      rssMb: Math.max(...list.map((figures) => figures.rssMb)),
      errors: list.reduce((sum, figures) => sum + figures.errors, 0),
      kbPerReq: median(list.map((figures) => figures.kbPerReq)),
    };
  };
  const rows = [];
  let reference;
  let referenceLabel;
  /**
   * The portal's CPU against a floor's in each round on its own (the runs of a round are back to
   * back), lowest–highest: how far one round can be trusted on this machine.
   */
  const roundSpread = (label, floorLabel) => {
    const ratios = runs
      .get(label)
      .map((figures, round) => figures.cpuMsPerReq / runs.get(floorLabel)[round].cpuMsPerReq);
    return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
  };
  for (const label of runs.keys()) {
    const figures = summary(label);
    const isReference = label.startsWith('floor:') || label.startsWith('static file');
    if (isReference) {
      reference = figures;
      referenceLabel = label;
    }
    const ratio = (to) => Number((figures.cpuMsPerReq / to.cpuMsPerReq).toFixed(2));
    rows.push({
      server: label,
      'CPU ms/req': Number(figures.cpuMsPerReq.toFixed(3)),
      '× floor': isReference ? '' : ratio(reference),
      ...(rounds > 1 ? { 'rounds × floor': isReference ? '' : roundSpread(label, referenceLabel) } : {}),
      'req/s': Math.round(figures.reqPerS),
      'RSS MB': Math.round(figures.rssMb),
      'RSS × floor': isReference ? '' : Number((figures.rssMb / reference.rssMb).toFixed(2)),
      errors: figures.errors,
      'KB/req': Math.round(figures.kbPerReq),
    });
  }
  const calibrationAfter = calibrate();
  const drift = Math.max(calibrationBefore, calibrationAfter) / Math.min(calibrationBefore, calibrationAfter);
  console.log(
    `\nCPU calibration (fixed work on CPU 0): ${calibrationBefore.toFixed(0)} ms before, ${calibrationAfter.toFixed(0)} ms after` +
      (drift > 1.2
        ? ` — ${drift.toFixed(2)}× apart: the machine's speed changed during the run, repeat it`
        : ''),
  );
  console.log(
    `${connections} connections, ${duration} s per row after ${warmup} s warm-up, ${rounds} round(s) (medians); servers on CPU ${taskset ? '0' : '(not pinned)'}, ` +
      `autocannon on CPU ${taskset ? '1' : '(not pinned)'}; production build, Node ${process.version}. ` +
      '× floor: against the streaming floor of the same page (the last two rows: against the static file)' +
      (rounds > 1 ? '; rounds ×: the lowest and highest ratio of a single round.' : '.'),
  );
  console.table(rows);
  console.log(`the floor's HTML equals the portal's: ${allSame ? 'yes, every page' : 'NO (see above)'}`);
  if (!allSame) process.exitCode = 1;
} finally {
  await Promise.all(started.map((server) => server.stop()));
  await cms?.stop();
  await rm(dir, { recursive: true, force: true });
}
