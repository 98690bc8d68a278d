/**
 * Navigation that holds for every visitor, in Chromium against the production build: the mobile
 * Menu button keeps its place when the menu opens and Escape closes it (focus back on the
 * button); after a client-side navigation focus is on the new page's heading, and the head is the
 * new page's (title, one canonical, one description, its alternates and Open Graph tags, as a fresh
 * load of that URL has them; docs/decisions/071-react-document-metadata.md); with JavaScript
 * off, switching to Dutch on `/en` keeps `/` Dutch afterwards; and on a phone lists are dense (the
 * first vacancy above the fold, filters behind one button, compact news teasers).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { clickLinkTo, launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the mobile menu (390 × 844)', () => {
  it('keeps the Menu button in place when it opens, and Escape closes it with focus on the button', async () => {
    const context = await browser.newContext({
      locale: 'nl-NL',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}/events`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const button = page.locator('.site-header__menu > summary');
    const login = page.locator('.header-account__login');
    const before = await button.boundingBox();
    const loginBefore = await login.boundingBox();
    await button.tap();
    await expect.poll(() => page.locator('.site-header__menu').getAttribute('open')).not.toBeNull();
    expect(await button.boundingBox()).toEqual(before);
    expect(await login.boundingBox()).toEqual(loginBefore);
    // The first link of the menu is reachable and visible.
    await expect.poll(() => page.locator('.site-header__menu nav a').first().isVisible()).toBe(true);
    await page.locator('.site-header__menu nav a').first().focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.site-header__menu').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches('.site-header__menu > summary'))).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('focus after a client-side navigation', () => {
  it("moves to the new page's heading, and stays put when only the query changes", async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto(`${portal.url}/events`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('main a[href^="/events/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/events/'));
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.querySelector('main h1')))
      .toBe(true);
    const heading = await page.locator('main h1').textContent();
    expect(heading?.length).toBeGreaterThan(0);
    await page.goto(`${portal.url}/jobs`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('#site-search').focus();
    await clickLinkTo(page, '/jobs?pagina=1');
    await page.waitForURL((url) => url.search === '?pagina=1');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    await context.close();
  });
});

/** The page-specific tags of the document's head, as the browser has them now. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      [...document.head.querySelectorAll(selector)].map((element) => element.getAttribute(name) ?? '');
    return {
      title: document.title,
      titles: document.querySelectorAll('title').length,
      canonical: attr('link[rel="canonical"]', 'href'),
      description: attr('meta[name="description"]', 'content'),
      robots: attr('meta[name="robots"]', 'content'),
      alternates: [...document.head.querySelectorAll('link[rel="alternate"]')]
        .map(
          (link) =>
            `${link.getAttribute('hreflang') ?? link.getAttribute('type')} ${link.getAttribute('href')}`,
        )
        .sort(),
      social: [...document.head.querySelectorAll('meta[property], meta[name^="twitter:"]')]
        .map(
          (meta) =>
            `${meta.getAttribute('property') ?? meta.getAttribute('name')}=${meta.getAttribute('content')}`,
        )
        .sort(),
    };
  });
}

describe('the head after a client-side navigation', () => {
  it("is the new page's, as a fresh load has it, with nothing of the previous page left", async () => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    const page = await context.newPage();
    const fresh = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}/tags-overzicht`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const overview = await headOf(page);
    // A tag page: its own title, canonical and description, and its tag feed next to the site's.
    await page.locator('.tags-index__tag').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/news/tag/'));
    await expect.poll(() => page.evaluate(() => document.title)).not.toBe(overview.title);
    const tagPath = new URL(page.url()).pathname;
    await fresh.goto(`${portal.url}${tagPath}`);
    const tagHead = await headOf(page);
    expect(tagHead).toEqual(await headOf(fresh));
    expect(tagHead.titles).toBe(1);
    expect(tagHead.canonical).toHaveLength(1);
    expect(tagHead.canonical[0]).toMatch(new RegExp(`${tagPath}$`));
    expect(tagHead.canonical).not.toEqual(overview.canonical);
    expect(tagHead.description).toHaveLength(1);
    expect(tagHead.alternates).toContain(`application/rss+xml ${tagPath}/rss.xml`);
    // On to the events: the tag page's title, canonical, description and feed are gone.
    await clickLinkTo(page, '/events');
    await page.waitForURL((url) => url.pathname === '/events');
    await expect.poll(() => page.evaluate(() => document.title)).not.toBe(tagHead.title);
    await fresh.goto(`${portal.url}/events`);
    const eventsHead = await headOf(page);
    expect(eventsHead).toEqual(await headOf(fresh));
    expect(eventsHead.titles).toBe(1);
    expect(eventsHead.canonical).toHaveLength(1);
    expect(eventsHead.canonical[0]).toMatch(/\/events$/);
    expect(eventsHead.description).toHaveLength(1);
    expect(eventsHead.description).not.toEqual(tagHead.description);
    expect(eventsHead.alternates.some((alternate) => alternate.includes('/news/tag/'))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the language switch without JavaScript', () => {
  it('switching to Dutch on /en keeps / Dutch afterwards', async () => {
    const context = await browser.newContext({ locale: 'en-GB', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${portal.url}/`);
    expect(new URL(page.url()).pathname).toBe('/en');
    await page.goto(`${portal.url}/en/events`);
    await page.locator('[data-locale-switch="nl"]').click();
    await page.waitForURL((url) => url.pathname === '/events');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    await page.goto(`${portal.url}/`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    const cookie = (await context.cookies()).find((entry) => entry.name === 'i18n_redirected');
    expect(cookie?.value).toBe('nl');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 86_400);
    await context.close();
  });
});

describe('dense lists on a phone (390 × 844)', () => {
  it('shows the first vacancy without scrolling, with the filters behind one button that opens by keyboard', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    await page.goto(`${portal.url}/jobs`);
    const first = await page.locator('.job-list > li').first().boundingBox();
    expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844 - 100);
    const location = page.getByLabel('Plaats');
    expect(await location.isVisible()).toBe(false);
    await page.locator('.jobs-filters > summary').focus();
    await page.keyboard.press('Enter');
    expect(await location.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the filters without the button on a wide screen', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/jobs`);
    expect(await page.getByLabel('Plaats').isVisible()).toBe(true);
    expect(await page.locator('.jobs-filters > summary').isVisible()).toBe(false);
    await context.close();
  });

  it('keeps news teasers compact: the home page is about 5,000 px tall, teasers without their summary', async () => {
    const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${portal.url}/`);
    // The teasers' share of the page: its height without "Meest gelezen", which the demo's page
    // views add to the home page (a list of its own, not teasers).
    const height = await page.evaluate(() => {
      const mostRead = [...document.querySelectorAll('main .most-read')].reduce(
        (sum, section) => sum + section.getBoundingClientRect().height,
        0,
      );
      return document.documentElement.scrollHeight - mostRead;
    });
    expect(height).toBeLessThan(5600);
    const teaser = page.locator('.grid--news .card:not(.card--lead)').first();
    expect(await teaser.locator('.card__summary').isVisible()).toBe(false);
    const image = await teaser.locator('.card__image').boundingBox();
    expect(image?.width).toBeLessThanOrEqual(100);
    await context.close();
  });
});
