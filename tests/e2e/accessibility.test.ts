/**
 * Accessibility of every route family, whole pages: axe-core (WCAG 2.2 AA plus best practice) in
 * Chromium against the production build, in Dutch and English, at 390 and 1366 px wide, in light
 * and dark mode. Every scan must find 0 violations.
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

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1366]) {
    describe(`${colorScheme}, ${width} px`, () => {
      for (const locale of ['nl', 'en'] as const) {
        it(`every route family in ${locale === 'nl' ? 'Dutch' : 'English'} has 0 axe violations`, async () => {
          const context = await browser.newContext({
            locale: locale === 'nl' ? 'nl-NL' : 'en-GB',
            colorScheme,
            viewport: { width, height: 900 },
          });
          const page = await context.newPage();
          const found: string[] = [];
          for (const path of paths) {
            const url = `${portal.url}${locale === 'en' ? `/en${path === '/' ? '' : path}` : path}`;
            await page.goto(url);
            await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
            const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
            for (const violation of result.violations) {
              for (const node of violation.nodes)
                found.push(`${path}: ${violation.id} ${node.target.join(' ')}`);
            }
          }
          await context.close();
          expect(found).toEqual([]);
        }, 180_000);
      }
    });
  }
}
