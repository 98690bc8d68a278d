/**
 * Every form that stores something carries an idempotency key (decision 093): the page renders a
 * new key per visit in a hidden field (so the page is private), and the same post sent twice —
 * without JavaScript, or once without and once with (the data endpoint's client action) — is stored
 * once and gets the same answer (the same redirect, for an order the same order number; one
 * confirmation e-mail). A key used before for other values is refused with a Dutch message and a
 * new key, and so is a malformed key; nothing is stored then. Against the real CMS.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Subscription } from '../../src/shared/cms-types.ts';
import type { OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/shared/forms/idempotency-key.ts';
import { mailsTo, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { storedRow } from '../support/cms-database.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';
import { inputValue, type PostedForm, postData, postForm } from '../support/public-forms.ts';

const mailDir = inject('mailDir');

let portal: PortalApp;
let eventSlug: string;
let planSlug: string;

beforeAll(async () => {
  portal = await createTestApp();
  const events = await cms<{ data: OpenEvent[] }>('/event-registrations/availability');
  eventSlug = events.body.data.filter((event) => event.remaining === null || event.remaining > 10)[0]!.slug;
  const plans = await cms<{ data: Subscription[] }>('/subscriptions');
  planSlug = plans.body.data[0]!.slug;
});

afterAll(() => portal.close());

/** A calendar date in Europe/Amsterdam, `YYYY-MM-DD`, `days` after today. */
function amsterdamDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** One form: where it lives, a valid post, where its stored rows are, and its Dutch "resubmit" text. */
interface FormCase {
  name: string;
  path: () => string;
  valid: (email: string) => PostedForm;
  /** `SELECT COUNT(*) AS n …` of the rows a post with `email` stored. */
  countSql: string;
  resubmit: string;
  /** The confirmation e-mail's subject, when the form sends one to the visitor. */
  mail?: RegExp;
}

const FORMS: FormCase[] = [
  {
    name: 'contact',
    path: () => '/contact',
    valid: (email) => ({
      name: 'Fenna de Vries',
      email,
      subject: 'Een tip, één keer verstuurd',
      message: 'Dit bericht komt precies één keer aan.',
      consent: 'on',
    }),
    countSql: 'SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?',
    resubmit: 'Je bericht is niet verzonden: dit formulier was al eens gebruikt met andere gegevens.',
    mail: /We hebben je bericht ontvangen/,
  },
  {
    name: 'advertising',
    path: () => '/adverteren',
    valid: (email) => ({
      company: 'Eenmaal BV',
      contactPerson: 'Sanne Bakker',
      email,
      interests: ['banner'],
      budget: 'between_2500_10000',
      consent: 'on',
    }),
    countSql: 'SELECT COUNT(*) AS n FROM advertising_enquiries WHERE email = ?',
    resubmit: 'Je aanvraag is niet verzonden: dit formulier was al eens gebruikt met andere gegevens.',
  },
  {
    name: 'newsletter',
    path: () => '/nieuwsbrief',
    valid: (email) => ({ email, firstName: 'Noor', topics: ['logistiek'], consent: 'on' }),
    countSql: 'SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = ?',
    resubmit: 'Je aanmelding is niet gelukt: dit formulier was al eens gebruikt met andere gegevens.',
    mail: /Bevestig je aanmelding/,
  },
  {
    name: 'registration',
    path: () => '/inschrijvingen',
    valid: (email) => ({
      event: eventSlug,
      name: 'Marieke de Vries',
      email,
      organisation: 'Pakketpost B.V.',
      attendees: '1',
      consent: 'on',
    }),
    countSql: 'SELECT COUNT(*) AS n FROM event_registrations WHERE email = ?',
    resubmit: 'Je inschrijving is niet verstuurd: dit formulier was al eens gebruikt met andere gegevens.',
    mail: /Inschrijving bevestigd/,
  },
  {
    name: 'subscription order',
    path: () => `/abonnementen/${planSlug}`,
    valid: (email) => ({
      name: 'Sanne Bakker',
      street: 'Keizersgracht',
      houseNumber: '123B',
      postcode: '1015 CJ',
      city: 'Amsterdam',
      email,
      iban: 'NL44 RABO 0123 4567 89',
      accountHolder: 'S. Bakker',
      startDate: amsterdamDate(14),
      terms: 'on',
    }),
    countSql: 'SELECT COUNT(*) AS n FROM subscription_orders WHERE email = ?',
    resubmit: 'Je bestelling is niet verstuurd: dit formulier was al eens gebruikt met andere gegevens.',
    mail: /Bestelling|bestelling/,
  },
];

/** The key in a page's form. */
function keyOf(html: string): string | null {
  return inputValue(html, 'idempotencyKey');
}

/** A fresh key, as the form page renders it. */
async function renderedKey(form: FormCase): Promise<string> {
  const page = await request(portal.app).get(form.path()).expect(200);
  const key = keyOf(page.text);
  expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  return key!;
}

/** How many rows a post with `email` stored. */
async function storedCount(form: FormCase, email: string): Promise<number> {
  return Number((await storedRow<{ n: number | string }>(form.countSql, email))?.n ?? 0);
}

describe.each(FORMS)('the $name form', (form) => {
  it('renders a new key per visit, so the page is never shared by a cache', async () => {
    const first = await request(portal.app).get(form.path()).expect(200);
    const second = await request(portal.app).get(form.path()).expect(200);
    expect(keyOf(first.text)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keyOf(second.text)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keyOf(first.text)).not.toBe(keyOf(second.text));
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.text).toMatch(/<input type="hidden" name="idempotencyKey" value="[0-9a-f-]{36}"\/>/);
  });

  it('stores the same post sent twice without JavaScript once, with the same answer', async () => {
    const email = uniqueEmail(`eenmaal-${form.name.replace(/\s/g, '')}`);
    const post = { ...form.valid(email), idempotencyKey: await renderedKey(form) };
    const first = await postForm(portal, form.path(), post);
    const second = await postForm(portal, form.path(), post);
    expect(first.status).toBeGreaterThanOrEqual(300);
    expect(first.status).toBeLessThan(400);
    expect(second.status).toBe(first.status);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await storedCount(form, email)).toBe(1);
    if (form.mail) {
      await waitForMail(mailDir, email, form.mail);
      // A repeat sends no second e-mail (give a stray one time to arrive).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await mailsTo(mailDir, email)).filter((mail) => form.mail!.test(mail.subject))).toHaveLength(1);
    }
  });

  it('answers the same post again through the client action (JavaScript) with the same redirect', async () => {
    const email = uniqueEmail(`js-${form.name.replace(/\s/g, '')}`);
    const post = { ...form.valid(email), idempotencyKey: await renderedKey(form) };
    const first = await postForm(portal, form.path(), post);
    const again = await postData(portal, form.path(), post).expect(200);
    expect(again.body).toMatchObject({ redirect: first.headers.location, external: false });
    expect(await storedCount(form, email)).toBe(1);
  });

  it('refuses a key used for other values, in Dutch, with a new key and nothing stored', async () => {
    const key = await renderedKey(form);
    const firstEmail = uniqueEmail(`eerste-${form.name.replace(/\s/g, '')}`);
    await postForm(portal, form.path(), { ...form.valid(firstEmail), idempotencyKey: key });
    const otherEmail = uniqueEmail(`andere-${form.name.replace(/\s/g, '')}`);
    const reused = await postForm(portal, form.path(), { ...form.valid(otherEmail), idempotencyKey: key });
    expect(reused.status).toBe(422);
    const html = decodeHtml(reused.text);
    expect(html).toContain(form.resubmit);
    expect(inputValue(reused.text, 'email')).toBe(otherEmail);
    const fresh = keyOf(reused.text);
    expect(fresh).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(fresh).not.toBe(key);
    expect(await storedCount(form, otherEmail)).toBe(0);
    // With the new key the other values go through.
    const resent = await postForm(portal, form.path(), { ...form.valid(otherEmail), idempotencyKey: fresh! });
    expect(resent.status).toBeLessThan(400);
    expect(await storedCount(form, otherEmail)).toBe(1);
  });

  it('refuses a malformed key with a new one, and stores nothing', async () => {
    const email = uniqueEmail(`kapot-${form.name.replace(/\s/g, '')}`);
    const refused = await postForm(portal, form.path(), {
      ...form.valid(email),
      idempotencyKey: 'geen-sleutel',
    });
    expect(refused.status).toBe(422);
    expect(decodeHtml(refused.text)).toContain(form.resubmit);
    expect(keyOf(refused.text)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(await storedCount(form, email)).toBe(0);
  });
});

describe('the CMS', () => {
  it('checks the key itself: a malformed one is a 400, a reused one a 422', async () => {
    const post = (key: string, email: string) =>
      cms<{ error?: { status: number; details: { code?: string } } }>('/contact-messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          data: { name: 'Fenna', email, subject: 'Sleuteltest', message: 'Een bericht.', consent: true },
        }),
      });
    const malformed = await post('ABC', uniqueEmail('cms-sleutel'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.details.code).toBe('invalid-idempotency-key');
    const key = crypto.randomUUID();
    expect((await post(key, uniqueEmail('cms-eerste'))).status).toBe(202);
    const replay = await fetch(`${inject('cmsUrl')}/api/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        data: {
          name: 'X',
          email: uniqueEmail('cms-ander'),
          subject: 'Ander',
          message: 'Anders.',
          consent: true,
        },
      }),
    });
    expect(replay.status).toBe(422);
    expect(((await replay.json()) as { error: { details: { code: string } } }).error.details.code).toBe(
      'idempotency-key-reused',
    );
  });
});
