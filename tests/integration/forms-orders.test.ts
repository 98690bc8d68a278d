/**
 * Subscription orders against the real CMS: the order form on `/abonnementen/{slug}`, a
 * valid order stored with its confirmation e-mail (order number, plan, price in euro from
 * `priceCents`, start date, masked IBAN — never the full IBAN), every invalid field refused with its
 * exact message while every other value stays, the IBAN too (decision 110: an IBAN with one changed
 * digit, Dutch postcodes, a start date of today, named by the first day allowed), the public API not
 * listing orders, and a CMS outage keeping the input.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Subscription } from '../../src/shared/cms-types.ts';
import { mailsTo, startFaultyCms, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { revealStoredIban, storedRow } from '../support/cms-database.ts';
import { amsterdamDate } from '../support/dates.ts';
import { cms, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const cmsUrl = inject('cmsUrl');
const IBAN = 'NL44 RABO 0123 4567 89';
/** The same IBAN with one changed digit: the mod-97 check fails. */
const IBAN_ONE_DIGIT_OFF = 'NL44 RABO 0123 4567 88';
const ZONE = 'Europe/Amsterdam';

let portal: PortalApp;
let plan: Subscription;

beforeAll(async () => {
  portal = await createTestApp();
  const { body } = await cms<{ data: Subscription[] }>('/subscriptions?sort=order:asc&populate=benefits');
  plan = body.data.find((candidate) => candidate.period === 'month') ?? body.data[0]!;
});

afterAll(() => portal.close());

/** A same-origin form post (what a browser sends from the portal's own page). */
function post(app: PortalApp, path: string, form: Record<string, string>) {
  return request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
}

/** A complete, valid order. */
function validOrder(email: string): Record<string, string> {
  return {
    name: 'Sanne Bakker',
    street: 'Keizersgracht',
    houseNumber: '123B',
    postcode: '1015 CJ',
    city: 'Amsterdam',
    email,
    iban: IBAN,
    accountHolder: 'S. Bakker',
    startDate: amsterdamDate(14),
    terms: 'on',
  };
}

/** The messages shown next to field `name` of the order form. */
function fieldMessages(html: string, name: string): string[] {
  const list = new RegExp(`id="order-form-${name}-messages">([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => decodeHtml(match[1]!));
}

/** Every way the test IBAN could appear in a text. */
function containsIban(text: string): boolean {
  const compact = IBAN.replace(/\s+/g, '');
  return (
    text.includes(compact) || text.includes(IBAN) || text.includes('0123456789') || text.includes('0123 4567')
  );
}

const euro = (cents: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('the order form', () => {
  it('is on the plan page, in Dutch, posting to the page itself', async () => {
    const response = await request(portal.app).get(`/abonnementen/${plan.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h2 id="order-title">${plan.name} bestellen</h2>`);
    expect(html).toContain(`action="/abonnementen/${plan.slug}" method="post"`);
    for (const label of [
      'Naam',
      'Straat',
      'Huisnummer',
      'Postcode',
      'Plaats',
      'E-mailadres',
      'IBAN',
      'Tenaamstelling rekening',
      'Ingangsdatum',
    ]) {
      expect(html).toContain(`">${label}</label>`);
    }
    expect(html).toContain('type="date"');
    expect(html).toContain('href="#bestellen"');
  });

  it('is available in English under /en', async () => {
    const html = decodeHtml(
      (await request(portal.app).get(`/en/abonnementen/${plan.slug}`).expect(200)).text,
    );
    expect(html).toContain(`Order ${plan.name}`);
    expect(html).toContain('>Account holder</label>');
    expect(html).toContain(`action="/en/abonnementen/${plan.slug}" method="post"`);
  });
});

describe('a valid order', () => {
  it('is stored and confirmed on the page and by e-mail with a masked IBAN', async () => {
    const email = uniqueEmail('bestelling');
    const order = validOrder(email);
    const response = await post(portal, `/abonnementen/${plan.slug}`, order).expect(302);
    const location = response.headers.location!;
    const orderNumber = /[?&]besteld=(ABO-[A-Z2-9]{8})$/.exec(location)?.[1];
    expect(location.startsWith(`/abonnementen/${plan.slug}?besteld=`)).toBe(true);
    expect(orderNumber).toBeTruthy();
    expect(containsIban(location)).toBe(false);

    const page = decodeHtml((await request(portal.app).get(location).expect(200)).text);
    expect(page).toContain('Bedankt voor je bestelling');
    expect(page).toContain(`ordernummer ${orderNumber}`);
    expect(page).toContain(`<strong data-order-number="${orderNumber}">${orderNumber}</strong>`);
    expect(page).not.toContain('id="order-form"');

    const mail = await waitForMail(mailDir, email, /Bevestiging van je bestelling/);
    expect(mail.subject).toBe(`Bevestiging van je bestelling ${orderNumber}`);
    expect(mail.text).toContain('Beste Sanne Bakker,');
    expect(mail.text).toContain(`Ordernummer: ${orderNumber}`);
    expect(mail.text).toContain(`Abonnement: ${plan.name}`);
    expect(mail.text).toContain(`Prijs: ${euro(plan.priceCents, 'nl-NL')} per maand`);
    const start = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${order.startDate}T00:00:00Z`));
    expect(mail.text).toContain(`Ingangsdatum: ${start}`);
    expect(mail.text).toContain('Adres: Keizersgracht 123B, 1015 CJ Amsterdam');
    expect(mail.text).toContain('Automatische incasso van: NL** **** **** **67 89 t.n.v. S. Bakker');
    expect(mail.text).toContain(`${PUBLIC_URL}/abonnementen/${plan.slug}`);
    expect(containsIban(mail.text)).toBe(false);
    expect(containsIban(mail.html ?? '')).toBe(false);

    // At rest the IBAN is encrypted (decision 050), and decrypts with the CMS's key only.
    const row = await storedRow<{ iban: string }>(
      'SELECT iban FROM subscription_orders WHERE order_number = ?',
      orderNumber,
    );
    expect(row?.iban).toMatch(/^enc:v2:[0-9a-f]{8}:/);
    expect(containsIban(row?.iban ?? '')).toBe(false);
    expect(revealStoredIban(row?.iban ?? '')).toBe(IBAN.replace(/\s+/g, ''));
  });

  it('is confirmed in English when ordered from /en', async () => {
    const email = uniqueEmail('order');
    const response = await post(portal, `/en/abonnementen/${plan.slug}`, validOrder(email)).expect(302);
    expect(response.headers.location).toMatch(new RegExp(`^/en/abonnementen/${plan.slug}\\?besteld=ABO-`));
    const mail = await waitForMail(mailDir, email, /Confirmation of your order/);
    expect(mail.text).toContain(`Price: ${euro(plan.priceCents, 'en-GB')} per month`);
    expect(mail.text).toContain('Direct debit from: NL** **** **** **67 89 in the name of S. Bakker');
    expect(containsIban(mail.text)).toBe(false);
  });

  it('is answered by the CMS with the order number only', async () => {
    const answer = await cms<{ data: Record<string, unknown> }>('/subscription-orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { ...validOrder(uniqueEmail('api-order')), plan: plan.slug, terms: true, locale: 'nl' },
      }),
    });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body.data).sort()).toEqual(['confirmationSent', 'orderNumber']);
    expect(answer.body.data.confirmationSent).toBe(true);
    expect(containsIban(JSON.stringify(answer.body))).toBe(false);
  });
});

describe('invalid fields', () => {
  const today = amsterdamDate(0);
  // Today is refused; the message names the first day allowed, tomorrow (decision 110).
  const tomorrowText = new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: ZONE,
  }).format(new Date(`${amsterdamDate(1)}T00:00:00Z`));
  const cases: Array<[field: string, value: string | null, message: string]> = [
    ['name', '', 'Naam is verplicht.'],
    ['street', '', 'Straat is verplicht.'],
    ['houseNumber', 'nummer', 'Huisnummer is geen toegestane waarde.'],
    ['postcode', '0123 AB', 'Postcode is geen toegestane waarde.'],
    ['postcode', '1234 SA', 'Postcode is geen toegestane waarde.'],
    ['postcode', '12345', 'Postcode is geen toegestane waarde.'],
    ['city', '', 'Plaats is verplicht.'],
    ['email', 'sanne@bakker', 'Vul een geldig e-mailadres in.'],
    ['iban', IBAN_ONE_DIGIT_OFF, 'Vul een geldig IBAN in.'],
    ['iban', '', 'IBAN is verplicht.'],
    ['accountHolder', '', 'Tenaamstelling rekening is verplicht.'],
    ['startDate', today, `Kies een ingangsdatum op of na ${tomorrowText}.`],
    ['terms', null, 'Accepteer de algemene voorwaarden.'],
  ];

  for (const [field, value, message] of cases) {
    it(`refuses ${field} = ${JSON.stringify(value)} with its message and keeps every value, the IBAN too`, async () => {
      const email = uniqueEmail(`fout-${field}`);
      const order = validOrder(email);
      if (value === null) delete order[field];
      else order[field] = value;
      const response = await post(portal, `/abonnementen/${plan.slug}`, order).expect(422);
      const html = decodeHtml(response.text);
      expect(fieldMessages(html, field)).toEqual([message]);
      for (const other of [
        'name',
        'street',
        'houseNumber',
        'postcode',
        'city',
        'email',
        'iban',
        'accountHolder',
        'startDate',
      ]) {
        // Every value as it was sent, the refused one and the IBAN too (decision 110).
        expect(html).toContain(`name="${other}" value="${order[other] ?? ''}"`);
      }
      expect(await mailsTo(mailDir, email)).toHaveLength(0);
    });
  }

  it('accepts a postcode without a space and in lower case', async () => {
    const email = uniqueEmail('postcode');
    await post(portal, `/abonnementen/${plan.slug}`, { ...validOrder(email), postcode: '1015cj' }).expect(
      302,
    );
    const mail = await waitForMail(mailDir, email, /Bevestiging van je bestelling/);
    expect(mail.text).toContain('1015 CJ Amsterdam');
  });

  it('refuses in English under /en', async () => {
    const order = { ...validOrder(uniqueEmail('invalid')), iban: IBAN_ONE_DIGIT_OFF };
    const response = await post(portal, `/en/abonnementen/${plan.slug}`, order).expect(422);
    expect(fieldMessages(decodeHtml(response.text), 'iban')).toEqual(['Please enter a valid IBAN.']);
  });
});

describe('privacy of orders', () => {
  it('are never listed or read by the public API', async () => {
    expect((await cms('/subscription-orders')).status).toBe(403);
    expect((await cms('/subscription-orders/some-document-id')).status).toBe(403);
    expect(
      (await cms('/subscription-orders/some-document-id/resend-confirmation', { method: 'POST' })).status,
    ).toBe(403);
  });

  it('are refused by the CMS itself when invalid (one changed IBAN digit, a start date of today)', async () => {
    const base = { ...validOrder(uniqueEmail('api-fout')), plan: plan.slug, terms: true };
    const send = (data: Record<string, unknown>) =>
      cms<{
        error: {
          status: number;
          name: string;
          details: { field: string; errors: Array<{ path: string[]; message: string; name: string }> };
        };
      }>('/subscription-orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data }),
      });
    const iban = await send({ ...base, iban: IBAN_ONE_DIGIT_OFF });
    expect(iban.status).toBe(400);
    expect(iban.body.error.details.field).toBe('iban');
    // Strapi's ValidationError shape (docs/decisions/081-cms-validation-on-yup.md), without the value.
    expect(iban.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(iban.body.error.details.errors).toEqual([
      { path: ['data', 'iban'], message: 'data.iban is not a valid IBAN', name: 'ValidationError' },
    ]);
    expect(containsIban(JSON.stringify(iban.body))).toBe(false);
    const start = await send({ ...base, startDate: amsterdamDate(0) });
    expect(start.status).toBe(400);
    expect(start.body.error.details.field).toBe('startDate');
    const postcode = await send({ ...base, postcode: '1234 SD' });
    expect(postcode.body.error.details.field).toBe('postcode');
  });
});

describe('a CMS outage while ordering', () => {
  it('keeps the input, the IBAN too, and says the order may have arrived (the connection broke)', async () => {
    const faulty = await startFaultyCms(
      cmsUrl,
      (method, path) => method === 'POST' && path.startsWith('/api/subscription-orders'),
    );
    const app = await createTestApp(faulty.url);
    try {
      const email = uniqueEmail('storing');
      const response = await post(app, `/abonnementen/${plan.slug}`, validOrder(email)).expect(503);
      const html = decodeHtml(response.text);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(html).toContain('We weten niet zeker of je bestelling is aangekomen');
      expect(html).toContain(`name="email" value="${email}"`);
      expect(html).toContain('name="street" value="Keizersgracht"');
      expect(html).toContain(`name="iban" value="${IBAN}"`);
      expect(await mailsTo(mailDir, email)).toHaveLength(0);
    } finally {
      await app.close();
      await faulty.close();
    }
  });
});
