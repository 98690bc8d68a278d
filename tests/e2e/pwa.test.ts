/**
 * The installable app in Chromium against the production build and the real CMS
 * (docs/decisions/059-installable-app.md): the service worker registers, is served uncached and
 * controls the page after a reload; offline, a news item read before opens again (opened by a full
 * load, or inside the app through the data endpoint), any other new URL shows the offline page in
 * the path's language listing the kept items, and a failed client navigation lands there too;
 * account pages and the answers of a visitor with a session cookie are never kept; Chromium finds
 * the app installable on `/` and `/en` (DevTools protocol `Page.getInstallabilityErrors`) with the
 * manifest of the page's language. No CSP violation, no console error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { NEWS_DATA_CACHE, NEWS_PAGES_CACHE } from '../../src/client/offline-rules.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { cms, decodeHtml } from '../support/portal.ts';

interface ArticleEntry {
  documentId: string;
  slug: string;
  title: string;
}

let portal: StartedProcess;
let browser: Browser;
let articles: ArticleEntry[];

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const { body } = await cms<{ data: ArticleEntry[] }>(
    '/articles?fields[0]=slug&fields[1]=title&sort=publishDate:desc&pagination[pageSize]=4',
  );
  articles = body.data;
  if (articles.length < 3) throw new Error('the seed needs three articles');
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A fresh browser profile (no worker, no caches) whose pages record CSP violations. */
async function freshContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'nl-NL' });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return context;
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);

/** The text of the first element `locator` finds, once there. */
async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor();
  return (await locator.first().textContent())?.trim() ?? '';
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Waits until an active worker controls `page`; returns its script URL. */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** The paths (with query) a page's origin keeps in `cacheName`. */
function keptPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

/** Every URL path in every cache of the page's origin (precache included). */
function everyKeptPath(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Opens `/` and waits until the worker controls it (the first worker claims the page). */
async function installedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${portal.url}/`);
  await hydrated(page);
  await controlled(page);
  return page;
}

describe('the service worker', () => {
  it('is served uncached from the root and controls the page after a reload', async () => {
    const response = await fetch(`${portal.url}/service-worker.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const source = await response.text();
    // The build injected the precache list (no injection point is left).
    expect(source).not.toContain('__WB_MANIFEST');
    expect(source).toMatch(/assets\/entry-client-[\w-]+\.js/);

    const context = await freshContext();
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}/`);
    await hydrated(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${portal.url}/`);
    await page.reload();
    await hydrated(page);
    expect(await controlled(page)).toBe(`${portal.url}/service-worker.js`);
    // The app shell is precached: the page's own script is in the precache.
    const entry = await page.evaluate(
      () =>
        document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '',
    );
    expect(entry).toMatch(/^\/assets\//);
    expect(await everyKeptPath(page)).toContain(entry);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  it('opens news items read before, and shows the Dutch offline page listing them for a new URL', async () => {
    const [first, second, unread] = articles as [ArticleEntry, ArticleEntry, ArticleEntry];
    const context = await freshContext();
    const page = await installedPage(context);
    const { problems } = watchConsole(page);

    // Read one item by a full load, the other inside the app (the data endpoint only).
    await page.goto(`${portal.url}${articlePath(first)}`);
    await hydrated(page);
    await page.evaluate((to) => {
      const link = document.createElement('a');
      link.href = to;
      link.textContent = 'volgende';
      document.body.append(link);
      link.click();
    }, articlePath(second));
    await page.waitForURL(`**${articlePath(second)}`);
    await page.locator('h1', { hasText: second.title }).waitFor();
    // The worker keeps the second item's page too, in the background.
    await expect
      .poll(() => keptPaths(page, NEWS_PAGES_CACHE), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([articlePath(first), articlePath(second)]));
    expect(await keptPaths(page, NEWS_DATA_CACHE)).toContain(`/__data${articlePath(second)}`);

    await context.setOffline(true);
    for (const item of [first, second]) {
      await page.goto(`${portal.url}${articlePath(item)}`);
      expect(await textOf(page.locator('h1').first())).toBe(decodeHtml(item.title));
    }

    // A page never opened: the offline page, in Dutch, with the kept items and a retry link.
    const response = await page.goto(`${portal.url}${articlePath(unread)}`);
    expect(response?.status()).toBe(503);
    expect(await textOf(page.locator('h1'))).toBe('Je bent offline');
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.locator('[data-retry]').getAttribute('href')).toBe(articlePath(unread));
    const listed = page.locator('.offline-page__recent a');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(2);
    expect(await listed.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      expect.arrayContaining([articlePath(first), articlePath(second)]),
    );
    // Styled by the precached stylesheet.
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('.error-page')!).textAlign),
    ).toBe('center');
    // A listed item opens from the offline page.
    await listed.filter({ hasText: decodeHtml(first.title) }).click();
    await page.waitForURL(`**${articlePath(first)}`);
    expect(await textOf(page.locator('h1').first())).toBe(decodeHtml(first.title));

    // A client navigation to a page not kept (and not prefetched: no link on the page leads
    // there, docs/decisions/070-prefetch.md) leaves the app for the offline page.
    await hydrated(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/zoeken?q=offline';
      link.textContent = 'zoeken';
      document.body.append(link);
      link.click();
    });
    await page.waitForURL('**/zoeken?q=offline');
    expect(await textOf(page.locator('h1'))).toBe('Je bent offline');

    expect(await violations(page)).toEqual([]);
    // Chromium logs each failed fetch of the page (offline) as a console error; nothing else.
    expect(
      problems.filter((problem) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(problem)),
    ).toEqual([]);
    await context.close();
  });

  it('shows the English offline page for a new URL under /en', async () => {
    const context = await freshContext();
    const page = await installedPage(context);
    await context.setOffline(true);
    await page.goto(`${portal.url}/en/jobs`);
    expect(await textOf(page.locator('h1'))).toBe('You are offline');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await textOf(page.locator('[data-retry]'))).toBe('Try again');
    // Nothing read yet: no list.
    expect(await page.locator('.offline-page__recent').count()).toBe(0);
    await context.close();
  });

  it('never keeps account pages, nor answers for a visitor with a session cookie', async () => {
    const [first] = articles as [ArticleEntry];
    const context = await freshContext();
    const page = await installedPage(context);
    for (const path of ['/inloggen', '/registreren', '/account', '/jobs/mijn', '/en/inloggen']) {
      await page.goto(`${portal.url}${path}`);
      await hydrated(page);
    }
    const accountPages = /^(?:\/en)?\/(?:inloggen|registreren|account|jobs\/mijn)/;
    expect((await everyKeptPath(page)).filter((path) => accountPages.test(path))).toEqual([]);

    // A session cookie makes every answer private: the news item is not kept.
    await context.addCookies([
      { name: 'strapi_jwt', value: 'aaa.bbb.ccc', url: portal.url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const signedIn = await page.goto(`${portal.url}${articlePath(first)}`);
    expect(signedIn?.headers()['cache-control']).toBe('private, no-store');
    await hydrated(page);
    expect(await keptPaths(page, NEWS_PAGES_CACHE)).toEqual([]);
    // The same item without the cookie is kept: the worker had its chance above and refused.
    // (A first visit that sets the locale cookie is private as well: `/` sets it again.)
    await context.clearCookies();
    await page.goto(`${portal.url}/`);
    const anonymous = await page.goto(`${portal.url}${articlePath(first)}`);
    expect(anonymous?.headers()['cache-control']).toMatch(/^public/);
    await hydrated(page);
    await expect
      .poll(() => keptPaths(page, NEWS_PAGES_CACHE), { timeout: 15_000 })
      .toEqual([articlePath(first)]);

    await context.setOffline(true);
    await page.goto(`${portal.url}/inloggen`);
    expect(await textOf(page.locator('h1'))).toBe('Je bent offline');
    await context.close();
  });
});

describe('installability', () => {
  it('Chromium finds no installability errors on / and /en, each with its own manifest', async () => {
    // A profile on disk: Chromium never offers to install from an incognito profile (a new context).
    const profile = await mkdtemp(path.join(tmpdir(), 'portal-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      locale: 'nl-NL',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const session = await context.newCDPSession(page);
      for (const [pagePath, manifest] of [
        ['/', '/manifest.webmanifest'],
        ['/en', '/en/manifest.webmanifest'],
      ] as const) {
        await page.goto(`${portal.url}${pagePath}`);
        await hydrated(page);
        await controlled(page);
        const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: Array<{ errorId: string }>;
        };
        expect(installabilityErrors, pagePath).toEqual([]);
        const { url, errors } = (await session.send('Page.getAppManifest')) as {
          url: string;
          errors: unknown[];
        };
        expect(url).toBe(`${portal.url}${manifest}`);
        expect(errors).toEqual([]);
      }
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
