/**
 * Prefetch in Chromium against the production build (docs/product.md#constants, docs/decisions/070-prefetch.md):
 * a hovered link's payload is fetched once and the navigation reuses it; the links in view are
 * prefetched from 1000 ms after start with at most 4 pending at once, their files preloaded but not
 * run until a link is pointed at (decision 108); not at all on `slow-2g` or with Save-Data; never
 * links that act on a GET.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Makes `navigator.connection` report the given values before the page's scripts run. */
async function emulateConnection(page: Page, connection: { effectiveType: string; saveData: boolean }) {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
  }, connection);
}

const isData = (request: Request) => new URL(request.url()).pathname.startsWith('/__data');

/**
 * A Dutch desktop page (1,366 px) in a new context, its console watched, with no service worker:
 * it would fetch the news items' payloads itself, out of `page.route`'s sight.
 */
async function desktopPage() {
  const context = await browser.newContext({
    locale: 'nl-NL',
    viewport: { width: 1366, height: 900 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page).problems };
}

describe('prefetch on hover', () => {
  it('fetches a hovered link’s payload once, and the navigation makes no further request for it', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    // Save-Data: no prefetch of the links in view, so every data request here comes from hover.
    await emulateConnection(page, { effectiveType: '4g', saveData: true });
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (isData(request)) dataRequests.push(new URL(request.url()).pathname);
    });
    await page.goto(`${portal.url}/events`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(1500);
    expect(dataRequests).toEqual([]);

    const link = page.locator('header a[href="/jobs"]').first();
    await link.hover();
    await expect.poll(() => dataRequests.filter((path) => path === '/__data/jobs').length).toBe(1);
    // Hover again and focus it: the payload is already there.
    await page.mouse.move(0, 0);
    await link.hover();
    await link.focus();
    await page.waitForTimeout(300);
    expect(dataRequests.filter((path) => path === '/__data/jobs')).toHaveLength(1);

    await link.click();
    await page.waitForURL(`${portal.url}/jobs`);
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/vacature/i);
    await page.waitForTimeout(300);
    expect(dataRequests.filter((path) => path === '/__data/jobs')).toHaveLength(1);
    // The page really came from the router (a client navigation), not a full load.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).name,
      ),
    ).toBe(`${portal.url}/events`);

    // A link that acts on a GET (an unsubscribe link) is never prefetched.
    await page.evaluate(() => {
      const anchor = document.createElement('a');
      anchor.href = '/nieuwsbrief/afmelden?token=abc';
      anchor.textContent = 'afmelden';
      anchor.id = 'unsubscribe-link';
      document.querySelector('main')?.prepend(anchor);
    });
    await page.locator('#unsubscribe-link').hover();
    await page.waitForTimeout(500);
    expect(dataRequests.some((path) => path.includes('afmelden'))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('prefetch of the links in view', () => {
  it('starts 1000 ms after start and keeps at most 4 preloads pending', async () => {
    const { context, page, problems } = await desktopPage();
    let inFlight = 0;
    let maxInFlight = 0;
    const started: number[] = [];
    // Slow every payload down so that prefetches overlap.
    await page.route('**/__data/**', async (route) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      started.push(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 400));
      try {
        await route.continue();
      } finally {
        inFlight--;
      }
    });
    const opened = Date.now();
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect.poll(() => started.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    expect(Math.min(...started) - opened).toBeGreaterThanOrEqual(1000);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    expect(maxInFlight).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('drops the links queued during a slow navigation, and never prefetches the page reached', async () => {
    const { context, page, problems } = await desktopPage();
    const requests: Array<{ path: string; purpose: string | undefined }> = [];
    page.on('request', (request) => {
      if (isData(request)) {
        requests.push({ path: new URL(request.url()).pathname, purpose: request.headers().purpose });
      }
    });
    // The navigation's own payload takes 2 s: the links in view are found (1000 ms after start)
    // and queued while it runs.
    await page.route('**/__data/**', async (route) => {
      if (route.request().headers().purpose !== 'prefetch') await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The first news item in the page's own links (the first ones queued), followed by a click
    // from script: no hover or focus, so nothing prefetches it before the navigation.
    const href = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/news/"]')].find(
        (anchor) => !anchor.getAttribute('href')?.startsWith('/news/tag/'),
      );
      link?.click();
      return link?.getAttribute('href') ?? '';
    });
    expect(href).toMatch(/^\/news\/[^/]+\/[^/]+$/);
    await page.waitForURL(`${portal.url}${href}`, { timeout: 10_000 });
    // The links queued on the home page were dropped with it; the news item's own links in view
    // are prefetched 1000 ms after it shows, never the news item itself.
    await expect
      .poll(() => requests.filter((r) => r.purpose === 'prefetch').length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    expect(requests.filter((r) => r.path === `/__data${href}`)).toEqual([
      { path: `/__data${href}`, purpose: undefined },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('preloads the files of a news item in view without running them, and runs them when the link is hovered', async () => {
    const { context, page, problems } = await desktopPage();
    // The news item's own chunks, from the list the prefetcher reads (decision 108).
    const { id: buildId } = (await (await fetch(`${portal.url}/builds/latest.json`)).json()) as {
      id: string;
    };
    const answer = await fetch(`${portal.url}/__page-assets/${buildId}/nl.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const files = (await answer.json()) as Record<string, { scripts: [string, string][] }>;
    const newsItemChunks = (files['news-id-slug']?.scripts ?? []).map(([url]) => url);
    const pageChunk = newsItemChunks.find((url) => url.includes('news-detail.page'));
    expect(pageChunk).toBeDefined();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // Precise coverage counts the calls of each module's top level: 0 (or no entry) until it runs.
    await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect
      .poll(() => page.locator(`link[rel="modulepreload"][href="${pageChunk}"]`).count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => requested.filter((path) => path === pageChunk).length).toBe(1);
    expect(
      await page.locator(`link[rel="modulepreload"][href="${pageChunk}"]`).getAttribute('integrity'),
    ).toMatch(/^sha384-/);
    await page.waitForTimeout(500);
    const ran = async () => {
      const coverage = await page.coverage.stopJSCoverage();
      await page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
      const entry = coverage.find((script) => new URL(script.url).pathname === pageChunk);
      return (entry?.functions[0]?.ranges[0]?.count ?? 0) > 0;
    };
    expect(await ran()).toBe(false);

    // Pointing at a news link imports its route: now it runs, from the file preloaded before.
    await page.locator('main a[href^="/news/"]:not([href^="/news/tag"])').first().hover();
    await expect.poll(ran, { timeout: 10_000 }).toBe(true);
    expect(requested.filter((path) => path === pageChunk)).toHaveLength(1);
    await page.coverage.stopJSCoverage();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('prefetches nothing in view on a slow-2g connection', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await emulateConnection(page, { effectiveType: 'slow-2g', saveData: false });
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (isData(request)) dataRequests.push(request.url());
    });
    await page.goto(`${portal.url}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(2500);
    expect(dataRequests).toEqual([]);
    await context.close();
  });
});
