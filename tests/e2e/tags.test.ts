/**
 * The tag overview in a real browser: open /tags-overzicht, walk the letters A to Z —
 * follow every enabled letter by client-side navigation and check its tags are listed (the same
 * ones the overview shows under that letter), check every disabled letter is not a link — then
 * open one tag and land on /news/tag/{slug}. No console errors, no hydration warnings.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: { problems: string[] };
/** Tag slugs per group key as the overview page lists them. */
const overview = new Map<string, string[]>();

const LETTERS = Array.from('abcdefghijklmnopqrstuvwxyz');

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL' });
  page = await context.newPage();
  consoleWatch = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Waits until React has hydrated (the router is live): a marker set by the client entry. */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Tag slugs listed on the current page, per group section. */
function listedTags(p: Page): Promise<Record<string, string[]>> {
  return p.$$eval('.tags-index__group', (sections) =>
    Object.fromEntries(
      sections.map((section) => [
        (section as HTMLElement).dataset.group ?? '',
        [...section.querySelectorAll<HTMLElement>('li[data-tag]')].map((li) => li.dataset.tag ?? ''),
      ]),
    ),
  );
}

describe('tag overview A to Z', () => {
  it('opens the overview with every group and a letter navigation', async () => {
    const response = await page.goto(`${portal.url}/tags-overzicht`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Tags van A tot Z');
    for (const [key, slugs] of Object.entries(await listedTags(page))) overview.set(key, slugs);
    expect(overview.size).toBeGreaterThan(3);
    // Every tag name shows its article count.
    const counts = await page.$$eval('.tags-index li[data-tag]', (items) =>
      items.map((li) => Number((li as HTMLElement).dataset.count)),
    );
    expect(counts.every((count) => Number.isInteger(count) && count >= 0)).toBe(true);
    expect(counts.some((count) => count > 0)).toBe(true);
  });

  it('follows every enabled letter and finds its tags; disabled letters are not links', async () => {
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same-document';
    });
    let enabled = 0;
    let disabled = 0;
    for (const letter of LETTERS) {
      const item = page.locator(`.tags-nav [data-group="${letter}"]`);
      expect(await item.count(), letter).toBe(1);
      const tagName = await item.evaluate((element) => element.tagName);
      if (!overview.has(letter)) {
        disabled += 1;
        expect(tagName, `${letter} has no tags`).toBe('SPAN');
        expect(await item.getAttribute('href')).toBeNull();
        expect(await item.getAttribute('aria-disabled')).toBe('true');
        continue;
      }
      enabled += 1;
      expect(tagName, `${letter} has tags`).toBe('A');
      await item.click();
      await page.waitForURL(`${portal.url}/tags-overzicht/${letter}`);
      await expect
        .poll(() => page.locator('h1').textContent())
        .toBe(`Tags met de letter ${letter.toUpperCase()}`);
      const listed = await listedTags(page);
      expect(Object.keys(listed)).toEqual([letter]);
      expect(listed[letter]).toEqual(overview.get(letter));
      expect(await page.locator(`.tags-nav a[data-group="${letter}"]`).getAttribute('aria-current')).toBe(
        'page',
      );
    }
    expect(enabled).toBeGreaterThan(0);
    expect(disabled).toBeGreaterThan(0);
    // All of that happened without a full page load.
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'same-document',
    );
  });

  it('opens a tag and lands on its news page', async () => {
    const link = page.locator('.tags-index__tag').first();
    const name = (await link.locator('.tags-index__name').textContent())?.trim();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/news\/tag\/[^/]+$/);
    await link.click();
    await page.waitForURL(`${portal.url}${href}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Nieuws over ${name}`);
  });

  it('answers 404 for a letter without tags when opened directly', async () => {
    const empty = LETTERS.find((letter) => !overview.has(letter))!;
    const response = await page.goto(`${portal.url}/tags-overzicht/${empty}`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator('.error-page__message').textContent()).toBe(
      `Pagina niet gevonden: /tags-overzicht/${empty}`,
    );
  });

  it('logged no console errors and no hydration warnings', () => {
    // A 404 document load logs "Failed to load resource: 404" in Chromium; that is the page under test.
    const problems = consoleWatch.problems.filter(
      (p) => !/Failed to load resource: the server responded with a status of 404/.test(p),
    );
    expect(problems).toEqual([]);
  });
});
