/**
 * The subscription order form in a real browser against the production build: with
 * JavaScript, mistakes (postcode SA, an IBAN with one changed digit, a start date of today) show
 * their messages on blur and disappear when fixed, and the order ends on the confirmation with the
 * order number; without JavaScript, a mistake comes back from the server next to its field with
 * every value kept, the IBAN too (decision 110), and the fixed form is confirmed. No console errors.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import type { Subscription } from '../../src/shared/cms-types.ts';
import { waitForMail } from '../support/accounts.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { amsterdamDate } from '../support/dates.ts';

const IBAN = 'NL44 RABO 0123 4567 89';
const IBAN_ONE_DIGIT_OFF = 'NL44 RABO 0123 4567 88';
const ZONE = 'Europe/Amsterdam';

/** What Chromium logs for a document answered 422 (the server refusing a form without JavaScript). */
const REFUSED_POST =
  'error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

let portal: StartedProcess;
let browser: Browser;
let plan: Subscription;

/** Waits until React has hydrated (the marker set by the client entry). */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The messages shown next to a field of the order form. */
function messagesOf(page: Page, field: string) {
  return page.locator(`#order-form-${field}-messages li`).allTextContents();
}

/** Fills the whole form correctly. */
async function fillValid(page: Page, email: string) {
  await page.fill('#order-form-name', 'Sanne Bakker');
  await page.fill('#order-form-street', 'Keizersgracht');
  await page.fill('#order-form-houseNumber', '123B');
  await page.fill('#order-form-postcode', '1015 CJ');
  await page.fill('#order-form-city', 'Amsterdam');
  await page.fill('#order-form-email', email);
  await page.fill('#order-form-iban', IBAN);
  await page.fill('#order-form-accountHolder', 'S. Bakker');
  await page.fill('#order-form-startDate', amsterdamDate(10));
  await page.check('#order-form-terms');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  const response = await fetch(`${inject('cmsUrl')}/api/subscriptions?sort=order:asc`);
  plan = ((await response.json()) as { data: Subscription[] }).data[0]!;
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('ordering a subscription with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };

  beforeAll(async () => {
    context = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('shows mistakes on blur, clears them when fixed, and confirms the order', async () => {
    const email = `e2e-order-${Date.now()}@example.test`;
    await page.goto(`${portal.url}/abonnementen/${plan.slug}`);
    await hydrated(page);
    await fillValid(page, email);

    await page.fill('#order-form-postcode', '1234 SA');
    await page.locator('#order-form-postcode').blur();
    await expect.poll(() => messagesOf(page, 'postcode')).toEqual(['Postcode is geen toegestane waarde.']);
    await page.fill('#order-form-postcode', '1015 CJ');
    await expect.poll(() => messagesOf(page, 'postcode')).toEqual([]);

    await page.fill('#order-form-iban', IBAN_ONE_DIGIT_OFF);
    await page.locator('#order-form-iban').blur();
    await expect.poll(() => messagesOf(page, 'iban')).toEqual(['Vul een geldig IBAN in.']);
    await page.fill('#order-form-iban', IBAN);
    await expect.poll(() => messagesOf(page, 'iban')).toEqual([]);

    await page.fill('#order-form-startDate', amsterdamDate(0));
    await page.locator('#order-form-startDate').blur();
    const tomorrow = new Intl.DateTimeFormat('nl-NL', {
      timeZone: ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(Date.parse(amsterdamDate(1)));
    await expect
      .poll(() => messagesOf(page, 'startDate'))
      .toEqual([`Kies een ingangsdatum op of na ${tomorrow}.`]);
    await page.fill('#order-form-startDate', amsterdamDate(10));
    await expect.poll(() => messagesOf(page, 'startDate')).toEqual([]);

    await page.click('#order-form button[type="submit"]');
    await page.waitForURL(/\?besteld=ABO-[A-Z2-9]{8}$/);
    const orderNumber = /besteld=(ABO-[A-Z2-9]{8})/.exec(page.url())![1]!;
    await expect
      .poll(() => page.locator('[data-submission-done="order"]').textContent())
      .toContain(orderNumber);
    expect(await page.locator('#order-form').count()).toBe(0);
    const mail = await waitForMail(inject('mailDir'), email, /Bevestiging van je bestelling/);
    expect(mail.text).toContain(orderNumber);
    expect(mail.text).toContain('NL** **** **** **67 89');
    expect(consoleWatch.problems).toEqual([]);
  });

  it('refuses to submit an incomplete form and lists what is wrong', async () => {
    await page.goto(`${portal.url}/abonnementen/${plan.slug}`);
    await hydrated(page);
    await page.click('#order-form button[type="submit"]');
    await expect
      .poll(() => page.locator('.portal-form__summary-title').textContent())
      .toBe('Er zijn fouten in je formulier gevonden.');
    expect(await messagesOf(page, 'name')).toEqual(['Naam is verplicht.']);
    expect(await messagesOf(page, 'terms')).toEqual(['Accepteer de algemene voorwaarden.']);
    expect(page.url()).toBe(`${portal.url}/abonnementen/${plan.slug}`);
    expect(consoleWatch.problems).toEqual([]);
  });
});

describe('ordering a subscription without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };

  beforeAll(async () => {
    context = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE, javaScriptEnabled: false });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('shows the server message next to the field, keeps every value, the IBAN too, then confirms', async () => {
    const email = `e2e-nojs-${Date.now()}@example.test`;
    await page.goto(`${portal.url}/abonnementen/${plan.slug}`);
    await fillValid(page, email);
    await page.fill('#order-form-iban', IBAN_ONE_DIGIT_OFF);
    await Promise.all([page.waitForLoadState('load'), page.click('#order-form button[type="submit"]')]);

    expect(await messagesOf(page, 'iban')).toEqual(['Vul een geldig IBAN in.']);
    // The visitor corrects the IBAN they typed instead of typing it again (decision 110).
    expect(await page.inputValue('#order-form-iban')).toBe(IBAN_ONE_DIGIT_OFF);
    expect(await page.inputValue('#order-form-name')).toBe('Sanne Bakker');
    expect(await page.inputValue('#order-form-accountHolder')).toBe('S. Bakker');
    expect(await page.inputValue('#order-form-email')).toBe(email);
    expect(await page.inputValue('#order-form-postcode')).toBe('1015 CJ');
    expect(await page.inputValue('#order-form-startDate')).toBe(amsterdamDate(10));
    expect(await page.isChecked('#order-form-terms')).toBe(true);
    expect(await page.locator('.portal-form__summary-title').textContent()).toBe(
      'Er zijn fouten in je formulier gevonden.',
    );

    await page.fill('#order-form-iban', IBAN);
    await Promise.all([page.waitForURL(/\?besteld=ABO-/), page.click('#order-form button[type="submit"]')]);
    expect(await page.locator('[data-submission-done="order"]').textContent()).toContain(
      'Bedankt voor je bestelling',
    );
    await waitForMail(inject('mailDir'), email, /Bevestiging van je bestelling/);
    // Chromium reports the refused POST's own status (422 Unprocessable Entity) in the console;
    // nothing else may appear.
    expect(consoleWatch.problems).toEqual([REFUSED_POST]);
  });
});
