/**
 * Site search in a real browser: type a word without its diacritic in the header search
 * box, submit, see highlighted results, page through them, open the first result and land on its
 * page, without console errors. Also without JavaScript: the header form still searches. A word
 * with two neighbouring letters swapped (`retuor`) finds the `retour` articles and offers "Bedoelde
 * je retour?" (English: "Did you mean retour?"), a link that works with and without JavaScript and
 * passes axe (WCAG 2.2 AA) in light and dark mode (docs/decisions/111-search-tolerates-swapped-letters.md).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: { problems: string[] };
/** A title word with a diacritic, as written and folded (`België`, `belgie`). */
let word: { original: string; folded: string };

async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL' });
  page = await context.newPage();
  consoleWatch = watchConsole(page);
  const response = await fetch(
    `${inject('cmsUrl')}/api/articles?fields[0]=title&pagination[pageSize]=100&sort=publishDate:desc`,
  );
  const list = (await response.json()) as StrapiList<Article>;
  const original = list.data
    .flatMap((article) => article.title.match(/[\p{L}]+/gu) ?? [])
    .find((w) => w.normalize('NFKD').replace(/\p{M}+/gu, '') !== w && w.length >= 5);
  if (!original) throw new Error('no article title with a diacritic in the seed');
  word = {
    original,
    folded: original
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase(),
  };
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('search journey', () => {
  it('searches from the header box and highlights the matches', async () => {
    await page.goto(`${portal.url}/`);
    await hydrated(page);
    const box = page.getByRole('searchbox', { name: 'Zoeken op de site' });
    await box.fill(word.folded);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/zoeken' && url.searchParams.get('q') === word.folded);
    await hydrated(page);
    await expect.poll(() => page.locator('.search-result').count()).toBeGreaterThan(0);
    const marks = await page.locator('.search-result mark').allTextContents();
    expect(marks).toContain(word.original);
    expect(await page.locator('#search-query').inputValue()).toBe(word.folded);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  it('opens the first result and lands on its page', async () => {
    const link = page.locator('.search-result__title a').first();
    const title = (await link.textContent())?.trim();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
  });

  it('pages through results with client-side navigation', async () => {
    await page.goto(`${portal.url}/zoeken?q=logistiek`);
    await hydrated(page);
    const firstOnPageOne = await page.locator('.search-result__title a').first().getAttribute('href');
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same-document';
    });
    await page.locator('.pagination a[rel="next"]').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect
      .poll(() => page.locator('.search-result__title a').first().getAttribute('href'))
      .not.toBe(firstOnPageOne);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'same-document',
    );
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('2');
  });

  it('shows the empty state for a query without results', async () => {
    await page.goto(`${portal.url}/zoeken?q=qwxzvbnm`);
    await hydrated(page);
    expect(await page.locator('.search-empty h2').textContent()).toBe('Geen resultaten voor ‘qwxzvbnm’');
    expect(await page.locator('.search-empty .tag').count()).toBeGreaterThan(0);
  });

  it('keeps the page within a 390 px screen whatever is searched for', async () => {
    const phone = await browser.newContext({ locale: 'nl-NL', viewport: { width: 390, height: 800 } });
    try {
      const p = await phone.newPage();
      for (const query of ['a'.repeat(300), `${word.folded} ${'b'.repeat(290)}`, 'logistiek '.repeat(30)]) {
        await p.goto(`${portal.url}/zoeken?q=${encodeURIComponent(query)}`);
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width, query.slice(0, 20)).toBeLessThanOrEqual(390);
      }
    } finally {
      await phone.close();
    }
  });

  it('searches without JavaScript', async () => {
    const noJs = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    try {
      const p = await noJs.newPage();
      await p.goto(`${portal.url}/`);
      await p.getByRole('searchbox', { name: 'Zoeken op de site' }).fill(word.folded);
      await p.getByRole('button', { name: 'Zoeken', exact: true }).first().click();
      await p.waitForURL((url) => url.pathname === '/zoeken');
      expect(await p.locator('.search-result mark').allTextContents()).toContain(word.original);
    } finally {
      await noJs.close();
    }
  });

  it('offers "Bedoelde je retour?" for retuor and follows it', async () => {
    await page.goto(`${portal.url}/zoeken?q=retuor`);
    await hydrated(page);
    const suggestion = page.locator('.search__suggestion');
    // Server-rendered with the page: counted at once, so a page without it fails without waiting.
    expect(await suggestion.count()).toBe(1);
    expect(await suggestion.textContent()).toBe('Bedoelde je retour?');
    const link = suggestion.getByRole('link', { name: 'retour', exact: true });
    expect(await link.getAttribute('href')).toBe('/zoeken?q=retour');
    expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
    const marks = await page.locator('.search-result mark').allTextContents();
    expect(
      marks.some((mark) => mark.toLowerCase().startsWith('retour')),
      JSON.stringify(marks),
    ).toBe(true);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/zoeken' && url.searchParams.get('q') === 'retour');
    await expect.poll(() => page.locator('#search-query').inputValue()).toBe('retour');
    expect(await page.locator('.search__suggestion').count()).toBe(0);
    expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
  });

  it('passes axe with the suggestion, in light and dark mode and in English', async () => {
    const scan = await browser.newContext({ locale: 'nl-NL' });
    try {
      const p = await scan.newPage();
      const found: string[] = [];
      for (const path of ['/zoeken?q=retoru', '/en/zoeken?q=retuor']) {
        await p.goto(`${portal.url}${path}`);
        await hydrated(p);
        expect(await p.locator('.search__suggestion a').count(), path).toBe(1);
        for (const colorScheme of ['light', 'dark'] as const) {
          await p.emulateMedia({ colorScheme });
          const result = await new AxeBuilder({ page: p })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
            .analyze();
          for (const violation of result.violations) {
            found.push(
              `${colorScheme} ${path}: ${violation.id} ${violation.nodes.map((n) => n.target.join(' '))}`,
            );
          }
        }
      }
      expect(found).toEqual([]);
      expect(await p.locator('.search__suggestion').textContent()).toBe('Did you mean retour?');
      expect(await p.locator('.search__suggestion a').getAttribute('href')).toBe('/en/zoeken?q=retour');
    } finally {
      await scan.close();
    }
  });

  it('follows the suggestion without JavaScript', async () => {
    const noJs = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    try {
      const p = await noJs.newPage();
      await p.goto(`${portal.url}/zoeken?q=retoru`);
      expect(await p.locator('.search__suggestion a').count()).toBe(1);
      await p.locator('.search__suggestion').getByRole('link', { name: 'retour', exact: true }).click();
      await p.waitForURL((url) => url.pathname === '/zoeken' && url.searchParams.get('q') === 'retour');
      expect(await p.locator('.search-result').count()).toBeGreaterThan(0);
      expect(await p.locator('.search__suggestion').count()).toBe(0);
    } finally {
      await noJs.close();
    }
  });

  it('logged no console errors and no hydration warnings', () => {
    expect(consoleWatch.problems).toEqual([]);
  });
});
