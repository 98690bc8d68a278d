/**
 * The plain-text part of the account e-mails the CMS sends (decision 110), read from the captured
 * mails: the e-mail confirmation after `/registreren` and the reset-password e-mail after
 * `/wachtwoord-vergeten`. users-permissions sends one HTML body as both parts; the CMS makes a
 * real text part of it (cms/src/lib/mail-text.js): readable text, no markup, each link on a line
 * of its own, and that link opens the portal's page.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { type CapturedMail, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { createJourneyApp, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const PASSWORD = 'een goed wachtwoord';
const email = uniqueEmail('platte-tekst');

let portal: PortalApp;

beforeAll(async () => {
  portal = await createJourneyApp();
});

afterAll(() => portal.close());

function post(path: string, form: Record<string, string>) {
  return request(portal.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
}

/** The lines of a mail's text part that are a link to portal page `page`. */
function linkLines(mail: CapturedMail, page: string): string[] {
  return mail.text
    .split('\n')
    .filter((line) => line.startsWith(`${PUBLIC_URL}`) && line.includes(`${page}?`));
}

/** What every account e-mail's text part must be: text, not HTML. */
function expectPlainText(mail: CapturedMail): void {
  expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>|<!--|&amp;|&lt;|&gt;/i);
  expect(mail.text).not.toBe(mail.html);
  expect(mail.text).toMatch(/^Hallo,\n\n/);
}

describe('the text part of the account e-mails', () => {
  it('of the e-mail confirmation is readable text with each link on its own line', async () => {
    await post('/registreren', { email, password: PASSWORD, password_confirm: PASSWORD, terms: 'on' }).expect(
      200,
    );
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    expectPlainText(mail);
    expect(mail.text).toContain(
      'Bedankt voor je registratie. Bevestig je e-mailadres om je account te gebruiken:',
    );
    const [dutch, english, ...more] = linkLines(mail, '/email-valideren');
    expect(more).toEqual([]);
    expect(dutch).toMatch(new RegExp(`^${PUBLIC_URL}/email-valideren\\?confirmation=[a-f0-9]+$`));
    expect(english).toMatch(new RegExp(`^${PUBLIC_URL}/en/email-valideren\\?confirmation=[a-f0-9]+$`));
    // The link in the text part is the one of the HTML part, and it confirms the address.
    expect(mail.html).toContain(dutch);
    const confirmed = await request(portal.app).get(dutch!.slice(PUBLIC_URL.length)).expect(302);
    expect(confirmed.headers.location).toMatch(/^\/account\?/);
  });

  it('of the reset-password e-mail is readable text with the reset link on its own line', async () => {
    await post('/wachtwoord-vergeten', { email }).expect(200);
    const mail = await waitForMail(mailDir, email, /Nieuw wachtwoord/);
    expectPlainText(mail);
    expect(mail.text).toContain('Je hebt gevraagd om een nieuw wachtwoord.');
    const [dutch, english, ...more] = linkLines(mail, '/wachtwoord-reset');
    expect(more).toEqual([]);
    expect(dutch).toMatch(new RegExp(`^${PUBLIC_URL}/wachtwoord-reset\\?code=[a-f0-9]+$`));
    expect(english).toMatch(new RegExp(`^${PUBLIC_URL}/en/wachtwoord-reset\\?code=[a-f0-9]+$`));
    expect(mail.html).toContain(dutch);
  });
});
