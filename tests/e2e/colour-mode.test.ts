/**
 * The colour mode in Chromium against the production build (docs/decisions/056-colour-mode.md):
 * a choice made with the header switch survives a reload and is on `<html>` before the stylesheet
 * and the body are parsed, so the first frame is already dark; `system` follows the system's
 * scheme live; the switch works by keyboard alone and fits the header at 390 and 1366 px without
 * moving the other controls; nothing violates the CSP; without JavaScript it is hidden and the page
 * follows the system; and forced dark and forced light pages have 0 axe violations (WCAG 2.2 AA
 * plus best practice) on `/`, a news item and `/jobs` at 390 and 1366 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** `--bg` of the light and the dark palette (src/shared/shell/app.css), as computed. */
const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(18, 24, 29)';

let portal: StartedProcess;
let browser: Browser;
let articleUrl: string;

/** What the page looked like at the moments the init script records (see {@link watchFirstPaint}). */
interface FirstPaint {
  /** `data-color-mode` when the first stylesheet link was parsed, and whether the inline script preceded it. */
  atStylesheet: { mode: string | null; scriptBefore: boolean } | null;
  /** `data-color-mode` when `<body>` was parsed. */
  atBody: string | null | undefined;
  /** The root's background in the first animation frame (rendered once stylesheets unblock). */
  firstFrameBackground: string | null;
  violations: string[];
}

/**
 * Records, from the very start of every document, the colour mode at the first stylesheet link
 * and at `<body>`, the background of the first frame, and every CSP violation.
 */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: FirstPaint = {
      atStylesheet: null,
      atBody: undefined,
      firstFrameBackground: null,
      violations: [],
    };
    (window as unknown as { __firstPaint: FirstPaint }).__firstPaint = record;
    document.addEventListener('securitypolicyviolation', (event) => {
      record.violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
    // At document start there is no <html> element yet: read it when the parser has made it.
    const mode = () => document.documentElement?.getAttribute('data-color-mode') ?? null;
    const observer = new MutationObserver(() => {
      const link = document.querySelector('link[rel="stylesheet"]');
      if (link && !record.atStylesheet) {
        // The inline script is parser-blocking: when it comes before the link in the document it
        // ran before the parser reached the link.
        const script = [...document.querySelectorAll('head > script:not([src])')].find((element) =>
          element.textContent?.includes('data-color-mode'),
        );
        record.atStylesheet = {
          mode: mode(),
          scriptBefore: Boolean(
            script && script.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING,
          ),
        };
      }
      if (document.body && record.atBody === undefined) record.atBody = mode();
      if (record.atStylesheet && record.atBody !== undefined) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    requestAnimationFrame(() => {
      record.firstFrameBackground = getComputedStyle(document.documentElement).backgroundColor;
    });
  });
}

function firstPaint(page: Page): Promise<FirstPaint> {
  return page.evaluate(() => (window as unknown as { __firstPaint: FirstPaint }).__firstPaint);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

const colorMode = (page: Page) => page.evaluate(() => document.documentElement.dataset.colorMode);
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** Chooses `label` in the header switch with the mouse. */
async function choose(page: Page, label: string): Promise<void> {
  await page.locator('.color-mode > summary').click();
  await page.getByRole('radio', { name: label, exact: true }).click();
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const { body } = await cms<StrapiList<Article>>(
    '/articles?fields[0]=slug&sort=publishDate:desc&pagination[pageSize]=1',
  );
  const article = body.data[0];
  if (!article) throw new Error('the seed has no article');
  articleUrl = articlePath(article);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the colour-mode switch', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('keeps a dark choice across a reload, set on <html> before the stylesheet and the body are parsed', async () => {
    context = await browser.newContext({ locale: 'nl-NL', colorScheme: 'light' });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await watchFirstPaint(page);
    await page.goto(`${portal.url}/`);
    await hydrated(page);
    expect(await colorMode(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);

    await choose(page, 'Donker');
    expect(await colorMode(page)).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');
    // A pointer choice closes the panel; the button names the choice.
    expect(await page.locator('.color-mode').getAttribute('open')).toBeNull();
    expect(await page.locator('.color-mode > summary').textContent()).toBe('Kleurmodus: Donker');
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('media')),
      ),
    ).toEqual(['not all', 'all']);

    await page.reload();
    await hydrated(page);
    const seen = await firstPaint(page);
    expect(seen.atStylesheet).toEqual({ mode: 'dark', scriptBefore: true });
    expect(seen.atBody).toBe('dark');
    expect(seen.firstFrameBackground).toBe(DARK_BG);
    expect(seen.violations).toEqual([]);
    // The closed panel's radios are hidden from the accessibility tree; the stored one is checked.
    expect(await page.locator('.color-mode input[value="dark"]').isChecked()).toBe(true);

    // Light chosen on a dark system stays light.
    await page.emulateMedia({ colorScheme: 'dark' });
    await choose(page, 'Licht');
    await page.reload();
    await hydrated(page);
    expect((await firstPaint(page)).atStylesheet?.mode).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);
    expect(problems).toEqual([]);
  });

  it('follows the system live in system mode', async () => {
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await watchFirstPaint(page);
    await page.goto(`${portal.url}/jobs`);
    await hydrated(page);
    await choose(page, 'Systeem');
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => colorMode(page)).toBe('dark');
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => colorMode(page)).toBe('light');
    expect(await background(page)).toBe(LIGHT_BG);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe(DARK_BG);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) => meta.getAttribute('media')),
      ),
    ).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
    expect((await firstPaint(page)).violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works by keyboard alone: open, arrow to a choice, Escape back to the button', async () => {
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${portal.url}/`);
    await hydrated(page);
    // Tab from the top of the page: skip link, brand, then the switch.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('.color-mode > summary'))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.locator('.color-mode').getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    // Into the group, on the checked radio (system, the last choice of this browser).
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      'system',
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await colorMode(page)).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Donker', exact: true }).isChecked()).toBe(true);
    // Arrow keys keep the panel open; Escape closes it and returns focus to the button.
    expect(await page.locator('.color-mode').getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Escape');
    expect(await page.locator('.color-mode').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches('.color-mode > summary'))).toBe(true);
    await page.keyboard.press('Space');
    expect(await page.locator('.color-mode').getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    expect(await colorMode(page)).toBe('light');
    // Tabbing on out of the group closes the panel.
    await page.keyboard.press('Tab');
    expect(await page.locator('.color-mode').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('light');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the header', () => {
  for (const width of [390, 1366]) {
    it(`fits the switch at ${width} px without moving the other controls`, async () => {
      const boxes = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({
          locale: 'nl-NL',
          javaScriptEnabled,
          viewport: { width, height: 844 },
        });
        const page = await context.newPage();
        await page.goto(`${portal.url}/`);
        if (javaScriptEnabled) await hydrated(page);
        const selectors = [
          '.site-header__brand',
          '.site-header__menu > summary',
          '.search-box',
          '.header-account__login',
          '.site-header__language',
          '.color-mode > summary',
        ];
        const result = new Map<string, { x: number; y: number; width: number; height: number } | null>();
        for (const selector of selectors) result.set(selector, await page.locator(selector).boundingBox());
        const headerHeight = (await page.locator('.site-header').boundingBox())?.height;
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        await context.close();
        return { result, headerHeight, scrollWidth };
      };
      const [withJs, withoutJs] = await Promise.all([boxes(true), boxes(false)]);
      // Without JavaScript the switch is hidden; with it, everything else is exactly where it was.
      expect(withoutJs.result.get('.color-mode > summary')).toBeNull();
      const toggle = withJs.result.get('.color-mode > summary');
      expect(toggle?.width).toBeGreaterThanOrEqual(24);
      for (const [selector, box] of withoutJs.result) {
        if (selector === '.color-mode > summary') continue;
        expect(withJs.result.get(selector), selector).toEqual(box);
      }
      expect(withJs.headerHeight).toBe(withoutJs.headerHeight);
      expect(withJs.scrollWidth).toBe(width);
      // It does not overlap any other control.
      for (const [selector, box] of withJs.result) {
        if (!box || !toggle || selector === '.color-mode > summary') continue;
        const apart =
          box.x >= toggle.x + toggle.width ||
          toggle.x >= box.x + box.width ||
          box.y >= toggle.y + toggle.height ||
          toggle.y >= box.y + box.height;
        expect(apart, `${selector} overlaps the switch`).toBe(true);
      }
    });
  }

  it('follows the system without JavaScript', async () => {
    const context = await browser.newContext({
      locale: 'nl-NL',
      javaScriptEnabled: false,
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${portal.url}/jobs`);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-color-mode'))).toBe(false);
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(LIGHT_BG);
    await context.close();
  });
});

for (const forced of ['dark', 'light'] as const) {
  describe(`forced ${forced} on a ${forced === 'dark' ? 'light' : 'dark'} system`, () => {
    for (const width of [390, 1366]) {
      it(`has 0 axe violations on /, a news item and /jobs at ${width} px`, async () => {
        const context = await browser.newContext({
          locale: 'nl-NL',
          colorScheme: forced === 'dark' ? 'light' : 'dark',
          viewport: { width, height: 900 },
        });
        const page = await context.newPage();
        const { problems } = watchConsole(page);
        await page.goto(`${portal.url}/`);
        await hydrated(page);
        await choose(page, forced === 'dark' ? 'Donker' : 'Licht');
        expect(await background(page)).toBe(forced === 'dark' ? DARK_BG : LIGHT_BG);
        const found: string[] = [];
        const scan = async (label: string) => {
          const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          for (const violation of result.violations) {
            for (const node of violation.nodes)
              found.push(`${label}: ${violation.id} ${node.target.join(' ')}`);
          }
        };
        // The open panel itself, then each page.
        await page.locator('.color-mode > summary').click();
        await scan('/ (switch open)');
        for (const path of ['/', articleUrl, '/jobs']) {
          await page.goto(`${portal.url}${path}`);
          await hydrated(page);
          expect(await colorMode(page)).toBe(forced);
          await scan(path);
        }
        expect(found).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      }, 120_000);
    }
  });
}
