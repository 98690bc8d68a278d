/**
 * The newsletter with double opt-in against the real CMS, driven through the captured
 * e-mails: sign up ("Check je inbox"), the confirmation mail with its confirm and unsubscribe
 * links, confirming (idempotent) and the welcome mail, signing up again without revealing whether
 * the address is known (a pending address gets the confirmation again), unsubscribing (GET only
 * asks, POST unsubscribes; RFC 8058 one-click too), reused and invalid tokens, English pages and
 * mails, invalid input with the exact messages, a CMS outage, and a public API that cannot list
 * subscribers.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import {
  type CapturedMail,
  linkIn,
  mailsTo,
  startFaultyCms,
  uniqueEmail,
  waitForMail,
} from '../support/accounts.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';
import {
  fieldMessages,
  fieldsWithMessages,
  formStatus,
  inputValue,
  isChecked,
  type PostedForm,
  postData,
  postForm,
} from '../support/public-forms.ts';

const mailDir = inject('mailDir');
const CONFIRM = '/nieuwsbrief/bevestigen';
const UNSUBSCRIBE = '/nieuwsbrief/afmelden';
const CONFIRMATION_NL = /Bevestig je aanmelding voor de nieuwsbrief/;
const SIGNED_UP = '/nieuwsbrief?aangemeld=1#formulier';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** A valid sign-up for `email`. */
function signUp(email: string, extra: PostedForm = {}): PostedForm {
  return { email, firstName: 'Noor', topics: ['logistiek', 'fulfilment'], consent: 'on', ...extra };
}

/** Visits a confirm link and returns the outcome page it redirects to. */
async function visitConfirm(link: string, prefix = '') {
  const response = await request(portal.app).get(link).expect(303);
  // Only an English link sets the locale cookie (a first visit to /en), which makes it private.
  expect(response.headers['cache-control']).toBe(prefix === '/en' ? 'private, no-cache' : undefined);
  const location = response.headers.location ?? '';
  expect(location.startsWith(`${prefix}${CONFIRM}?resultaat=`)).toBe(true);
  const page = await request(portal.app).get(location).expect(200);
  return {
    location,
    status: formStatus(page.text),
    html: decodeHtml(page.text),
  };
}

/** Posts the unsubscribe button of a link and returns the outcome page. */
async function pressUnsubscribe(link: string) {
  const token = new URL(link, 'https://portal.test').searchParams.get('token') ?? '';
  const response = await postForm(portal, link, { token }).expect(303);
  const location = response.headers.location ?? '';
  expect(location.startsWith(`${UNSUBSCRIBE}?resultaat=`)).toBe(true);
  const page = await request(portal.app).get(location).expect(200);
  return {
    location,
    status: formStatus(page.text),
    html: decodeHtml(page.text),
  };
}

/** Both links of a newsletter e-mail are present, as paths. */
function unsubscribeLinkOf(mail: CapturedMail): string {
  const link = linkIn(mail, UNSUBSCRIBE);
  expect(link).toMatch(/\/nieuwsbrief\/afmelden\?token=[a-f0-9]{64}$/);
  expect(mail.html).toContain('https://portal.test');
  return link;
}

describe('the newsletter page', () => {
  it('shows the sign-up form with topics, consent and the privacy link', async () => {
    const response = await request(portal.app).get('/nieuwsbrief').expect(200);
    for (const value of ['ecommerce', 'logistiek', 'fulfilment']) {
      expect(response.text).toContain(`name="topics" value="${value}"`);
    }
    expect(response.text).toContain('name="email"');
    expect(response.text).toContain('name="firstName"');
    expect(response.text).toContain('name="consent"');
    expect(response.text).toContain('href="/privacy"');
    const english = await request(portal.app).get('/en/nieuwsbrief').expect(200);
    expect(decodeHtml(english.text)).toContain('Logistics');
  });

  it('answers 404 for unknown flag and outcome values', async () => {
    await request(portal.app).get('/nieuwsbrief?aangemeld=ja').expect(404);
    await request(portal.app).get(`${CONFIRM}?resultaat=misschien`).expect(404);
    await request(portal.app).get(`${UNSUBSCRIBE}?resultaat=misschien`).expect(404);
  });
});

describe('double opt-in through the e-mails', () => {
  const email = uniqueEmail('nieuwsbrief');
  let firstConfirm: string;
  let confirm: string;
  let unsubscribe: string;

  it('signs up and says "Check je inbox"', async () => {
    const response = await postForm(portal, '/nieuwsbrief', signUp(email)).expect(303);
    expect(response.headers.location).toBe(SIGNED_UP);
    const page = await request(portal.app).get('/nieuwsbrief?aangemeld=1').expect(200);
    expect(formStatus(page.text)).toBe('signed-up');
    expect(decodeHtml(page.text)).toContain('Check je inbox');
    expect(page.text).not.toContain(email);
  });

  it('sends the confirmation e-mail with a confirm link and an unsubscribe link to the portal', async () => {
    const mail = await waitForMail(mailDir, email, CONFIRMATION_NL);
    firstConfirm = linkIn(mail, CONFIRM);
    expect(firstConfirm).toMatch(/^\/nieuwsbrief\/bevestigen\?token=[a-f0-9]{64}$/);
    expect(mail.html).toContain(`https://portal.test${firstConfirm}`);
    unsubscribe = unsubscribeLinkOf(mail);
    // The first name is not sent to an unconfirmed address.
    expect(mail.text).not.toContain('Noor');
  });

  it('answers a repeated sign-up of the pending address the same and sends the confirmation again', async () => {
    const response = await postForm(portal, '/nieuwsbrief', signUp(email, { topics: ['ecommerce'] })).expect(
      303,
    );
    expect(response.headers.location).toBe(SIGNED_UP);
    const mail = await waitForMail(mailDir, email, CONFIRMATION_NL, { count: 2 });
    confirm = linkIn(mail, CONFIRM);
    expect(confirm).not.toBe(firstConfirm);
    expect(unsubscribeLinkOf(mail)).toBe(unsubscribe);
  });

  it('does not change anything when the unsubscribe link is only opened (GET shows a button)', async () => {
    const page = await request(portal.app).get(unsubscribe).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const token = new URL(unsubscribe, 'https://portal.test').searchParams.get('token');
    expect(inputValue(page.text, 'token')).toBe(token);
    expect(decodeHtml(page.text)).toContain('Ja, meld mij af');
    expect(page.text).toContain('method="post"');
  });

  it('refuses the replaced confirmation link and confirms with the newest one', async () => {
    expect((await visitConfirm(firstConfirm)).location).toBe(`${CONFIRM}?resultaat=ongeldig`);
    const confirmed = await visitConfirm(confirm);
    expect(confirmed.location).toBe(`${CONFIRM}?resultaat=bevestigd`);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.html).toContain('Je aanmelding is bevestigd');
  });

  it('sends a welcome e-mail with the first name, the topics and the unsubscribe link', async () => {
    const mail = await waitForMail(mailDir, email, /Welkom bij onze nieuwsbrief/);
    expect(mail.text).toContain('Hallo Noor,');
    expect(mail.text).toContain('Je onderwerpen: E-commerce.');
    expect(unsubscribeLinkOf(mail)).toBe(unsubscribe);
  });

  it('confirms idempotently: the link again says it was already confirmed', async () => {
    const again = await visitConfirm(confirm);
    expect(again.location).toBe(`${CONFIRM}?resultaat=al-bevestigd`);
    expect(again.status).toBe('already-confirmed');
    expect(await mailsTo(mailDir, email, /Welkom/)).toHaveLength(1);
  });

  it('answers a sign-up of the confirmed address the same, without a new confirmation', async () => {
    const response = await postForm(portal, '/nieuwsbrief', signUp(email)).expect(303);
    expect(response.headers.location).toBe(SIGNED_UP);
    const note = await waitForMail(mailDir, email, /Je bent al aangemeld/);
    expect(unsubscribeLinkOf(note)).toBe(unsubscribe);
    expect(await mailsTo(mailDir, email, CONFIRMATION_NL)).toHaveLength(2);
  });

  it('unsubscribes with the button, and the link then says it was already done', async () => {
    const done = await pressUnsubscribe(unsubscribe);
    expect(done.location).toBe(`${UNSUBSCRIBE}?resultaat=afgemeld`);
    expect(done.status).toBe('unsubscribed');
    expect(done.html).toContain('Je bent afgemeld');
    const again = await pressUnsubscribe(unsubscribe);
    expect(again.location).toBe(`${UNSUBSCRIBE}?resultaat=al-afgemeld`);
    expect(again.html).toContain('Je was al afgemeld');
  });

  it('refuses the confirmation link of a cancelled subscription with a clear message', async () => {
    const reused = await visitConfirm(confirm);
    expect(reused.location).toBe(`${CONFIRM}?resultaat=ongeldig`);
    expect(reused.status).toBe('invalid');
    expect(reused.html).toContain('Deze bevestigingslink werkt niet');
  });

  it('starts a new opt-in when the unsubscribed address signs up again', async () => {
    await postForm(portal, '/nieuwsbrief', signUp(email)).expect(303);
    const mail = await waitForMail(mailDir, email, CONFIRMATION_NL, { count: 3 });
    expect(linkIn(mail, CONFIRM)).not.toBe(confirm);
    expect(unsubscribeLinkOf(mail)).not.toBe(unsubscribe);
  });
});

describe('one-click unsubscribe by a mail client (RFC 8058)', () => {
  it('unsubscribes a POST of List-Unsubscribe=One-Click to the link, without an Origin header', async () => {
    const email = uniqueEmail('oneclick');
    await postForm(portal, '/nieuwsbrief', signUp(email)).expect(303);
    const mail = await waitForMail(mailDir, email, CONFIRMATION_NL);
    const response = await request(portal.app)
      .post(unsubscribeLinkOf(mail))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(303);
    expect(response.headers.location).toBe(`${UNSUBSCRIBE}?resultaat=afgemeld`);
    expect((await visitConfirm(linkIn(mail, CONFIRM))).status).toBe('invalid');
  });
});

describe('invalid and unknown tokens', () => {
  const unknown = 'a'.repeat(64);

  it('explains a malformed or unknown confirmation link', async () => {
    expect((await visitConfirm(`${CONFIRM}?token=abc`)).status).toBe('invalid');
    const page = await visitConfirm(`${CONFIRM}?token=${unknown}`);
    expect(page.location).toBe(`${CONFIRM}?resultaat=ongeldig`);
    expect(page.html).toContain('Gebruik de link uit de laatste e-mail');
    const bare = await request(portal.app).get(CONFIRM).expect(400);
    expect(formStatus(bare.text)).toBe('invalid');
  });

  it('explains a malformed or unknown unsubscribe link', async () => {
    const malformed = await request(portal.app).get(`${UNSUBSCRIBE}?token=abc`).expect(400);
    expect(formStatus(malformed.text)).toBe('invalid');
    expect(malformed.text).not.toContain('name="token"');
    const unknownPost = await pressUnsubscribe(`${UNSUBSCRIBE}?token=${unknown}`);
    expect(unknownPost.location).toBe(`${UNSUBSCRIBE}?resultaat=ongeldig`);
    expect(unknownPost.html).toContain('Deze afmeldlink werkt niet');
  });
});

describe('in English', () => {
  it('sends English e-mails with /en links, and the pages answer in English', async () => {
    const email = uniqueEmail('newsletter-en');
    const response = await postForm(portal, '/en/nieuwsbrief', signUp(email, { topics: [] })).expect(303);
    expect(response.headers.location).toBe(`/en${SIGNED_UP}`);
    const signedUp = await request(portal.app).get('/en/nieuwsbrief?aangemeld=1').expect(200);
    expect(decodeHtml(signedUp.text)).toContain('Check your inbox');
    const mail = await waitForMail(mailDir, email, /Confirm your newsletter subscription/);
    const confirm = linkIn(mail, CONFIRM);
    expect(confirm).toMatch(/^\/en\/nieuwsbrief\/bevestigen\?token=/);
    expect(linkIn(mail, UNSUBSCRIBE)).toMatch(/^\/en\/nieuwsbrief\/afmelden\?token=/);
    const confirmed = await visitConfirm(confirm, '/en');
    expect(confirmed.location).toBe(`/en${CONFIRM}?resultaat=bevestigd`);
    expect(confirmed.html).toContain('Your subscription is confirmed');
    const welcome = await waitForMail(mailDir, email, /Welcome to our newsletter/);
    expect(welcome.text).toContain('You will receive news on all our topics.');
    expect(welcome.text).toContain('Unsubscribe with one click');
  });
});

describe('invalid input', () => {
  const cases: Array<{ field: string; value: string | null; message: string }> = [
    { field: 'email', value: '', message: 'E-mailadres is verplicht.' },
    { field: 'email', value: 'noor@example', message: 'Vul een geldig e-mailadres in.' },
    { field: 'firstName', value: 'N'.repeat(61), message: 'Voornaam mag maximaal 60 tekens lang zijn.' },
    { field: 'consent', value: null, message: 'Accepteer de privacyverklaring.' },
  ];

  for (const { field, value, message } of cases) {
    it(`refuses ${field} = ${JSON.stringify(value?.slice(0, 12))} with "${message}" and keeps the other values`, async () => {
      const email = uniqueEmail('fout');
      const posted = signUp(email);
      if (value === null) delete posted[field];
      else posted[field] = value;
      const response = await postForm(portal, '/nieuwsbrief', posted).expect(422);
      expect(fieldMessages(response.text, field)).toEqual([message]);
      expect(fieldsWithMessages(response.text)).toEqual([field]);
      if (field !== 'email') expect(inputValue(response.text, 'email')).toBe(email);
      if (field !== 'firstName') expect(inputValue(response.text, 'firstName')).toBe('Noor');
      expect(isChecked(response.text, 'topics', 'logistiek')).toBe(true);
      expect(isChecked(response.text, 'topics', 'fulfilment')).toBe(true);
      expect(isChecked(response.text, 'topics', 'ecommerce')).toBe(false);
      if (field !== 'consent') expect(isChecked(response.text, 'consent')).toBe(true);
      expect(await mailsTo(mailDir, email)).toHaveLength(0);
    });
  }

  it('answers the client action with the messages, and a valid one with the redirect', async () => {
    const email = uniqueEmail('js');
    const refused = await postData(portal, '/nieuwsbrief', signUp(email, { email: 'x' })).expect(422);
    expect(refused.body.actionData.nieuwsbrief.errors).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    const accepted = await postData(portal, '/nieuwsbrief', signUp(email)).expect(200);
    expect(accepted.body).toEqual({ redirect: SIGNED_UP, status: 303, external: false });
    await waitForMail(mailDir, email, CONFIRMATION_NL);
  });
});

describe('a CMS outage', () => {
  it('keeps the sign-up input and says it may have arrived (the connection broke)', async () => {
    const faulty = await startFaultyCms(
      inject('cmsUrl'),
      (method, path) => method === 'POST' && path.startsWith('/api/newsletter-subscriptions'),
    );
    const down = await createTestApp(faulty.url);
    try {
      const email = uniqueEmail('storing');
      const response = await postForm(down, '/nieuwsbrief', signUp(email)).expect(503);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(formStatus(response.text)).toBe('unconfirmed');
      expect(decodeHtml(response.text)).toContain('We weten niet zeker of je aanmelding is aangekomen');
      expect(inputValue(response.text, 'email')).toBe(email);
      expect(isChecked(response.text, 'topics', 'logistiek')).toBe(true);
      expect(isChecked(response.text, 'consent')).toBe(true);
      expect(await mailsTo(mailDir, email)).toHaveLength(0);

      const confirm = await request(down.app)
        .get(`${CONFIRM}?token=${'b'.repeat(64)}`)
        .expect(503);
      expect(formStatus(confirm.text)).toBe('unavailable');
      const token = 'c'.repeat(64);
      const unsubscribe = await postForm(down, `${UNSUBSCRIBE}?token=${token}`, { token }).expect(503);
      expect(formStatus(unsubscribe.text)).toBe('unavailable');
      expect(inputValue(unsubscribe.text, 'token')).toBe(token);
    } finally {
      await down.close();
      await faulty.close();
    }
  });
});

describe('the CMS API of newsletter subscriptions', () => {
  it('cannot list or read subscribers', async () => {
    const list = await cms('/newsletter-subscriptions');
    expect([403, 404]).toContain(list.status);
    const one = await cms('/newsletter-subscriptions/abc');
    expect([403, 404]).toContain(one.status);
  });

  it('answers a sign-up with 202 and an empty body, known address or not', async () => {
    const email = uniqueEmail('api-nb');
    const post = () =>
      cms('/newsletter-subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { email, consent: true } }),
      });
    expect(await post()).toEqual({ status: 202, body: null });
    expect(await post()).toEqual({ status: 202, body: null });
  });
});
