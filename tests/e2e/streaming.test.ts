/**
 * Streamed documents in Chromium against the production build (docs/decisions/105-streaming-documents.md),
 * with a proxy in front of the CMS that holds the upcoming events back: the home page shows the
 * events' fallback (heading and link), then the section when it arrives; hydration has no
 * mismatch and fetches nothing the server sent; no inline script React streams violates the CSP;
 * a client navigation gets the section too; and without JavaScript the fallback stays, with its
 * link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type StartedProcess, startPortal } from '../../scripts/lib/processes.mjs';
import { dataUrl } from '../../src/shared/urls.ts';
import { cspViolations, launchBrowser, recordCspViolations, watchConsole } from '../support/browser.ts';
import { type DelayingProxy, startDelayingProxy } from '../support/delaying-proxy.ts';

/** How long the proxy holds the events answer, ms. */
const HOLD_MS = 2000;

let proxy: DelayingProxy;
let portal: StartedProcess;
let browser: Browser;
const secret = 'streaming-e2e-webhook-secret';

/** Drops the portal's caches, so the next home page asks the CMS (and waits for the events) again. */
async function invalidate(): Promise<void> {
  const answer = await fetch(`${portal.url}/hooks/cms`, {
    method: 'POST',
    headers: { 'X-Portal-Webhook-Secret': secret, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(answer.status).toBe(204);
}

/** A page that records CSP violations from the document's start, and its console's problems. */
async function watchedPage(javaScriptEnabled = true): Promise<{ page: Page; problems: string[] }> {
  // Headless Chromium names itself `HeadlessChrome`, which isbot counts as a bot (it gets whole
  // pages): this is the user agent of the same Chromium with a window.
  const userAgent = (
    await browser.newBrowserCDPSession().then(async (session) => {
      const { userAgent: agent } = (await session.send('Browser.getVersion')) as { userAgent: string };
      await session.detach();
      return agent;
    })
  ).replace('HeadlessChrome', 'Chrome');
  const context = await browser.newContext({ javaScriptEnabled, userAgent, locale: 'nl-NL' });
  const page = await context.newPage();
  await recordCspViolations(page);
  return { page, problems: watchConsole(page).problems };
}

beforeAll(async () => {
  proxy = await startDelayingProxy(inject('cmsUrl'));
  proxy.hold((_method, path) => (path.startsWith('/api/events') ? HOLD_MS : 0));
  [portal, browser] = await Promise.all([
    (async () =>
      startPortal({
        port: await freePort(),
        strapiUrl: proxy.url,
        stdio: 'inherit',
        env: { WEBHOOK_SECRET: secret, STATISTICS_RATE_LIMIT: '0' },
      }))(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await proxy?.close();
});

describe('the home page with slow events', () => {
  it('shows the fallback, then the events; hydrates without a mismatch or a CSP violation', async () => {
    await invalidate();
    const { page, problems } = await watchedPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const started = Date.now();
    await page.goto(`${portal.url}/`, { waitUntil: 'commit' });
    // The shell: the main news and the events' fallback with its link, before the events came.
    await page.locator('#home-news').waitFor();
    await expect(page.locator('#home-events-wait').isVisible()).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(HOLD_MS);
    await expect(
      page.locator('section[aria-labelledby="home-events-wait"] a[href="/events"]').isVisible(),
    ).resolves.toBe(true);
    // Then the section itself, in place of its fallback.
    await page.locator('#home-events').waitFor({ state: 'visible' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 100);
    await expect(page.locator('#home-events-wait').count()).resolves.toBe(0);
    await expect(
      page.locator('section[aria-labelledby="home-events"] .card--event').count(),
    ).resolves.toBeGreaterThan(0);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('load');
    // Hydration read the events from the document: the home page's data was never asked for (the
    // prefetcher asks for the pages its links lead to, not for this one).
    expect(requests).not.toContain(dataUrl(new URL(`${portal.url}/`)));
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gets the events on a client navigation as well: the page at once, the fallback, then the events', async () => {
    const { page, problems } = await watchedPage();
    // No prefetch: the click must read the home page's data after the caches were dropped. Each
    // prefetch is declined as the server declines one (204), which the prefetcher drops quietly.
    await page.route('**/__data/**', (route) =>
      route.request().headers().purpose === 'prefetch' ? route.fulfill({ status: 204 }) : route.fallback(),
    );
    await page.goto(`${portal.url}/jobs`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await invalidate();
    const started = Date.now();
    await page.locator('header a[href="/"]').first().click();
    // The streamed data answer (NDJSON): the page renders from its first line, with the events'
    // fallback and its link, before the held events come.
    await page.locator('#home-news').waitFor();
    await expect(page.locator('#home-events-wait').isVisible()).resolves.toBe(true);
    expect(Date.now() - started).toBeLessThan(HOLD_MS);
    await expect(
      page.locator('section[aria-labelledby="home-events-wait"] a[href="/events"]').isVisible(),
    ).resolves.toBe(true);
    await page.waitForURL(`${portal.url}/`);
    await page.locator('#home-events').waitFor({ state: 'visible' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 100);
    await expect(page.locator('#home-events-wait').count()).resolves.toBe(0);
    await expect(
      page.locator('section[aria-labelledby="home-events"] .card--event').count(),
    ).resolves.toBeGreaterThan(0);
    expect(await cspViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the fallback with its link without JavaScript', async () => {
    await invalidate();
    const { page } = await watchedPage(false);
    await page.goto(`${portal.url}/`);
    await expect(page.locator('#home-events-wait').isVisible()).resolves.toBe(true);
    const link = page.locator('section[aria-labelledby="home-events-wait"] a[href="/events"]');
    await expect(link.textContent()).resolves.toBe('Alle evenementen in de agenda');
    await expect(link.isVisible()).resolves.toBe(true);
    // The section came too, but stays hidden: showing it needs React's script.
    await expect(page.locator('#home-events').isVisible()).resolves.toBe(false);
    await page.context().close();
  });
});
