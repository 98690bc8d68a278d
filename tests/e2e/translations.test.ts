/**
 * Each page loads only its own translation files (docs/decisions/072-translations-per-route.md),
 * and none that its views need is missing, in Chromium against the production build: every route
 * family, in Dutch and English, signed out and signed in, both as a document (the browser loads
 * the shell's files and the page's declared files before it hydrates; a missing file makes the
 * hydrated text differ from the server's) and after a client navigation from a page that loads
 * only the shell's files (the route loads its files with its lazy module). The portal's translator
 * writes a missing key to the console (src/shared/i18n/translations.ts); any console error,
 * page error or hydration mismatch fails the test. Prefetch of the links in view is off (Save-Data),
 * so no other page's files are loaded ahead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { uniqueEmail } from '../support/accounts.ts';
import { clickLinkTo, launchBrowser, registerAndConfirm, startProductionPortal } from '../support/browser.ts';
import { sectionPagePaths } from '../support/page-families.ts';

let portal: StartedProcess;
let browser: Browser;
let paths: string[];

/** A page that loads only the shell's translation files (the contact card; status 200). */
const SHELL_ONLY = '/c';
/** A path no route serves. */
const NOT_FOUND = '/deze-pagina-bestaat-niet';
/** Pages for a signed-in visitor. */
const SIGNED_IN = ['/account', '/jobs/mijn', '/jobs/plaatsen'];

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  paths = [
    ...(await sectionPagePaths()),
    '/tags-overzicht/a',
    '/sitemap',
    '/sitemap/2026',
    '/contact',
    '/adverteren',
    '/nieuwsbrief',
    '/nieuwsbrief/bevestigen',
    '/nieuwsbrief/afmelden',
    '/meldingen',
    '/inschrijvingen',
    '/inloggen',
    '/registreren',
    '/wachtwoord-vergeten',
    '/wachtwoord-reset',
    '/account-activeren',
    '/email-valideren',
    '/uitnodiging',
    '/privacy',
    '/zoeken?q=logistiek',
    NOT_FOUND,
  ];
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A context without prefetch of the links in view (Save-Data), so each page loads only its own files. */
async function newContext(locale: 'nl' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: locale === 'nl' ? 'nl-NL' : 'en-GB' });
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ effectiveType: '4g', saveData: true }),
    });
  });
  return context;
}

const localized = (path: string, locale: 'nl' | 'en') =>
  locale === 'en' ? `/en${path === '/' ? '' : path}` : path;

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Console errors, hydration warnings and page errors of `page`. An error status of the page's own
 * document or data payload (the not-found page's 404, a confirmation link without its token's 400)
 * is the page's answer, not a problem; any other failed resource (a script) is.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' && !(message.type() === 'warning' && /hydrat|did not match/i.test(text))) {
      return;
    }
    const source = new URL(message.location().url || page.url(), page.url());
    const own = source.pathname === new URL(page.url()).pathname || source.pathname.startsWith('/__data/');
    if (own && /^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    problems.push(`${message.type()}: ${text} (${source.pathname})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Each of `pages` as a document, then reached by a client navigation from the shell-only page. */
async function checkPages(page: Page, pages: readonly string[], locale: 'nl' | 'en'): Promise<string[]> {
  const problems = watchProblems(page);
  const found: string[] = [];
  const collect = (label: string) => {
    for (const problem of problems.splice(0)) found.push(`${label}: ${problem}`);
  };
  for (const path of pages) {
    const target = localized(path, locale);
    await page.goto(`${portal.url}${target}`);
    await hydrated(page);
    // Effects that render texts (dialogs, live regions) after hydration.
    await page.waitForTimeout(100);
    collect(`${target} (document)`);

    await page.goto(`${portal.url}${localized(SHELL_ONLY, locale)}`);
    await hydrated(page);
    await clickLinkTo(page, target);
    // Pages for signed-in visitors redirect to the login page: any page but the start page.
    await page.waitForURL((url) => url.pathname !== localized(SHELL_ONLY, locale));
    await page.waitForFunction(() => document.querySelector('main h1, main') !== null);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(100);
    collect(`${target} (client navigation)`);
  }
  return found;
}

describe('translation files per page', () => {
  // Both languages at once, in their own browser contexts: most of this is waiting for the network to
  // go quiet, so two run in the time of one.
  for (const locale of ['nl', 'en'] as const) {
    it.concurrent(`every route family in ${locale === 'nl' ? 'Dutch' : 'English'} has every text it renders`, async ({
      expect,
    }) => {
      const context = await newContext(locale);
      const page = await context.newPage();
      const found = await checkPages(page, paths, locale);
      await context.close();
      expect(found).toEqual([]);
    }, 300_000);
  }

  it('the signed-in pages have every text they render, in both languages', async () => {
    const context = await newContext('nl');
    const page = await context.newPage();
    await registerAndConfirm(page, portal.url, uniqueEmail('translations'), 'een goed wachtwoord');
    const found = [
      ...(await checkPages(page, SIGNED_IN, 'nl')),
      ...(await checkPages(page, SIGNED_IN, 'en')),
    ];
    await context.close();
    expect(found).toEqual([]);
  }, 180_000);

  it('a client navigation across languages loads the other language’s files', async () => {
    const context = await newContext('nl');
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${portal.url}/jobs`);
    await hydrated(page);
    // The English copy of the same page (the language switch reloads; a link in a text does not):
    // its component is loaded, its English files are not.
    await clickLinkTo(page, '/en/jobs');
    await page.waitForURL((url) => url.pathname === '/en/jobs');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.waitForLoadState('networkidle');
    const heading = await page.locator('main h1').textContent();
    expect(heading).not.toMatch(/^jobs\./);
    await context.close();
    expect(problems).toEqual([]);
  }, 60_000);

  // docs/decisions/112-english-pages-speak-english.md: labels and the brand in the page's language,
  // also when the browser renders the page after a client navigation (from Dutch, or within English).
  it('English pages name topics, job categories and the brand in English, after a client navigation too', async () => {
    const context = await newContext('nl');
    const page = await context.newPage();
    const problems = watchProblems(page);
    const englishView = async () => ({
      brand: await page.locator('.site-header__name').textContent(),
      footer: await page.locator('.site-footer__name').textContent(),
      title: await page.title(),
      kickers: await page.locator('main .card__kicker').allTextContents(),
    });
    const expectEnglish = async () => {
      const view = await englishView();
      expect(view.brand).toBe('Logistics & E-commerce News');
      expect(view.footer).toBe('Logistics & E-commerce News');
      expect(view.title).toMatch(/Logistics & E-commerce News/);
      expect(view.kickers.length).toBeGreaterThan(0);
      expect(view.kickers).not.toContain('Logistiek');
    };
    await page.goto(`${portal.url}/nieuws`);
    await hydrated(page);
    expect(await page.locator('main .card__kicker').allTextContents()).toContain('Logistiek');
    await clickLinkTo(page, '/en/nieuws');
    await page.waitForURL((url) => url.pathname === '/en/nieuws');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.waitForLoadState('networkidle');
    await expectEnglish();
    expect(await page.locator('main .card__kicker').allTextContents()).toContain('Logistics');

    await clickLinkTo(page, '/en/jobs');
    await page.waitForURL((url) => url.pathname === '/en/jobs');
    await page.waitForLoadState('networkidle');
    await expectEnglish();

    await page.goto(`${portal.url}/en/jobs`);
    await hydrated(page);
    await expectEnglish();
    await context.close();
    expect(problems).toEqual([]);
  }, 60_000);
});
