/**
 * What a reader sees on an article in Chromium (docs/decisions/100-what-readers-expect-of-an-article.md):
 * the English note on Dutch-only content and on Dutch captions, sharing through the Web Share API
 * where the browser has it and otherwise through links plus "copy link" (with a confirmation in a
 * live region, by keyboard), plain links without JavaScript, the visible breadcrumb equal to the
 * `BreadcrumbList`, and the print layout without the site's navigation, footer and share bar.
 * axe-core (WCAG 2.2 AA) checks the new parts in light and dark mode.
 *
 * Chromium on Linux has no `navigator.share`; the Web Share path gets one from an init script
 * that records what the page hands to it, as the system's share sheet would receive it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The newest article with no English version, and the newest with one. */
let dutchOnly: Article;
let translated: Article;

async function hydrated(target: Page): Promise<void> {
  await target.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** axe violations inside `selector`, as "rule: target" lines. */
async function violations(target: Page, selector: string): Promise<string[]> {
  await target.locator(selector).first().waitFor();
  const result = await new AxeBuilder({ page: target }).include(selector).withTags(WCAG_22_AA).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

beforeAll(async () => {
  const english = new Set(
    (
      await cms<StrapiList<Article>>('/articles?locale=en&fields[0]=slug&pagination[pageSize]=100')
    ).body.data.map((article) => article.documentId),
  );
  const dutch = (
    await cms<StrapiList<Article>>(
      '/articles?locale=nl&fields[0]=slug&fields[1]=title&sort=publishDate:desc&pagination[pageSize]=50',
    )
  ).body.data;
  const untranslatedOne = dutch.find((article) => !english.has(article.documentId));
  const translatedOne = dutch.find((article) => english.has(article.documentId));
  if (!untranslatedOne || !translatedOne) throw new Error('the seed has translated and Dutch-only articles');
  dutchOnly = untranslatedOne;
  translated = translatedOne;
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.stop();
});

describe('Dutch-only content under /en', () => {
  it('tells an English reader, in English, that the article is only available in Dutch', async () => {
    await page.goto(`${portal.url}/en${articlePath(dutchOnly)}`);
    const note = page.locator('article .untranslated-note');
    await expect(note.isVisible()).resolves.toBe(true);
    expect(await note.textContent()).toBe('This article is only available in Dutch.');
    expect(await note.getAttribute('lang')).toBe('en');
    expect(await page.locator('article.article').getAttribute('lang')).toBe('nl');
  });

  it('shows a translated article without the note, its Dutch caption marked and said to be Dutch', async () => {
    const response = await page.goto(`${portal.url}/en${articlePath(translated)}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator('article > .untranslated-note').count()).toBe(0);
    const caption = page.locator('.article__cover figcaption');
    await caption.locator('[data-untranslated="caption"]').waitFor();
    await expect(caption.locator('[data-untranslated="caption"]').isVisible()).resolves.toBe(true);
    expect(await caption.locator('[data-untranslated="caption"]').textContent()).toBe(
      '(caption only available in Dutch)',
    );
    expect(await caption.locator('span[lang="nl"]').count()).toBe(1);
  });
});

describe('"Meer nieuws"', () => {
  it('fills its row with its three articles at 1,366 px, and stacks them at 390 px', async () => {
    for (const [width, columns] of [
      [1366, 3],
      [390, 1],
    ] as const) {
      const wide = await browser.newContext({ locale: 'nl-NL', viewport: { width, height: 900 } });
      try {
        const p = await wide.newPage();
        await p.goto(`${portal.url}${articlePath(translated)}`);
        const grid = p.locator('section.related .grid--news');
        await grid.waitFor();
        const cards = await grid.locator(':scope > *').count();
        expect(cards).toBe(3);
        // The grid's columns as laid out: as many as it shows cards in its first row, none empty.
        const tracks = await grid.evaluate(
          (element) => getComputedStyle(element).gridTemplateColumns.split(' ').length,
        );
        expect(tracks, `${width} px`).toBe(columns);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await wide.close();
      }
    }
  });
});

describe('sharing', () => {
  it('offers the networks and "copy link", which copies the URL and says so (keyboard)', async () => {
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}${articlePath(dutchOnly)}`);
    await hydrated(page);
    const links = page.locator('.share a[data-share]');
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('data-share')))).toEqual([
      'linkedin',
      'x',
      'facebook',
      'whatsapp',
      'email',
    ]);
    const copy = page.getByRole('button', { name: 'Kopieer link' });
    await copy.focus();
    await page.keyboard.press('Enter');
    const status = page.locator('.share [role="status"]');
    await page.waitForFunction(() => document.querySelector('.share [role="status"]')?.textContent !== '');
    expect(await status.textContent()).toBe('De link is gekopieerd.');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    // The page's canonical address: the portal's public origin and the article's path.
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.pathname).toBe(articlePath(dutchOnly));
    expect(copied.search).toBe('');
    expect(problems).toEqual([]);
  });

  it('opens the system share sheet where the browser has the Web Share API, instead of the links', async () => {
    const shareContext = await browser.newContext({ locale: 'nl-NL' });
    await shareContext.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared ??= [];
          (window as unknown as { shared: ShareData[] }).shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const sharePage = await shareContext.newPage();
    await sharePage.goto(`${portal.url}${articlePath(dutchOnly)}`);
    await hydrated(sharePage);
    const button = sharePage.getByRole('button', { name: 'Delen' });
    await button.waitFor();
    expect(await sharePage.locator('.share a[data-share]').count()).toBe(0);
    await button.click();
    const shared = await sharePage.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared?.[0]?.title).toBe(dutchOnly.title);
    expect(new URL(shared?.[0]?.url ?? '').pathname).toBe(articlePath(dutchOnly));
    await shareContext.close();
  });

  it('keeps plain share links without JavaScript (no copy or share button)', async () => {
    const plain = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${portal.url}${articlePath(dutchOnly)}`);
    expect(await plainPage.locator('.share a[data-share]').count()).toBe(5);
    await expect(plainPage.locator('.share a[data-share="linkedin"]').isVisible()).resolves.toBe(true);
    expect(await plainPage.locator('.share button').count()).toBe(0);
    await plain.close();
  });
});

describe('the breadcrumb', () => {
  it('shows the same steps with the same URLs as the BreadcrumbList', async () => {
    await page.goto(`${portal.url}${articlePath(dutchOnly)}`);
    const nav = page.getByRole('navigation', { name: 'Kruimelpad' });
    await expect(nav.isVisible()).resolves.toBe(true);
    const seen = await nav
      .locator('a')
      .evaluateAll((links) =>
        links.map((link) => [link.textContent?.trim(), (link as HTMLAnchorElement).href]),
      );
    const listed = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')]
        .map((script) => JSON.parse(script.textContent ?? '{}'))
        .filter((node) => node['@type'] === 'BreadcrumbList')
        .flatMap((node) =>
          (node.itemListElement as Array<{ name: string; item: string }>).map((item) => [
            item.name,
            item.item,
          ]),
        ),
    );
    // JSON-LD names the public origin; the browser resolves links against the test portal's.
    const publicOrigin = new URL(listed[0]?.[1] ?? '').origin;
    expect(seen).toEqual(
      listed.map(([name, url]) => [name, url?.replace(publicOrigin, new URL(portal.url).origin)]),
    );
    expect(seen.at(-1)?.[0]).toBe(dutchOnly.title);
  });
});

describe('printing', () => {
  it('prints the article text, image and metadata without navigation, footer or share bar', async () => {
    await page.goto(`${portal.url}${articlePath(dutchOnly)}`);
    await hydrated(page);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      '.site-header',
      '.site-footer',
      '.breadcrumb',
      '.share',
      '.most-read',
      '.related',
    ]) {
      const locator = page.locator(hidden);
      if ((await locator.count()) === 0) continue;
      expect(await locator.first().isVisible(), `${hidden} in print`).toBe(false);
    }
    for (const shown of ['article h1', '.article__meta', '.article__cover img', '.article__body']) {
      expect(await page.locator(shown).first().isVisible(), `${shown} in print`).toBe(true);
    }
    expect(await page.locator('.site-header').count()).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.site-header').isVisible()).toBe(true);
    expect(await page.locator('.share').isVisible()).toBe(true);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`axe in ${colorScheme} mode`, () => {
    it('finds nothing in the note, the breadcrumb, the share bar (with its confirmation) and an editor’s page', async () => {
      await page.emulateMedia({ colorScheme, media: 'screen' });
      await page.goto(`${portal.url}/en${articlePath(dutchOnly)}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.locator('.share [role="status"]:not(:empty)').waitFor();
      expect(await violations(page, '.untranslated-note')).toEqual([]);
      expect(await violations(page, '.breadcrumb')).toEqual([]);
      expect(await violations(page, '.share')).toEqual([]);
      await page.goto(`${portal.url}/en${articlePath(translated)}`);
      expect(await violations(page, '.article__cover figcaption')).toEqual([]);
      // An editor's page: the profile, the breadcrumb and the pager.
      await page.goto(`${portal.url}/redactie/marieke-dekker`);
      expect(await violations(page, '.author-page')).toEqual([]);
    });
  });
}
