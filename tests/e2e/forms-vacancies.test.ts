/**
 * Vacancies of account holders in a real browser against the production build: with
 * JavaScript, `/jobs/plaatsen` sends an anonymous visitor to the login page and back, mistakes (a
 * KvK number of 7 digits, a publication start in the past) show their messages on blur and disappear
 * when fixed, the vacancy ends on the confirmation, appears in `/jobs/mijn` as awaiting review and
 * is withdrawn through the confirmation step. Without JavaScript, a mistake comes back from the
 * server next to its field with every value kept, the IBAN too (decision 110), the fixed form is
 * confirmed, and withdrawing works with plain links and a form post. No console errors.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { uniqueEmail, waitForMail } from '../support/accounts.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';
import { amsterdamDate } from '../support/dates.ts';

const mailDir = inject('mailDir');
const cmsUrl = inject('cmsUrl');
const PASSWORD = 'vacature plaatsen e2e';
const IBAN = 'NL44 RABO 0123 4567 89';
const IBAN_ONE_DIGIT_OFF = 'NL44 RABO 0123 4567 88';
const ZONE = 'Europe/Amsterdam';

/** What Chromium logs for a document answered 422 (the server refusing a form without JavaScript). */
const REFUSED_POST =
  'error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)';

let portal: StartedProcess;
let browser: Browser;

/** Waits until React has hydrated (the marker set by the client entry). */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** POST to the CMS API. */
async function cmsPost<T>(path: string, body: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${cmsUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A registered account whose address is confirmed (CMS registration + captured confirmation). */
async function confirmedAccount(name: string): Promise<string> {
  const email = uniqueEmail(name);
  const registered = await cmsPost('/auth/local/register', { username: email, email, password: PASSWORD });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  const confirmed = await cmsPost('/account/email-confirmation', { confirmation: code });
  expect(confirmed.status).toBe(200);
  return email;
}

/** The messages shown next to a field of the vacancy form. */
function messagesOf(page: Page, field: string) {
  return page.locator(`#vacancy-form-${field}-messages li`).allTextContents();
}

/** Opens `/jobs/plaatsen` anonymously, is sent to the login page, logs in and comes back. */
async function logInThroughPlacePage(page: Page, email: string, waitForHydration: boolean): Promise<void> {
  await page.goto(`${portal.url}/jobs/plaatsen`);
  expect(new URL(page.url()).pathname).toBe('/inloggen');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/jobs/plaatsen');
  if (waitForHydration) await hydrated(page);
  await page.fill('main input[name="email"]', email);
  await page.fill('main input[name="password"]', PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/jobs/plaatsen'),
    page.locator('main .portal-form button[type="submit"]').click(),
  ]);
  if (waitForHydration) await hydrated(page);
  await expect.poll(() => page.locator('#vacancy-form').count()).toBe(1);
}

/** Fills the whole form correctly. */
async function fillValid(page: Page, title: string): Promise<void> {
  await page.fill('#vacancy-form-title', title);
  await page.fill(
    '#vacancy-form-summary',
    'Wij zoeken een teamleider voor de avondploeg in ons fulfilmentcentrum.',
  );
  await page.fill(
    '#vacancy-form-description',
    'Je stuurt een team van twaalf orderpickers aan.\n\nWat je doet:\n\n- planning maken\n- kwaliteit bewaken',
  );
  await page.selectOption('#vacancy-form-category', { label: 'Logistiek' });
  await page.selectOption('#vacancy-form-employmentType', 'FULL_TIME');
  await page.fill('#vacancy-form-employer', 'Pakketpost B.V.');
  await page.fill('#vacancy-form-location', 'Tilburg');
  await page.fill('#vacancy-form-street', 'Ringbaan-West 240');
  await page.fill('#vacancy-form-postalCode', '5038 KE');
  await page.selectOption('#vacancy-form-region', 'Noord-Brabant');
  await page.fill('#vacancy-form-salaryMin', '3400');
  await page.fill('#vacancy-form-salaryMax', '4200');
  await page.selectOption('#vacancy-form-salaryPeriod', 'MONTH');
  await page.fill('#vacancy-form-applyEmail', 'vacatures@pakketpost.example');
  await page.fill('#vacancy-form-publishFrom', amsterdamDate(1));
  await page.fill('#vacancy-form-validThrough', amsterdamDate(31));
  await page.fill('#vacancy-form-invoiceCompany', 'Pakketpost B.V.');
  await page.fill('#vacancy-form-invoiceStreet', 'Stationsstraat');
  await page.fill('#vacancy-form-invoiceHouseNumber', '12A');
  await page.fill('#vacancy-form-invoicePostcode', '5038 EC');
  await page.fill('#vacancy-form-invoiceCity', 'Tilburg');
  await page.fill('#vacancy-form-kvkNumber', '12345678');
  await page.fill('#vacancy-form-invoiceEmail', 'factuur@pakketpost.example');
  await page.fill('#vacancy-form-iban', IBAN);
  await page.check('#vacancy-form-terms');
}

/** The list item of a vacancy in `/jobs/mijn`, by title. */
function listItem(page: Page, title: string) {
  return page.locator('li.own-vacancy', { hasText: title });
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('placing and withdrawing a vacancy with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };
  let email: string;
  const title = `Teamleider avondploeg ${Date.now().toString(36)}`;

  beforeAll(async () => {
    email = await confirmedAccount('e2e-vacature');
    context = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('shows mistakes on blur, clears them when fixed, and confirms the vacancy', async () => {
    await logInThroughPlacePage(page, email, true);
    await fillValid(page, title);

    await page.fill('#vacancy-form-kvkNumber', '1234567');
    await page.locator('#vacancy-form-kvkNumber').blur();
    await expect.poll(() => messagesOf(page, 'kvkNumber')).toEqual(['Een KvK-nummer bestaat uit 8 cijfers.']);
    await page.fill('#vacancy-form-kvkNumber', '12345678');
    await expect.poll(() => messagesOf(page, 'kvkNumber')).toEqual([]);

    await page.fill('#vacancy-form-publishFrom', amsterdamDate(-1));
    await page.locator('#vacancy-form-publishFrom').blur();
    await expect
      .poll(() => messagesOf(page, 'publishFrom'))
      .toEqual(['Online vanaf mag niet in het verleden liggen.']);
    await page.fill('#vacancy-form-publishFrom', amsterdamDate(1));
    await expect.poll(() => messagesOf(page, 'publishFrom')).toEqual([]);

    await page.click('#vacancy-form button[type="submit"]');
    await page.waitForURL(/\/jobs\/plaatsen\?verzonden=1&vacature=[a-z0-9]+$/);
    await expect
      .poll(() => page.locator('[data-submission-done="vacancy"]').textContent())
      .toContain(`De redactie beoordeelt ‘${title}’ zo snel mogelijk.`);
    expect(await page.locator('#vacancy-form').count()).toBe(0);
    const mail = await waitForMail(mailDir, email, /We hebben je vacature ontvangen/);
    expect(mail.text).toContain('NL** **** **** **67 89');
    expect(consoleWatch.problems).toEqual([]);
  });

  it('shows it in /jobs/mijn as awaiting review', async () => {
    await page.click('a:has-text("Naar mijn vacatures")');
    await page.waitForURL((url) => url.pathname === '/jobs/mijn');
    await expect.poll(() => listItem(page, title).count()).toBe(1);
    expect(await listItem(page, title).locator('[data-status]').textContent()).toBe('Wacht op beoordeling');
    expect(consoleWatch.problems).toEqual([]);
  });

  it('withdraws it after confirming', async () => {
    await listItem(page, title).locator('.own-vacancy__title a').click();
    await page.waitForURL(/\/jobs\/mijn\/[a-z0-9]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    expect(await page.inputValue('#vacancy-form-iban')).toBe('');
    expect(await page.inputValue('#vacancy-form-kvkNumber')).toBe('12345678');

    await page.click('a:has-text("Vacature intrekken…")');
    await page.waitForURL(/\?intrekken=1$/);
    await expect.poll(() => page.locator('[data-withdraw-confirm]').count()).toBe(1);
    await page.click('button:has-text("Ja, vacature intrekken")');
    await page.waitForURL(/\?ingetrokken=1$/);
    await expect
      .poll(() => page.locator('[data-notice="withdrawn"]').textContent())
      .toBe('De vacature is ingetrokken en staat niet meer op de site.');
    expect(await page.locator('.vacancy-state [data-status]').textContent()).toBe('Ingetrokken');
    expect(await page.locator('#vacancy-form').count()).toBe(0);

    await page.click('.my-vacancies__back a');
    await page.waitForURL((url) => url.pathname === '/jobs/mijn');
    await expect.poll(() => listItem(page, title).locator('[data-status]').textContent()).toBe('Ingetrokken');
    expect(consoleWatch.problems).toEqual([]);
  });
});

describe('placing and withdrawing a vacancy without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleWatch: { problems: string[] };
  let email: string;
  const title = `Planner zonder JavaScript ${Date.now().toString(36)}`;

  beforeAll(async () => {
    email = await confirmedAccount('e2e-vacature-nojs');
    context = await browser.newContext({ locale: 'nl-NL', timezoneId: ZONE, javaScriptEnabled: false });
    page = await context.newPage();
    consoleWatch = watchConsole(page);
  });

  afterAll(() => context.close());

  it('shows the server message next to the field, keeps every value, the IBAN too, then confirms', async () => {
    await logInThroughPlacePage(page, email, false);
    await fillValid(page, title);
    await page.fill('#vacancy-form-iban', IBAN_ONE_DIGIT_OFF);
    await page.fill('#vacancy-form-salaryMax', '3000');
    await Promise.all([page.waitForLoadState('load'), page.click('#vacancy-form button[type="submit"]')]);

    expect(await messagesOf(page, 'iban')).toEqual(['Vul een geldig IBAN in.']);
    expect(await messagesOf(page, 'salaryMax')).toEqual(['Salaris tot en met moet minimaal 3400 zijn.']);
    expect(await page.inputValue('#vacancy-form-iban')).toBe(IBAN_ONE_DIGIT_OFF);
    expect(await page.inputValue('#vacancy-form-title')).toBe(title);
    expect(await page.inputValue('#vacancy-form-description')).toContain('- planning maken');
    expect(await page.inputValue('#vacancy-form-category')).not.toBe('');
    expect(await page.inputValue('#vacancy-form-invoicePostcode')).toBe('5038 EC');
    expect(await page.inputValue('#vacancy-form-validThrough')).toBe(amsterdamDate(31));
    expect(await page.isChecked('#vacancy-form-terms')).toBe(true);
    expect(await page.locator('.portal-form__summary-title').textContent()).toBe(
      'Er zijn fouten in je formulier gevonden.',
    );

    await page.fill('#vacancy-form-iban', IBAN);
    await page.fill('#vacancy-form-salaryMax', '4200');
    await Promise.all([
      page.waitForURL(/\?verzonden=1&vacature=/),
      page.click('#vacancy-form button[type="submit"]'),
    ]);
    expect(await page.locator('[data-submission-done="vacancy"]').textContent()).toContain(
      'Je vacature is ontvangen',
    );
    await waitForMail(mailDir, email, /We hebben je vacature ontvangen/);
    // Chromium reports the refused POST's own status (422 Unprocessable Entity); nothing else may appear.
    expect(consoleWatch.problems).toEqual([REFUSED_POST]);
  });

  it('lists it and withdraws it with links and a form post', async () => {
    await page.goto(`${portal.url}/jobs/mijn`);
    expect(await listItem(page, title).locator('[data-status]').textContent()).toBe('Wacht op beoordeling');
    await Promise.all([
      page.waitForLoadState('load'),
      listItem(page, title).locator('.own-vacancy__title a').click(),
    ]);
    await Promise.all([page.waitForURL(/\?intrekken=1$/), page.click('a:has-text("Vacature intrekken…")')]);
    await Promise.all([
      page.waitForURL(/\?ingetrokken=1$/),
      page.click('button:has-text("Ja, vacature intrekken")'),
    ]);
    expect(await page.locator('[data-notice="withdrawn"]').count()).toBe(1);
    await page.goto(`${portal.url}/jobs/mijn`);
    expect(await listItem(page, title).locator('[data-status]').textContent()).toBe('Ingetrokken');
    expect(consoleWatch.problems).toEqual([REFUSED_POST]);
  });
});
