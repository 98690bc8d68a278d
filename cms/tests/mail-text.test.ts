/**
 * The plain-text part of the CMS's e-mails (cms/src/lib/mail-text.js, decision 110): the account
 * templates' HTML (cms/src/lib/accounts.js) becomes readable text with each link on a line of its
 * own; a message that brings its own text keeps it; the provider is wrapped once. The captured
 * mails themselves: tests/integration/account-mails.test.ts.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { htmlToText, needsPlainText, withPlainText, registerPlainTextParts } = require('../src/lib/mail-text.js') as {
  htmlToText: (html: string) => string;
  needsPlainText: (message: { text?: unknown; html?: unknown }) => boolean;
  withPlainText: <M extends { text?: unknown; html?: unknown }>(message: M) => M;
  registerPlainTextParts: (strapi: unknown) => void;
};
const { portalTemplates } = require('../src/lib/accounts.js') as {
  portalTemplates: (portal: string) => Record<'email_confirmation' | 'reset_password', { message: string }>;
};

const PORTAL = 'https://portal.example';

/** A template with its placeholders filled in, as users-permissions renders it. */
function rendered(message: string): string {
  return message
    .replaceAll('<%= CODE %>', 'c0de')
    .replaceAll('<%= TOKEN %>', 't0ken')
    .replaceAll('<%= URL %>', `${PORTAL}/wachtwoord-reset`);
}

describe('htmlToText', () => {
  it('turns the e-mail confirmation into readable text, each link on a line of its own', () => {
    const text = htmlToText(rendered(portalTemplates(PORTAL).email_confirmation.message));
    expect(text).toBe(
      [
        'Hallo,',
        '',
        'Bedankt voor je registratie. Bevestig je e-mailadres om je account te gebruiken:',
        '',
        'E-mailadres bevestigen:',
        `${PORTAL}/email-valideren?confirmation=c0de`,
        '',
        'Heb je geen account aangemaakt? Dan kun je deze e-mail negeren.',
        '',
        '---',
        '',
        'English: thank you for registering. Please confirm your e-mail address:',
        '',
        'Confirm e-mail address:',
        `${PORTAL}/en/email-valideren?confirmation=c0de`,
        '',
        'Did not create an account? Then ignore this e-mail.',
      ].join('\n'),
    );
  });

  it('turns the reset-password e-mail into readable text with the reset link alone on its line', () => {
    const text = htmlToText(rendered(portalTemplates(PORTAL).reset_password.message));
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('portal-template');
    expect(text.split('\n')).toContain(`${PORTAL}/wachtwoord-reset?code=t0ken`);
    expect(text.split('\n')).toContain(`${PORTAL}/en/wachtwoord-reset?code=t0ken`);
    expect(text).toContain('Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft hetzelfde.');
    // The "copy this address" paragraph is for HTML readers: the text names each address once.
    expect(text).not.toContain('Werkt de link niet?');
    expect(text.split(`${PORTAL}/wachtwoord-reset?code=t0ken`)).toHaveLength(2);
  });

  it('decodes entities, keeps list items and breaks, and gives a bare link its address', () => {
    expect(
      htmlToText(
        '<p>Tom &amp; Jerry&#39;s &quot;mail&quot;&nbsp;hier</p><ul><li>een</li><li>twee</li></ul><p>regel<br>volgende</p><p><a href="https://x.example/?a=1&amp;b=2">https://x.example/?a=1&amp;b=2</a></p>',
      ),
    ).toBe(['Tom & Jerry\'s "mail" hier', '', '- een', '- twee', '', 'regel', 'volgende', '', 'https://x.example/?a=1&b=2'].join('\n'));
    expect(htmlToText('<p>Mail <a href="mailto:redactie@portal.local">de redactie</a>.</p>')).toBe(
      'Mail de redactie:\nredactie@portal.local',
    );
  });
});

describe('withPlainText', () => {
  const html = '<p>Hallo,</p><p><a href="https://portal.example/x">Ga verder</a></p>';

  it('makes the text part of a message whose text is its HTML, HTML, or missing', () => {
    const expected = 'Hallo,\n\nGa verder:\nhttps://portal.example/x';
    expect(withPlainText({ text: html, html }).text).toBe(expected);
    expect(withPlainText({ text: '<p>Hallo,</p>', html }).text).toBe(expected);
    expect(withPlainText({ html }).text).toBe(expected);
  });

  it('leaves a message that brings its own text alone', () => {
    const message = { text: 'Hallo,\n\nGa verder: https://portal.example/x (a < b)', html };
    expect(withPlainText(message)).toBe(message);
    expect(needsPlainText({ text: 'Alleen tekst' })).toBe(false);
  });
});

describe('registerPlainTextParts', () => {
  it('wraps the e-mail provider once, so every mail goes out with a text part', async () => {
    const sent: Array<{ text?: string; html?: string }> = [];
    const plugin: { provider: { send: (message: { text?: string; html?: string }) => Promise<void> } } = {
      provider: {
        send: async (message) => {
          sent.push(message);
        },
      },
    };
    const strapi = { plugin: (name: string) => (name === 'email' ? plugin : undefined) };
    registerPlainTextParts(strapi);
    registerPlainTextParts(strapi);
    await plugin.provider.send({ text: '<p>Hoi</p>', html: '<p>Hoi</p>' });
    expect(sent).toEqual([{ text: 'Hoi', html: '<p>Hoi</p>' }]);
  });
});
