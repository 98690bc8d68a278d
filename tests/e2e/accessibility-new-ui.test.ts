/**
 * axe-core (WCAG 2.2 AA) in Chromium, light and dark, on the UI this work added: the analytics
 * choice on the privacy page (with its confirmation), the "Meest gelezen" block on the home page
 * and on a news item, and the "Overal uitloggen" section on the account page. Each is scanned on
 * its own (`include`), so the result is about these parts; the whole-page suite belongs to the
 * navigation and accessibility work. The vacancy form with its workplace address and an event's
 * facts with price and organiser link are scanned the same way, and so are the forms of decision 110:
 * the red delete button of the account page, a refused registration form with its summary and
 * "Formulier onvolledig.", and the order form's start date with its help and message. The choice
 * also works by keyboard.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, registerAndConfirm, startProductionPortal } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: StartedProcess;
let browser: Browser;
let articles: Article[];

/** axe violations inside `selector`, as "rule: target" lines. */
async function violations(page: Page, selector: string): Promise<string[]> {
  await page.locator(selector).first().waitFor();
  const result = await new AxeBuilder({ page }).include(selector).withTags(WCAG_22_AA).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/**
 * Shows a hydrated page in a colour scheme: the device's scheme, and — "system" following the
 * device — the page's own `data-color-mode` switched to it (decision 056), before anything is read.
 */
async function showIn(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((scheme) => document.documentElement.dataset.colorMode === scheme, colorScheme);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

beforeAll(async () => {
  const { body } = await cms<StrapiList<Article>>(
    '/articles?fields[0]=slug&fields[1]=title&sort=publishDate:desc&pagination[pageSize]=3',
  );
  articles = body.data;
  // Page views before the portal starts, so its first home page already has "Meest gelezen".
  const events = articles.flatMap((article, index) =>
    Array.from({ length: 3 - index }, () => ({
      eventType: 'Pageview',
      url: articlePath(article),
      contentType: 'article',
      documentId: article.documentId,
      session: 'axe-voorbereiding',
    })),
  );
  const stored = await cms('/statistics', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { events } }),
  });
  expect(stored.status).toBe(202);
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`in ${colorScheme} mode`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ locale: 'nl-NL', colorScheme });
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    it('the analytics choice and its confirmation pass axe', async () => {
      await page.goto(`${portal.url}/privacy?statistieken=uit`);
      await hydrated(page);
      expect(await violations(page, '.analytics-choice')).toEqual([]);
    });

    it('"Meest gelezen" passes axe on the home page and on a news item', async () => {
      await page.goto(`${portal.url}/`);
      expect(await violations(page, '.most-read')).toEqual([]);
      const last = articles.at(-1);
      if (!last) throw new Error('no articles');
      await page.goto(`${portal.url}${articlePath(last)}`);
      expect(await violations(page, '.most-read')).toEqual([]);
    });
  });
}

describe('by keyboard, without a mouse', () => {
  it('opts out with Tab and Enter, and the page confirms it', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/privacy`);
    await hydrated(page);
    await page.locator('.analytics-choice button[value="analytics-off"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search === '?statistieken=uit');
    await page.locator('[data-form-status="analytics-uit"]').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'portal_analytics')?.value).toBe('off');
    await context.close();
  });
});

describe('the account page', () => {
  it('"Overal uitloggen" passes axe in light and dark mode', async () => {
    const email = uniqueEmail('axe');
    const password = 'een goed wachtwoord';
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await registerAndConfirm(page, portal.url, email, password);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await violations(page, '[aria-labelledby="account-logout-everywhere"]')).toEqual([]);
    }
    await context.close();
  });
});

describe('the forms of decision 110', () => {
  it('the delete button is a red one and the delete section passes axe in light and dark mode', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await registerAndConfirm(page, portal.url, uniqueEmail('axe-verwijderen'), 'een goed wachtwoord');
    for (const colorScheme of ['light', 'dark'] as const) {
      await showIn(page, colorScheme);
      const colours = await page.evaluate(() => {
        const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
        const danger = style('#delete-account button[type="submit"]');
        return {
          background: danger.backgroundColor,
          text: danger.color,
          other: style('#name-form button[type="submit"]').backgroundColor,
        };
      });
      // White on #b3261e (6.5:1), in dark mode on #c62828 (5.6:1; 3.2:1 against the page).
      expect(colours).toEqual({
        background: colorScheme === 'light' ? 'rgb(179, 38, 30)' : 'rgb(198, 40, 40)',
        text: 'rgb(255, 255, 255)',
        other: expect.not.stringMatching(/^rgb\((179, 38, 30|198, 40, 40)\)$/),
      });
      expect(await violations(page, '[aria-labelledby="account-delete"]')).toEqual([]);
    }
    await context.close();
  });

  it('a refused registration form (summary, messages, "Formulier onvolledig.") passes axe', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/inschrijvingen`);
    await hydrated(page);
    await page.locator('#registration-form-attendees').fill('5000');
    await page.locator('#registration-form button[type="submit"]').click();
    await page.locator('#registration-form .portal-form__incomplete').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await showIn(page, colorScheme);
      expect(await violations(page, '#registration-form')).toEqual([]);
    }
    await context.close();
  });

  it('the order form with its start date, help and message passes axe', async () => {
    const { body } = await cms<StrapiList<{ slug: string }>>('/subscriptions?fields[0]=slug');
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/abonnementen/${body.data[0]!.slug}`);
    await hydrated(page);
    await page.locator('#order-form-startDate').fill('2020-01-01');
    await page.locator('#order-form-startDate').blur();
    await page.locator('#order-form-startDate-messages').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await showIn(page, colorScheme);
      expect(await violations(page, '#order-form')).toEqual([]);
    }
    await context.close();
  });
});

describe('the structured-data additions', () => {
  it('the vacancy form with the workplace address passes axe in light and dark mode', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await registerAndConfirm(page, portal.url, uniqueEmail('axe-vacature'), 'een goed wachtwoord');
    await page.goto(`${portal.url}/jobs/plaatsen`);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await violations(page, '#vacancy-form')).toEqual([]);
    }
    await context.close();
  });

  it('the facts of a priced event with an outside organiser pass axe in light and dark mode', async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/events/fulfilment-summit`);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await violations(page, '.facts-box')).toEqual([]);
    }
    await context.close();
  });
});
