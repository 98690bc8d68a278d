/**
 * `npm run lighthouse`: Lighthouse (mobile, its default throttling) against the production build
 * with the real CMS (fresh SQLite copy, demo seed), in Debian's Chromium, as visitors reach it: through
 * the shipped nginx config over HTTPS with HTTP/2 (self-signed certificate, which Chromium is told
 * to accept; docs/decisions/075-http2-at-the-edge.md). LIGHTHOUSE_DIRECT=true measures the portal
 * itself instead (plain HTTP/1.1, no nginx). Runs each page
 * LIGHTHOUSE_RUNS times (default 3) and prints the median score per category and the median LCP
 * (ms), TBT (ms) and CLS. Run it on an otherwise idle machine; figures are not a test.
 *
 * Needs Lighthouse 12 (13 needs Node 22): `LIGHTHOUSE_BIN=/path/to/lighthouse`, or it runs
 * `npx --yes lighthouse@12`. Pages: home, the newest news item, an event, a vacancy and `/jobs`;
 * or LIGHTHOUSE_PAGES as a comma-separated list of paths. LIGHTHOUSE_REPORTS=<dir> keeps every
 * run's JSON report there (`<page>-<run>.json`), for the long tasks, the LCP breakdown and the rest.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx } from './lib/nginx.mjs';
import { treeCpuTicks } from './lib/proc-stats.mjs';
import { freePort, ROOT_DIR, startPortal, startThrowawayCms } from './lib/processes.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE_BIN
  ? [process.env.LIGHTHOUSE_BIN]
  : ['npx', '--yes', 'lighthouse@12'];

if (process.env.LIGHTHOUSE_SKIP_BUILD !== 'true') {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--app', '--logLevel', 'warn'],
    {
      cwd: ROOT_DIR,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dir = await mkdtemp(path.join(tmpdir(), 'portal-lighthouse-'));
const cms = await startThrowawayCms(dir);
const direct = process.env.LIGHTHOUSE_DIRECT === 'true';
const portalPort = await freePort();
// nginx first, so the portal's PUBLIC_URL is the origin Lighthouse's browser is on: the portal
// refuses a POST whose Origin is not its public one (src/server/middleware/same-origin.server.ts),
// and nginx forwards `Host` without the port, so a PUBLIC_URL of the portal's own port made every
// `POST /statistics` a 403 and a console error (best practices 96).
const nginx = direct ? null : await startNginx([`127.0.0.1:${portalPort}`]);
const portal = await startPortal({
  port: portalPort,
  strapiUrl: cms.url,
  stdio: 'ignore',
  env: { LOG_LEVEL: 'error', TRUST_PROXY: '1', ...(nginx ? { PUBLIC_URL: nginx.httpsUrl } : {}) },
});
/** Where Lighthouse loads the pages. */
const origin = nginx ? nginx.httpsUrl : portal.url;
const chromeFlags = `--headless=new --no-sandbox --disable-gpu${nginx ? ' --ignore-certificate-errors' : ''}`;

/**
 * Waits until the CMS is idle (under 5% of a core over 2 s; it resizes the demo images for a while
 * after its first start), at most 120 s: Lighthouse's CPU figures follow everything else the
 * machine does.
 */
async function settle() {
  for (let waited = 0; waited < 120_000; waited += 2000) {
    const before = treeCpuTicks(cms.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // Clock ticks are 1/100 s on Linux: 10 ticks in 2 s is 5% of a core.
    if (treeCpuTicks(cms.child.pid) - before < 10) return;
  }
  console.warn('The CMS is still busy after 120 s; measuring anyway.');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The paths to measure: from LIGHTHOUSE_PAGES, or one of each page type from the CMS. */
async function pages() {
  if (process.env.LIGHTHOUSE_PAGES) return process.env.LIGHTHOUSE_PAGES.split(',').map((p) => [p, p]);
  /** The first link matching `pattern` on a portal page. */
  const firstLink = async (page, pattern) => {
    const html = await (await fetch(`${portal.url}${page}`)).text();
    const found = html.match(pattern);
    if (!found) throw new Error(`No link matching ${pattern} on ${page}`);
    return found[0];
  };
  return [
    ['home', '/'],
    ['news item', await firstLink('/', /\/news\/(?!tag\/)[\w-]+\/[\w-]+(?=")/)],
    ['event', await firstLink('/events', /\/events\/(?!cat\/)[\w-]+(?=")/)],
    ['vacancy', await firstLink('/jobs', /\/jobs\/vacature\/[\w-]+\/[\w-]+(?=")/)],
    ['/jobs', '/jobs'],
  ];
}

try {
  const rows = [];
  const measured = await pages();
  // Every page once (the portal's caches warm, as a visitor would find them), then a quiet CMS.
  for (const [, urlPath] of measured) await fetch(`${portal.url}${urlPath}`).then((r) => r.arrayBuffer());
  await settle();
  for (const [name, urlPath] of measured) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const output = path.join(dir, `report-${results.length}.json`);
      const [command, ...args] = lighthouse;
      const runOnce = () =>
        spawnSync(
          command,
          [
            ...args,
            `${origin}${urlPath}`,
            '--quiet',
            '--output=json',
            `--output-path=${output}`,
            '--only-categories=performance,accessibility,best-practices,seo',
            `--chrome-flags=${chromeFlags}`,
          ],
          {
            cwd: ROOT_DIR,
            stdio: ['ignore', 'ignore', 'inherit'],
            env: { ...process.env, CHROME_PATH: chromium },
          },
        );
      // Lighthouse itself fails a run now and then (NO_NAVSTART: a lost trace): try it again.
      let result = runOnce();
      for (let retry = 0; retry < 2 && result.status !== 0; retry++) result = runOnce();
      if (result.status !== 0) throw new Error(`Lighthouse failed on ${urlPath} (exit ${result.status})`);
      results.push(JSON.parse(await readFile(output, 'utf8')));
      if (process.env.LIGHTHOUSE_REPORTS) {
        await mkdir(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const slug = name.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '') || 'page';
        await copyFile(output, path.join(process.env.LIGHTHOUSE_REPORTS, `${slug}-${run + 1}.json`));
      }
    }
    const score = (category) => Math.round(median(results.map((r) => r.categories[category].score)) * 100);
    const audit = (id) => median(results.map((r) => r.audits[id].numericValue));
    rows.push({
      page: name,
      path: urlPath,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      // Lighthouse's own measure of this machine's speed at each run (higher is faster): runs on a
      // machine its neighbours slow down have longer tasks, so a higher TBT.
      'benchmark index': results.map((r) => Math.round(r.environment.benchmarkIndex)).join('/'),
    });
    console.log(JSON.stringify(rows.at(-1)));
    // What the LCP was, and where its time went, in the median run (by LCP).
    const byLcp = [...results].sort(
      (a, b) =>
        a.audits['largest-contentful-paint'].numericValue - b.audits['largest-contentful-paint'].numericValue,
    );
    const lcpDetails =
      byLcp[Math.floor(byLcp.length / 2)].audits['largest-contentful-paint-element']?.details;
    const [element, phases] = lcpDetails?.items ?? [];
    console.log(
      `  LCP element: ${element?.items?.[0]?.node?.snippet ?? '?'}; phases: ${(phases?.items ?? [])
        .map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`)
        .join(', ')}`,
    );
  }
  console.log(
    `\nLighthouse (mobile), median of ${runs} runs per page, Node ${process.version}, ${
      nginx ? 'through nginx over HTTPS with HTTP/2' : 'the portal directly over HTTP/1.1'
    }`,
  );
  console.table(rows);
} finally {
  await nginx?.stop();
  await portal.stop();
  await cms.stop();
  await rm(dir, { recursive: true, force: true });
}
