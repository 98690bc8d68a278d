/**
 * Accessibility of every route family, whole pages: axe-core (WCAG 2.2 AA plus best practice) in
 * Chromium against the production build. Dutch at 390 and 1366 px wide, each in light and dark
 * mode (one load per page and width, the scheme switched in place); English, whose pages differ from the Dutch ones only in their texts, in light mode at
 * 1366 px and dark mode at 390 px, so its texts meet both colour schemes and both layouts. Every
 * scan must find 0 violations. (English in all four cost about three more minutes of CI time, past
 * its 45-minute goal; scanning two contexts at once did not help on two cores: 198 s for both
 * languages against 184 s one after the other.)
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal } from '../support/browser.ts';
import { sectionPagePaths } from '../support/page-families.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let portal: StartedProcess;
let browser: Browser;
let paths: string[];

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  paths = [
    ...(await sectionPagePaths()),
    '/sitemap',
    '/contact',
    '/adverteren',
    '/nieuwsbrief',
    '/meldingen',
    '/inschrijvingen',
    '/inloggen',
    '/registreren',
    '/wachtwoord-vergeten',
    '/privacy',
    '/redactie',
    '/zoeken?q=logistiek',
    '/deze-pagina-bestaat-niet',
  ];
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * The scans of one width: Dutch in light and dark mode, English in one of them (light at 1366 px,
 * dark at 390 px). Each page loads once per language; the colour scheme then changes in place
 * (`emulateMedia`), as when a visitor's system switches: the head script follows
 * `prefers-color-scheme` live (src/shared/shell/color-mode.ts) and the stylesheets switch with it.
 */
const SCANS = [390, 1366].flatMap((width) =>
  (['nl', 'en'] as const).map((locale) => ({
    width,
    locale,
    schemes:
      locale === 'nl'
        ? (['light', 'dark'] as const)
        : width === 1366
          ? (['light'] as const)
          : (['dark'] as const),
  })),
);

describe.each(SCANS)('$width px, $locale', ({ width, locale, schemes }) => {
  it(`every route family in ${locale === 'nl' ? 'Dutch' : 'English'} has 0 axe violations in ${schemes.join(' and ')} mode`, async () => {
    const context = await browser.newContext({
      locale: locale === 'nl' ? 'nl-NL' : 'en-GB',
      colorScheme: schemes[0],
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of paths) {
      const url = `${portal.url}${locale === 'en' ? `/en${path === '/' ? '' : path}` : path}`;
      await page.goto(url);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        // The head script has applied the scheme: the page is in that mode, as a load in it is.
        await page.waitForFunction(
          (scheme) => document.documentElement.dataset.colorMode === scheme,
          colorScheme,
        );
        const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        for (const violation of result.violations) {
          for (const node of violation.nodes)
            found.push(`${colorScheme} ${path}: ${violation.id} ${node.target.join(' ')}`);
        }
      }
    }
    await context.close();
    expect(found).toEqual([]);
  }, 300_000);
});
