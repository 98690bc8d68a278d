/**
 * The public forms in a real browser against the production build and the real CMS:
 * `/contact`, `/adverteren` and `/nieuwsbrief`, each
 * - with JavaScript: a mistake shows its message when the field is left, fixing it clears the
 *   message, the post goes through the client action and the page confirms;
 * - without JavaScript: the mistake is posted, the server answers with the message next to the
 *   field and every other value kept, the fixed form posts and the page confirms.
 * The newsletter then follows the captured e-mails: the confirm link confirms, the unsubscribe link
 * shows a button that unsubscribes. No console errors and no hydration warnings.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

const mailDir = inject('mailDir');

let portal: StartedProcess;
let browser: Browser;
let withJs: BrowserContext;
let withoutJs: BrowserContext;
let page: Page;
let plain: Page;
const watches: Array<{ problems: string[] }> = [];

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  withJs = await browser.newContext({ locale: 'nl-NL' });
  withoutJs = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
  page = await withJs.newPage();
  plain = await withoutJs.newPage();
  watches.push(watchConsole(page), watchConsole(plain));
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Waits until React has hydrated (the marker set by the client entry). */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** The control of a field by its posted name. */
function control(p: Page, name: string): Locator {
  return p.locator(`form.portal-form [name="${name}"]`).first();
}

/** The messages shown next to a field. */
function messagesOf(p: Page, name: string): Locator {
  return p.locator(`.form-field:has([name="${name}"]) .form-field__messages`);
}

/** Opens a page and returns its HTTP status. */
async function open(p: Page, path: string): Promise<number | undefined> {
  const response = await p.goto(`${portal.url}${path}`);
  return response?.status();
}

/** Submits the page's portal form and waits for the resulting document (no JavaScript). */
async function submitPlain(p: Page): Promise<number | undefined> {
  const [response] = await Promise.all([
    p.waitForNavigation(),
    p.locator('form.portal-form button[type="submit"]').click(),
  ]);
  return response?.status();
}

describe('contact form', () => {
  it('with JavaScript: shows a mistake on blur, accepts the fix and confirms', async () => {
    expect(await open(page, '/contact')).toBe(200);
    await hydrated(page);
    const email = uniqueEmail('e2e-contact');
    await control(page, 'name').fill('F');
    await control(page, 'email').focus();
    await expect
      .poll(() => messagesOf(page, 'name').textContent())
      .toBe('Naam moet tussen de 2 en 100 tekens zijn.');
    await control(page, 'name').fill('Fenna de Vries');
    await expect.poll(() => messagesOf(page, 'name').count()).toBe(0);
    await control(page, 'email').fill(email);
    await control(page, 'subject').fill('Nieuwstip uit de browser');
    await control(page, 'message').fill('Een bericht dat via de browser is verstuurd.');
    await page.locator('label[for$="-consent"]').click();
    await page.locator('form.portal-form button[type="submit"]').click();
    await page.waitForURL(`${portal.url}/contact?verzonden=1#formulier`);
    await expect
      .poll(() => page.locator('[data-form-status="sent"]').textContent())
      .toContain('Bedankt voor je bericht');
    const mail = await waitForMail(mailDir, email, /We hebben je bericht ontvangen/);
    expect(mail.text).toContain('Bedankt voor je bericht');
  });

  it('without JavaScript: the server shows the mistake next to the field, keeps the values, then confirms', async () => {
    expect(await open(plain, '/contact')).toBe(200);
    const email = uniqueEmail('e2e-contact-nojs');
    await control(plain, 'name').fill('Fenna de Vries');
    await control(plain, 'email').fill(email);
    await control(plain, 'organisation').fill('Pakketpost BV');
    await control(plain, 'subject').fill('Zonder JavaScript');
    await control(plain, 'message').fill('Te kort');
    await control(plain, 'consent').check();
    expect(await submitPlain(plain)).toBe(422);
    expect(await messagesOf(plain, 'message').textContent()).toBe(
      'Je bericht moet tussen de 10 en 5000 tekens zijn.',
    );
    expect(await control(plain, 'name').inputValue()).toBe('Fenna de Vries');
    expect(await control(plain, 'email').inputValue()).toBe(email);
    expect(await control(plain, 'organisation').inputValue()).toBe('Pakketpost BV');
    expect(await control(plain, 'subject').inputValue()).toBe('Zonder JavaScript');
    expect(await control(plain, 'message').inputValue()).toBe('Te kort');
    expect(await control(plain, 'consent').isChecked()).toBe(true);
    await control(plain, 'message').fill('Nu is het bericht lang genoeg.');
    expect(await submitPlain(plain)).toBe(200);
    expect(plain.url()).toBe(`${portal.url}/contact?verzonden=1#formulier`);
    expect(await plain.locator('[data-form-status="sent"]').textContent()).toContain(
      'Bedankt voor je bericht',
    );
    await waitForMail(mailDir, email, /We hebben je bericht ontvangen/);
  });
});

describe('advertising form', () => {
  it('with JavaScript: a foreign phone number is refused on blur, the fixed enquiry is sent', async () => {
    expect(await open(page, '/adverteren')).toBe(200);
    await hydrated(page);
    const email = uniqueEmail('e2e-sales');
    await control(page, 'company').fill('Retourhub BV');
    await control(page, 'contactPerson').fill('Sanne Bakker');
    await control(page, 'email').fill(email);
    await control(page, 'phone').fill('+32 2 123 45 67');
    await control(page, 'phone').blur();
    await expect
      .poll(() => messagesOf(page, 'phone').textContent())
      .toBe('Vul een geldig Nederlands telefoonnummer in, bijvoorbeeld 030 123 45 67 of +31 6 12345678.');
    await control(page, 'phone').fill('030 123 45 67');
    await expect.poll(() => messagesOf(page, 'phone').count()).toBe(0);
    await page.locator('input[name="interests"][value="banner"]').check();
    await page.locator('input[name="interests"][value="magazine"]').check();
    await control(page, 'budget').selectOption('over_25000');
    await control(page, 'consent').check();
    await page.locator('form.portal-form button[type="submit"]').click();
    await page.waitForURL(`${portal.url}/adverteren?verzonden=1#formulier`);
    await expect
      .poll(() => page.locator('[data-form-status="sent"]').textContent())
      .toContain('Bedankt voor je aanvraag');
    const sales = await waitForMail(mailDir, 'sales@portal.local', /Advertentieaanvraag: Retourhub BV/);
    expect(sales.text).toContain('Interesse: Banners op de website, Magazine');
  });

  it('without JavaScript: no interest chosen is refused by the server with the values kept, then sent', async () => {
    expect(await open(plain, '/adverteren')).toBe(200);
    const email = uniqueEmail('e2e-sales-nojs');
    await control(plain, 'company').fill('Koelketen BV');
    await control(plain, 'contactPerson').fill('Joris Smit');
    await control(plain, 'email').fill(email);
    await control(plain, 'phone').fill('06-12345678');
    await control(plain, 'budget').selectOption('unknown');
    await control(plain, 'message').fill('Graag een voorstel.');
    await control(plain, 'consent').check();
    expect(await submitPlain(plain)).toBe(422);
    expect(await messagesOf(plain, 'interests').textContent()).toBe('Interesse is verplicht.');
    expect(await control(plain, 'company').inputValue()).toBe('Koelketen BV');
    expect(await control(plain, 'phone').inputValue()).toBe('06-12345678');
    expect(await control(plain, 'budget').inputValue()).toBe('unknown');
    expect(await control(plain, 'message').inputValue()).toBe('Graag een voorstel.');
    expect(await control(plain, 'consent').isChecked()).toBe(true);
    await plain.locator('input[name="interests"][value="vacature"]').check();
    expect(await submitPlain(plain)).toBe(200);
    expect(plain.url()).toBe(`${portal.url}/adverteren?verzonden=1#formulier`);
    expect(await plain.locator('[data-form-status="sent"]').textContent()).toContain(
      'Bedankt voor je aanvraag',
    );
    await waitForMail(mailDir, email, /We hebben je aanvraag over adverteren ontvangen/);
  });
});

describe('newsletter', () => {
  it('with JavaScript: signs up after fixing the address, confirms by e-mail and unsubscribes', async () => {
    expect(await open(page, '/nieuwsbrief')).toBe(200);
    await hydrated(page);
    const email = uniqueEmail('e2e-nieuwsbrief');
    await control(page, 'email').fill('noor@');
    await control(page, 'email').blur();
    await expect.poll(() => messagesOf(page, 'email').textContent()).toBe('Vul een geldig e-mailadres in.');
    await control(page, 'email').fill(email);
    await expect.poll(() => messagesOf(page, 'email').count()).toBe(0);
    await control(page, 'firstName').fill('Noor');
    await page.locator('input[name="topics"][value="logistiek"]').check();
    await control(page, 'consent').check();
    await page.locator('form.portal-form button[type="submit"]').click();
    await page.waitForURL(`${portal.url}/nieuwsbrief?aangemeld=1#formulier`);
    await expect.poll(() => page.locator('#formulier h2').textContent()).toBe('Check je inbox');

    const mail = await waitForMail(mailDir, email, /Bevestig je aanmelding/);
    expect(await open(page, linkIn(mail, '/nieuwsbrief/bevestigen'))).toBe(200);
    expect(page.url()).toBe(`${portal.url}/nieuwsbrief/bevestigen?resultaat=bevestigd`);
    await hydrated(page);
    expect(await page.locator('#formulier h2').textContent()).toBe('Je aanmelding is bevestigd');

    const welcome = await waitForMail(mailDir, email, /Welkom bij onze nieuwsbrief/);
    expect(await open(page, linkIn(welcome, '/nieuwsbrief/afmelden'))).toBe(200);
    await hydrated(page);
    await page.locator('form.portal-form button[type="submit"]').click();
    await page.waitForURL(`${portal.url}/nieuwsbrief/afmelden?resultaat=afgemeld`);
    await expect.poll(() => page.locator('[data-form-status="unsubscribed"]').count()).toBe(1);
    expect(await page.locator('#formulier h2').textContent()).toBe('Je bent afgemeld');
  });

  it('without JavaScript: missing consent is refused with the values kept; then the mails work too', async () => {
    expect(await open(plain, '/nieuwsbrief')).toBe(200);
    const email = uniqueEmail('e2e-nieuwsbrief-nojs');
    await control(plain, 'email').fill(email);
    await control(plain, 'firstName').fill('Daan');
    await plain.locator('input[name="topics"][value="ecommerce"]').check();
    expect(await submitPlain(plain)).toBe(422);
    expect(await messagesOf(plain, 'consent').textContent()).toBe('Accepteer de privacyverklaring.');
    expect(await control(plain, 'email').inputValue()).toBe(email);
    expect(await control(plain, 'firstName').inputValue()).toBe('Daan');
    expect(await plain.locator('input[name="topics"][value="ecommerce"]').isChecked()).toBe(true);
    await control(plain, 'consent').check();
    expect(await submitPlain(plain)).toBe(200);
    expect(plain.url()).toBe(`${portal.url}/nieuwsbrief?aangemeld=1#formulier`);
    expect(await plain.locator('#formulier h2').textContent()).toBe('Check je inbox');

    const mail = await waitForMail(mailDir, email, /Bevestig je aanmelding/);
    expect(await open(plain, linkIn(mail, '/nieuwsbrief/bevestigen'))).toBe(200);
    expect(await plain.locator('[data-form-status="confirmed"]').count()).toBe(1);
    expect(await open(plain, linkIn(mail, '/nieuwsbrief/afmelden'))).toBe(200);
    expect(await submitPlain(plain)).toBe(200);
    expect(plain.url()).toBe(`${portal.url}/nieuwsbrief/afmelden?resultaat=afgemeld`);
    expect(await plain.locator('#formulier h2').textContent()).toBe('Je bent afgemeld');
  });
});

describe('console', () => {
  it('logged no errors and no hydration warnings', () => {
    // Without JavaScript a refused post is a 422 document, which Chromium reports as a failed
    // resource load; that answer is the behaviour under test.
    const problems = watches
      .flatMap((watch) => watch.problems)
      .filter((p) => !/Failed to load resource: the server responded with a status of 422/.test(p));
    expect(problems).toEqual([]);
  });
});
