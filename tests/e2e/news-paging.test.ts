/**
 * The paged news lists in Chromium against the production build and the real CMS (decision 099):
 * the pager leads to page 2 and back with JavaScript (a client navigation: the page is not loaded
 * again, and the head's canonical and `rel` links follow) and without it (plain links); it works
 * by keyboard; the header's "Nieuws" and the home page's "Naar het nieuwsarchief" lead to the news
 * list and the archive, whose months open their articles. axe (WCAG 2.2 AA) finds nothing in the
 * pager and the lists, in light and in dark mode.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: StartedProcess;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** axe violations inside `selector`, as "rule: target" lines. */
async function violations(page: Page, selector: string): Promise<string[]> {
  await page.locator(selector).first().waitFor();
  const result = await new AxeBuilder({ page }).include(selector).withTags(WCAG_22_AA).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/** The href of the head's `<link rel>` (canonical, prev, next), or null. */
const headLink = (page: Page, rel: string) =>
  page.evaluate(
    (name) => document.head.querySelector(`link[rel="${name}"]`)?.getAttribute('href') ?? null,
    rel,
  );

/** The first article link of the page's news grid. */
const firstArticle = (page: Page) =>
  page.locator('main .grid--news .card__title a').first().getAttribute('href');

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`with JavaScript, in ${colorScheme} mode`, () => {
    let context: BrowserContext;
    let page: Page;
    let consoleWatch: { problems: string[] };

    beforeAll(async () => {
      context = await browser.newContext({ locale: 'nl-NL', colorScheme, timezoneId: 'Europe/Amsterdam' });
      page = await context.newPage();
      consoleWatch = watchConsole(page);
    });

    afterAll(async () => {
      await context?.close();
    });

    it('a topic page leads to page 2 and back in the page, its head following', async () => {
      await open(page, '/ecommerce');
      const before = await firstArticle(page);
      expect(await headLink(page, 'next')).toMatch(/\/ecommerce\?pagina=2$/);
      expect(await violations(page, '.pagination')).toEqual([]);
      // A marker on the window survives a client navigation only.
      await page.evaluate(() => Object.assign(window, { pagingMarker: true }));
      await page.locator('.pagination a[rel="next"]').click();
      await page.waitForURL((url) => url.search === '?pagina=2');
      await expect.poll(() => page.locator('#topic-news').textContent()).toMatch(/, pagina 2 van \d+$/);
      expect(await page.evaluate(() => 'pagingMarker' in window)).toBe(true);
      expect(await firstArticle(page)).not.toBe(before);
      expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('2');
      expect(await headLink(page, 'canonical')).toMatch(/\/ecommerce\?pagina=2$/);
      expect(await headLink(page, 'prev')).toMatch(/\/ecommerce$/);
      expect(await violations(page, '.pagination')).toEqual([]);
      expect(await violations(page, '#topic-news')).toEqual([]);
      // Back to page 1 by keyboard: the previous-page link takes focus and Enter follows it.
      await page.locator('.pagination a[rel="prev"]').focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/ecommerce' && url.search === '');
      await expect.poll(() => firstArticle(page)).toBe(before);
      expect(await page.evaluate(() => 'pagingMarker' in window)).toBe(true);
      expect(await headLink(page, 'prev')).toBeNull();
    });

    it('the header\'s "Nieuws" leads to the news list, whose pager works the same', async () => {
      await open(page, '/');
      await page.locator('nav[aria-label="Hoofdnavigatie"] a', { hasText: /^Nieuws$/ }).click();
      await page.waitForURL((url) => url.pathname === '/nieuws');
      await page.locator('main h1', { hasText: 'Nieuws' }).waitFor();
      const before = await firstArticle(page);
      await page.locator('.pagination a[rel="next"]').click();
      await page.waitForURL((url) => url.pathname === '/nieuws' && url.search === '?pagina=2');
      await expect.poll(() => firstArticle(page)).not.toBe(before);
      expect(await violations(page, 'main')).toEqual([]);
    });

    it('"Naar het nieuwsarchief" leads to the months, and a month to its articles', async () => {
      await open(page, '/');
      await page.locator('main a', { hasText: 'Naar het nieuwsarchief' }).click();
      await page.waitForURL((url) => url.pathname === '/nieuws/archief');
      await page.locator('main h1', { hasText: 'Nieuwsarchief' }).waitFor();
      expect(await violations(page, 'main')).toEqual([]);
      const month = page.locator('.news-archive__months a').first();
      const href = await month.getAttribute('href');
      await month.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.locator('main h1', { hasText: /^Nieuws van / }).waitFor();
      expect(await page.locator('main .grid--news .card').count()).toBeGreaterThan(0);
      expect(await violations(page, 'main')).toEqual([]);
    });

    it('logged no console errors', () => {
      expect(consoleWatch.problems).toEqual([]);
    });
  });
}

describe('without JavaScript', () => {
  it('the pager is a set of plain links to page 2 and back', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${portal.url}/nieuws`);
    const before = await firstArticle(page);
    await page.locator('.pagination a[rel="next"]').click();
    await page.waitForURL((url) => url.search === '?pagina=2');
    expect(await page.locator('main .page-header p').first().textContent()).toMatch(/Pagina 2 van \d+\.$/);
    expect(await firstArticle(page)).not.toBe(before);
    await page.locator('.pagination a[rel="prev"]').click();
    await page.waitForURL((url) => url.pathname === '/nieuws' && url.search === '');
    expect(await firstArticle(page)).toBe(before);
    await page.goto(`${portal.url}/logistiek?pagina=2`);
    expect(await page.locator('#topic-news').textContent()).toMatch(/, pagina 2 van \d+$/);
    await context.close();
  });
});
