/**
 * Event registration in a real browser against the production build: from an event page
 * to the preselected form; with JavaScript, too many attendees and a bad e-mail address show their
 * messages on blur and disappear when fixed, and the registration ends on the confirmation; without
 * JavaScript, a mistake comes back from the server next to its field with the other values kept,
 * and the fixed form is confirmed. No console errors.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { MAX_ATTENDEES, type OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { waitForMail } from '../support/accounts.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

/** What Chromium logs for a document answered 422 (the server refusing a form without JavaScript). */
const REFUSED_POST =
  'error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

let portal: StartedProcess;
let browser: Browser;
let event: OpenEvent;

/** Waits until React has hydrated (the marker set by the client entry). */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The messages shown next to a field of the registration form. */
function messagesOf(page: Page, field: string) {
  return page.locator(`#registration-form-${field}-messages li`).allTextContents();
}

/** Fills the personal fields correctly. */
async function fillValid(page: Page, email: string) {
  await page.fill('#registration-form-name', 'Marieke de Vries');
  await page.fill('#registration-form-email', email);
  await page.fill('#registration-form-organisation', 'Pakketpost B.V.');
  await page.fill('#registration-form-attendees', '2');
  await page.check('#registration-form-consent');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const response = await fetch(`${inject('cmsUrl')}/api/event-registrations/availability`);
  const events = ((await response.json()) as { data: OpenEvent[] }).data;
  // The roomiest event, so other test files filling an event never interfere.
  event = events
    .filter((candidate) => candidate.remaining !== null)
    .sort((a, b) => b.remaining! - a.remaining!)[0]!;
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('registering with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };

  beforeAll(async () => {
    context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('goes from the event page to the form with the event chosen', async () => {
    await page.goto(`${portal.url}/events/${event.slug}`);
    await hydrated(page);
    await page.click(`a[href="/inschrijvingen?evenement=${event.slug}"]`);
    await page.waitForURL(`${portal.url}/inschrijvingen?evenement=${event.slug}`);
    await expect.poll(() => page.inputValue('#registration-form-event')).toBe(event.slug);
    expect(consoleWatch.problems).toEqual([]);
  });

  it('shows mistakes on blur, clears them when fixed, and confirms the registration', async () => {
    const email = `e2e-registration-${Date.now()}@example.test`;
    await fillValid(page, email);

    const bound = Math.min(event.remaining!, MAX_ATTENDEES);
    await page.fill('#registration-form-attendees', String(bound + 1));
    await page.locator('#registration-form-attendees').blur();
    await expect
      .poll(() => messagesOf(page, 'attendees'))
      .toEqual([`Aantal deelnemers moet tussen 1 en ${bound} liggen.`]);
    await page.fill('#registration-form-attendees', '2');
    await expect.poll(() => messagesOf(page, 'attendees')).toEqual([]);

    await page.fill('#registration-form-email', 'marieke@');
    await page.locator('#registration-form-email').blur();
    await expect.poll(() => messagesOf(page, 'email')).toEqual(['Vul een geldig e-mailadres in.']);
    await page.fill('#registration-form-email', email);
    await expect.poll(() => messagesOf(page, 'email')).toEqual([]);

    await page.click('#registration-form button[type="submit"]');
    await page.waitForURL(/\?verzonden=1&evenement=/);
    await expect
      .poll(() => page.locator('[data-submission-done="registration"]').textContent())
      .toContain(`Bedankt voor je inschrijving voor ${event.title}.`);
    const mail = await waitForMail(inject('mailDir'), email, /Inschrijving bevestigd/);
    expect(mail.text).toContain('Aantal deelnemers: 2');
    expect(consoleWatch.problems).toEqual([]);
  });
});

describe('registering without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };

  beforeAll(async () => {
    context = await browser.newContext({
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      javaScriptEnabled: false,
    });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('shows the server message next to the field, keeps the values, then confirms', async () => {
    const email = `e2e-registration-nojs-${Date.now()}@example.test`;
    await page.goto(`${portal.url}/inschrijvingen`);
    await page.selectOption('#registration-form-event', event.slug);
    await fillValid(page, email);
    await page.uncheck('#registration-form-consent');
    await Promise.all([
      page.waitForLoadState('load'),
      page.click('#registration-form button[type="submit"]'),
    ]);

    expect(await messagesOf(page, 'consent')).toEqual(['Accepteer de privacyverklaring.']);
    expect(await page.inputValue('#registration-form-event')).toBe(event.slug);
    expect(await page.inputValue('#registration-form-name')).toBe('Marieke de Vries');
    expect(await page.inputValue('#registration-form-email')).toBe(email);
    expect(await page.inputValue('#registration-form-attendees')).toBe('2');

    await page.check('#registration-form-consent');
    await Promise.all([
      page.waitForURL(/\?verzonden=1/),
      page.click('#registration-form button[type="submit"]'),
    ]);
    expect(await page.locator('[data-submission-done="registration"]').textContent()).toContain(
      'Je bent ingeschreven',
    );
    await waitForMail(inject('mailDir'), email, /Inschrijving bevestigd/);
    // Chromium reports the refused POST's own status (422 Unprocessable Entity) in the console;
    // nothing else may appear.
    expect(consoleWatch.problems).toEqual([REFUSED_POST]);
  });
});
