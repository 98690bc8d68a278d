/**
 * Events tell their real state (issue 28), as a visitor sees it in Chromium against the production
 * build and the real CMS. One event's places at the portal's form are all taken (before the portal
 * starts, so no cached page predates it): the agenda and the home page show "Volgeboekt" in its own
 * colour, not the green "Inschrijving geopend"; its page says it is full and offers no button, also
 * after a client-side navigation; the registration form does not offer it. An open event at the
 * portal shows its places left and one button to the form; an event with the organiser's ticket
 * page shows that one way, explained. axe (WCAG 2.2 AA) finds nothing in the changed parts, in light
 * and in dark mode.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Event, StrapiList } from '../../src/shared/cms-types.ts';
import type { OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { clickLinkTo, launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { fullEvent, openEvents } from '../support/event-places.ts';
import { cms } from '../support/portal.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let portal: StartedProcess;
let browser: Browser;
let full: OpenEvent;
let roomy: OpenEvent;
let ticketed: Event;

beforeAll(async () => {
  full = await fullEvent();
  roomy = (await openEvents()).find((event) => event.remaining !== null && event.remaining > 1)!;
  const { body } = await cms<StrapiList<Event>>(
    '/events?filters[registrationOpen][$eq]=true&filters[registrationUrl][$notNull]=true&sort=startsAt:asc',
  );
  ticketed = body.data[0]!;
  expect(ticketed?.registrationUrl).toBeTruthy();
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** axe violations inside `selector`, as "rule: target" lines. */
async function violations(page: Page, selector: string): Promise<string[]> {
  await page.locator(selector).first().waitFor();
  const result = await new AxeBuilder({ page }).include(selector).withTags(WCAG_22_AA).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/** The agenda row of an event (`prefix` '/en' for the English agenda). */
const row = (page: Page, slug: string, prefix = '') =>
  page.locator('.event-row').filter({ has: page.locator(`a[href="${prefix}/events/${slug}"]`) });

/** The ways to sign up the event page offers, as "kind: text". */
async function signUpButtons(page: Page): Promise<string[]> {
  const links = page.locator('.facts-box [data-sign-up]:is(a)');
  return Promise.all(
    (await links.all()).map(
      async (link) => `${await link.getAttribute('data-sign-up')}: ${await link.textContent()}`,
    ),
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`in ${colorScheme} mode`, () => {
    let context: BrowserContext;
    let page: Page;
    let consoleWatch: { problems: string[] };

    beforeAll(async () => {
      context = await browser.newContext({ locale: 'nl-NL', colorScheme, timezoneId: 'Europe/Amsterdam' });
      page = await context.newPage();
      consoleWatch = watchConsole(page);
    });

    afterAll(async () => {
      await context?.close();
    });

    it('the agenda says "Volgeboekt" for the full event, in a colour of its own', async () => {
      await open(page, '/events');
      const badge = row(page, full.slug).locator('.event-row__state');
      expect(await badge.textContent()).toBe('Volgeboekt');
      const openBadge = row(page, roomy.slug).locator('.event-row__state');
      expect(await openBadge.textContent()).toBe('Inschrijving geopend');
      const colours = async (locator: typeof badge) =>
        locator.evaluate((element) => {
          const style = getComputedStyle(element);
          return `${style.color} on ${style.backgroundColor}`;
        });
      expect(await colours(badge)).not.toBe(await colours(openBadge));
      expect(await violations(page, '.event-list')).toEqual([]);
    });

    it('the home page says "Volgeboekt" on the full event', async () => {
      await open(page, '/');
      const card = page
        .locator('[aria-labelledby="home-events"] .card--event')
        .filter({ has: page.locator(`a[href="/events/${full.slug}"]`) });
      expect(await card.locator('.card__badge').textContent()).toBe('Volgeboekt');
      expect(await violations(page, '[aria-labelledby="home-events"]')).toEqual([]);
    });

    it('the full event page says so and offers no button, also after a client-side navigation', async () => {
      await open(page, '/events');
      await clickLinkTo(page, `/events/${full.slug}`);
      await page.waitForURL((url) => url.pathname === `/events/${full.slug}`);
      await expect
        .poll(() => page.locator('.facts-box [data-sign-up="full"]').textContent())
        .toBe('Dit evenement is volgeboekt: er zijn geen plaatsen meer vrij.');
      expect(await signUpButtons(page)).toEqual([]);
      expect(await page.locator('article.event a[href^="/inschrijvingen"]').count()).toBe(0);
      expect(await violations(page, '.facts-box')).toEqual([]);

      await open(page, `/events/${full.slug}`);
      expect(await signUpButtons(page)).toEqual([]);
      const offers = await page.evaluate(
        () =>
          [...document.querySelectorAll('script[type="application/ld+json"]')]
            .map((script) => JSON.parse(script.textContent ?? '{}') as { '@type'?: string; offers?: unknown })
            .find((node) => node['@type'] === 'Event')?.offers,
      );
      expect(offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    });

    it('an open event shows its places left and one button to the portal form', async () => {
      await open(page, `/events/${roomy.slug}`);
      expect(await page.locator('.facts-box [data-places-left]').textContent()).toMatch(
        /^Nog \d+ plaatsen vrij\.$/,
      );
      expect(await signUpButtons(page)).toEqual(['portal: Inschrijven']);
      expect(await violations(page, '.facts-box')).toEqual([]);
    });

    it("an event with the organiser's ticket page shows that one way, explained", async () => {
      await open(page, `/events/${ticketed.slug}`);
      expect(await signUpButtons(page)).toEqual(['organiser: Tickets bij de organisator']);
      const button = page.locator('.facts-box [data-sign-up="organiser"]');
      expect(await button.getAttribute('href')).toBe(ticketed.registrationUrl);
      const note = await button.getAttribute('aria-describedby');
      expect(await page.locator(`#${note}`).textContent()).toBe(
        'De organisator regelt de aanmelding en de tickets voor dit evenement op de eigen website.',
      );
      expect(await violations(page, '.facts-box')).toEqual([]);
    });

    it('the registration form does not offer the full event', async () => {
      await open(page, `/inschrijvingen?evenement=${full.slug}`);
      expect(await page.locator('.submission-alert--warning').textContent()).toBe(
        `${full.title} is volgeboekt. Kies een ander evenement of kijk in de agenda wat eraan komt.`,
      );
      expect(await page.locator(`#registration-form-event option[value="${full.slug}"]`).count()).toBe(0);
      const aside = page
        .locator('.open-events__item')
        .filter({ has: page.locator(`a[href="/events/${full.slug}"]`) });
      expect(await aside.locator('.open-events__badge--full').textContent()).toBe('volgeboekt');
    });

    it('logged no console errors', () => {
      expect(consoleWatch.problems).toEqual([]);
    });
  });
}

describe('in English', () => {
  it('the agenda says "Fully booked"', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await open(page, '/en/events');
    expect(await row(page, full.slug, '/en').locator('.event-row__state').textContent()).toBe('Fully booked');
    await open(page, `/en/events/${full.slug}`);
    expect(await page.locator('.facts-box [data-sign-up="full"]').textContent()).toBe(
      'This event is fully booked: there are no places left.',
    );
    await context.close();
  });
});
