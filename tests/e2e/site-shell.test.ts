/**
 * The site's shell in Chromium, light and dark (issue 28, item 10): the skip link "Direct naar de
 * inhoud", once it has keyboard focus, passes axe's colour-contrast check (black on the brand
 * orange; it was white on orange, 2.14:1), and the offline pages the service worker answers with
 * pass axe (WCAG 2.2 AA) with their site header and link home.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: StartedProcess;
let browser: Browser;

/** axe violations of the whole page, as "rule: target" lines. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  // A cold portal's first pages wait for the CMS (site settings, search index); these tests are
  // about the pages, not that wait.
  for (const path of ['/', '/en']) await fetch(`${portal.url}${path}`);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe.each(['light', 'dark'] as const)('in %s mode', (colorScheme) => {
  it.each([
    { path: '/', text: 'Direct naar de inhoud' },
    { path: '/en', text: 'Skip to content' },
  ])('the focused skip link on $path passes colour contrast', async ({ path, text }) => {
    const context = await browser.newContext({ locale: 'nl-NL', colorScheme });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}${path}`);
    await page.keyboard.press('Tab');
    const skipLink = page.locator('.skip-link');
    expect(await skipLink.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await skipLink.textContent())?.trim()).toBe(text);
    expect(await skipLink.isVisible()).toBe(true);
    const result = await new AxeBuilder({ page })
      .include('.skip-link')
      .withRules(['color-contrast'])
      .analyze();
    // Checked and passed: not a violation, and not left "incomplete" (axe could not tell).
    expect(result.violations).toEqual([]);
    expect(result.incomplete.map((entry) => entry.id)).toEqual([]);
    expect(result.passes.map((entry) => entry.id)).toEqual(['color-contrast']);
    expect(await skipLink.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    { locale: 'nl', home: '/', homeLink: 'Naar de voorpagina' },
    { locale: 'en', home: '/en', homeLink: 'Go to the home page' },
  ])(
    'the $locale offline page has the site header and a link home, and passes axe',
    async ({ locale, home, homeLink }) => {
      const context = await browser.newContext({ locale: 'nl-NL', colorScheme });
      const page = await context.newPage();
      const { problems } = watchConsole(page);
      await page.goto(`${portal.url}/offline/${locale}.html`);
      const brand = page.locator('header.site-header a.site-header__brand');
      expect(await brand.getAttribute('href')).toBe(home);
      expect(await brand.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: homeLink, exact: true }).getAttribute('href')).toBe(home);
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
      const focused = await new AxeBuilder({ page })
        .include('.skip-link')
        .withRules(['color-contrast'])
        .analyze();
      expect(focused.violations).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
