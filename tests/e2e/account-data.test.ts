/**
 * An account holder's own data on /account, as a person sees it in Chromium (docs/personal-data.md):
 * the name is saved; a new e-mail address is announced as waiting for its link (the old one stays
 * until then) and the newsletter is signed up for; the "Je gegevens downloaden" link gives a JSON
 * file; "Account verwijderen" says what goes and what stays, refuses a wrong password and deletes
 * the account with the right one. The posting forms work with and without JavaScript; the new
 * sections pass axe-core (WCAG 2.2 AA) in light and dark mode.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { uniqueEmail, waitForMail } from '../support/accounts.ts';
import { launchBrowser, startProductionPortal } from '../support/browser.ts';
import { cms } from '../support/portal.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'een goed wachtwoord';
const mailDir = inject('mailDir');

let portal: StartedProcess;
let browser: Browser;

/** axe violations inside the `selectors` (one scan), as "rule: target" lines. */
async function violations(page: Page, selectors: string[]): Promise<string[]> {
  for (const selector of selectors) await page.locator(selector).first().waitFor();
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  for (const selector of selectors) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** An account made and confirmed through the CMS's API, as the registration page would. */
async function confirmedAccount(email: string): Promise<void> {
  const registered = await cms('/auth/local/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: PASSWORD }),
  });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  const confirmed = await cms('/account/email-confirmation', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation: code }),
  });
  expect(confirmed.status).toBe(200);
}

/** Signs in on the login page (the page's own form) and lands on /account. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${portal.url}/inloggen?redirect=%2Faccount`);
  await page.locator('main input[name="email"]').fill(email);
  await page.locator('main input[name="password"]').fill(PASSWORD);
  await page.locator('main .portal-form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/account');
}

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('with JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail('eigen-data');

  beforeAll(async () => {
    context = await browser.newContext({ locale: 'nl-NL', acceptDownloads: true });
    page = await context.newPage();
    await confirmedAccount(email);
    await signIn(page, email);
    await hydrated(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('the new sections pass axe in light and dark mode', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const sections = [
        '.account-details',
        '.account-newsletter',
        '[aria-labelledby="account-export"]',
        '.account-delete',
      ];
      expect(await violations(page, sections)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('saves the name, announces the new e-mail address and signs up for the newsletter', async () => {
    const details = page.locator('.account-details');
    await details.getByLabel('Naam').fill('Eva de Vries');
    await details.getByRole('button', { name: 'Naam opslaan' }).click();
    await page.locator('[data-notice="name-changed"]').waitFor();
    expect(await page.getByTestId('account-name').textContent()).toBe('Eva de Vries');

    const newEmail = uniqueEmail('nieuw-adres');
    await details.getByLabel('Nieuw e-mailadres').fill(newEmail);
    await details.locator('#email-form').getByLabel('Huidig wachtwoord').fill(PASSWORD);
    await details.getByRole('button', { name: 'Stuur de bevestigingslink' }).click();
    await page.locator('[data-notice="email-change-sent"]').waitFor();
    expect(await page.locator('[data-notice="email-change-sent"]').textContent()).toContain(
      `Tot dan blijft je e-mailadres ${email.toLowerCase()}.`,
    );
    expect(await page.locator(`[data-pending-email="${newEmail}"]`).textContent()).toContain(
      `${newEmail} wacht op bevestiging.`,
    );
    expect(await page.getByTestId('account-email').textContent()).toBe(email.toLowerCase());
    await waitForMail(mailDir, newEmail, /Bevestig je nieuwe e-mailadres/);

    const newsletter = page.locator('.account-newsletter');
    await newsletter.getByLabel('Logistiek').check();
    await newsletter.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
    // Consent is asked for in the browser first, in the server's words.
    expect(await newsletter.textContent()).toContain('Accepteer de privacyverklaring.');
    await newsletter.locator('input[name="consent"]').check();
    await newsletter.getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' }).click();
    await page.locator('[data-notice="newsletter-check-mail"]').waitFor();
    await page.locator('[data-newsletter-state="pending"]').waitFor();
    await waitForMail(mailDir, email, /Bevestig je aanmelding voor de nieuwsbrief/);
  });

  it('"Download mijn gegevens" saves a JSON file with the account in it', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download mijn gegevens' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mijn-gegevens-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(email.toLowerCase());
  });

  it('"Account verwijderen" says what goes and what stays, refuses a wrong password, then deletes', async () => {
    const section = page.locator('.account-delete');
    await expect(section.getByRole('heading', { name: 'Wat we verwijderen' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(section.getByRole('heading', { name: 'Wat we bewaren' }).isVisible()).resolves.toBe(true);
    await section.getByLabel('Huidig wachtwoord').fill('niet mijn wachtwoord');
    await section.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await section.locator('[data-error-code="wrong-password"]').waitFor();
    expect(await section.locator('[role="alert"]').textContent()).toContain(
      'Het huidige wachtwoord klopt niet.',
    );
    expect(new URL(page.url()).pathname).toBe('/account');

    await section.getByLabel('Huidig wachtwoord').fill(PASSWORD);
    await section.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    await page.waitForURL((url) => url.pathname === '/inloggen');
    await page.locator('[data-notice="account-deleted"]').waitFor();
    await waitForMail(mailDir, email, /Je account is verwijderd/);
    await page.goto(`${portal.url}/account`);
    expect(new URL(page.url()).pathname).toBe('/inloggen');
  });
});

describe('without JavaScript', () => {
  it('deletes the account with a plain form post', async () => {
    const email = uniqueEmail('eigen-data-zonder-js');
    await confirmedAccount(email);

    const context = await browser.newContext({ locale: 'nl-NL', javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, email);

    // The other posting forms of the page, as plain posts.
    await page.locator('.account-details').getByLabel('Naam').fill('Sem Jansen');
    await page.locator('.account-details').getByRole('button', { name: 'Naam opslaan' }).click();
    await page.locator('[data-notice="name-changed"]').waitFor();
    const newEmail = uniqueEmail('nieuw-zonder-js');
    await page.locator('.account-details').getByLabel('Nieuw e-mailadres').fill(newEmail);
    await page.locator('#email-form').getByLabel('Huidig wachtwoord').fill('niet mijn wachtwoord');
    await page.locator('.account-details').getByRole('button', { name: 'Stuur de bevestigingslink' }).click();
    await page.waitForLoadState('load');
    expect(await page.locator('.account-details [role="alert"]').textContent()).toContain(
      'Het huidige wachtwoord klopt niet.',
    );
    expect(await page.locator('.account-details').getByLabel('Nieuw e-mailadres').inputValue()).toBe(
      newEmail,
    );
    await page.locator('#email-form').getByLabel('Huidig wachtwoord').fill(PASSWORD);
    await page.locator('.account-details').getByRole('button', { name: 'Stuur de bevestigingslink' }).click();
    await page.locator('[data-notice="email-change-sent"]').waitFor();
    await page.locator('.account-newsletter input[name="consent"]').check();
    await page
      .locator('.account-newsletter')
      .getByRole('button', { name: 'Aanmelden voor de nieuwsbrief' })
      .click();
    await page.locator('[data-notice="newsletter-check-mail"]').waitFor();

    const section = page.locator('.account-delete');
    await section.getByRole('button', { name: 'Account definitief verwijderen' }).click();
    // The browser's own check is off (noValidate): the server answers the empty field.
    await page.waitForLoadState('load');
    expect(await page.locator('.account-delete').textContent()).toContain('Huidig wachtwoord is verplicht.');
    await page.locator('.account-delete').getByLabel('Huidig wachtwoord').fill(PASSWORD);
    await page
      .locator('.account-delete')
      .getByRole('button', { name: 'Account definitief verwijderen' })
      .click();
    await page.waitForURL((url) => url.pathname === '/inloggen');
    expect(await page.locator('[data-notice="account-deleted"]').textContent()).toContain(
      'Je account en je persoonlijke gegevens zijn verwijderd.',
    );
    await context.close();
  });
});
