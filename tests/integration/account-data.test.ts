/**
 * An account holder's own data against the real CMS (docs/personal-data.md): "Account
 * verwijderen" on /account removes the account and what belongs to it — every token refused at
 * once, event registrations cancelled with their places given back, push subscriptions and the
 * newsletter subscription removed, vacancies withdrawn and unlinked, subscription orders kept with
 * every personal field emptied — after the password is asked again, and mails a confirmation.
 */
import { createECDH, randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { JobCategory } from '../../src/shared/cms-types.ts';
import { CookieJar, mailsTo, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { editorToken } from '../support/cms-admin.ts';
import { storedRow, storedRows } from '../support/cms-database.ts';
import { openEvents } from '../support/event-places.ts';
import { cms, createJourneyApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const cmsUrl = inject('cmsUrl');
const PASSWORD = 'mijn eigen gegevens';
const IBAN = 'NL91 ABNA 0417 1643 00';
const SESSION = 'strapi_jwt';

/** A signed-in account: address, the CMS JWT of its confirmation and the portal's cookies. */
interface Account {
  email: string;
  jwt: string;
  jar: CookieJar;
}

let portal: PortalApp;
let categories: JobCategory[];

/** A same-origin form post (what a browser sends from the portal's own page). */
function post(path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(portal.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/** A call to the CMS API with a user's JWT (or anonymous). */
function cmsAs<T = unknown>(
  jwt: string | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return cms<T>(path, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** A calendar date in Europe/Amsterdam, `YYYY-MM-DD`, `days` after today. */
function amsterdamDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** A registered, confirmed account, signed in at the portal. */
async function signedInAccount(name: string): Promise<Account> {
  const email = uniqueEmail(name);
  const registered = await cmsAs(null, '/auth/local/register', {
    method: 'POST',
    body: { username: email, email, password: PASSWORD },
  });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  const confirmed = await cmsAs<{ jwt: string }>(null, '/account/email-confirmation', {
    method: 'POST',
    body: { confirmation: code },
  });
  expect(confirmed.status).toBe(200);
  const jar = new CookieJar();
  jar.take(await post('/inloggen', { email, password: PASSWORD }).expect(302));
  return { email, jwt: confirmed.body.jwt, jar };
}

/** A fresh session of `account` (another browser), as its JWT. */
async function anotherSession(account: Account): Promise<string> {
  const login = await cmsAs<{ jwt: string }>(null, '/auth/local', {
    method: 'POST',
    body: { identifier: account.email, password: PASSWORD },
  });
  expect(login.status).toBe(200);
  return login.body.jwt;
}

/** The open event with a capacity and the most places left (so given-back places can be counted). */
async function roomyEvent() {
  const events = (await openEvents()).filter((event) => event.remaining !== null && event.remaining >= 5);
  const event = events.sort((a, b) => (b.remaining ?? 0) - (a.remaining ?? 0))[0];
  if (!event) throw new Error('No event with at least 5 places open for registration');
  return event;
}

/** Places left at event `slug` now (null: no capacity). */
async function placesLeft(slug: string): Promise<number | null | undefined> {
  return (await openEvents()).find((event) => event.slug === slug)?.remaining;
}

/** Registers `attendees` for `slug` at the CMS, as the account (jwt) or anonymously. */
async function register(slug: string, email: string, attendees: number, jwt: string | null) {
  const answer = await cmsAs(jwt, '/event-registrations', {
    method: 'POST',
    body: {
      data: {
        event: slug,
        name: 'Eva de Vries',
        email,
        organisation: 'Eigen Data B.V.',
        attendees,
        consent: true,
      },
    },
  });
  expect(answer.status).toBe(201);
}

/**
 * A push subscription of a browser of the account. Its topic is `ecommerce`, which no test sends:
 * push.test.ts counts the failed deliveries of a `logistiek` notification over every subscriber of
 * the shared test CMS, and this endpoint does not exist.
 */
async function subscribePush(jwt: string): Promise<string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const endpoint = `https://push.example.test/${randomBytes(12).toString('hex')}`;
  const answer = await cmsAs(jwt, '/push-subscriptions/register', {
    method: 'POST',
    body: {
      data: {
        endpoint,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        locale: 'nl',
        topics: ['ecommerce'],
      },
    },
  });
  expect(answer.status).toBe(201);
  return endpoint;
}

/** A subscription order with the account's address; returns its order number. */
async function order(email: string): Promise<string> {
  const { body } = await cms<{ data: Array<{ slug: string }> }>('/subscriptions');
  const plan = body.data[0];
  if (!plan) throw new Error('No subscription plan');
  const answer = await cmsAs<{ data: { orderNumber: string } }>(null, '/subscription-orders', {
    method: 'POST',
    body: {
      data: {
        plan: plan.slug,
        name: 'Eva de Vries',
        street: 'Keizersgracht',
        houseNumber: '12',
        postcode: '1015 CJ',
        city: 'Amsterdam',
        email,
        iban: IBAN,
        accountHolder: 'E. de Vries',
        startDate: amsterdamDate(14),
        terms: true,
        locale: 'nl',
      },
    },
  });
  expect(answer.status).toBe(201);
  return answer.body.data.orderNumber;
}

/** A complete vacancy form post of `account` (as tests/integration/forms-vacancies.test.ts posts it). */
function vacancyForm(title: string, email: string): Record<string, string> {
  return {
    title,
    summary: 'Wij zoeken een ervaren planner voor ons distributiecentrum.',
    description: 'Als planner zorg je dat elke zending op tijd vertrekt.\n\nWat je doet:\n\n- ritten plannen',
    category: categories[0]!.documentId,
    employmentType: 'FULL_TIME',
    employer: 'Eigen Data B.V.',
    location: 'Tilburg',
    salaryMin: '3200',
    salaryMax: '4100',
    salaryPeriod: 'MONTH',
    applyUrl: 'https://werkenbij.eigendata.example/planner',
    applyEmail: email,
    publishFrom: amsterdamDate(0),
    validThrough: amsterdamDate(30),
    invoiceCompany: 'Eigen Data B.V.',
    invoiceStreet: 'Stationsstraat',
    invoiceHouseNumber: '12A',
    invoicePostcode: '5038 EC',
    invoiceCity: 'Tilburg',
    kvkNumber: '12345678',
    vatNumber: 'NL123456789B01',
    invoiceEmail: email,
    iban: IBAN,
    terms: 'on',
  };
}

/** Places a vacancy through the portal, approved and published by an editor; returns its documentId. */
async function publishedVacancy(account: Account, title: string): Promise<string> {
  const response = await post('/jobs/plaatsen', vacancyForm(title, account.email), account.jar).expect(302);
  const documentId = new URL(response.headers.location as string, PUBLIC_URL).searchParams.get('vacature');
  expect(documentId).toBeTruthy();
  const token = await editorToken();
  const base = `${cmsUrl}/content-manager/collection-types/api::vacancy.vacancy/${documentId}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const saved = await fetch(base, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ reviewStatus: 'approved' }),
  });
  expect(saved.status).toBe(200);
  const published = await fetch(`${base}/actions/publish`, { method: 'POST', headers, body: '{}' });
  expect(published.status).toBe(200);
  return documentId!;
}

beforeAll(async () => {
  portal = await createJourneyApp();
  const { body } = await cms<{ data: JobCategory[] }>('/job-categories?sort=name:asc');
  categories = body.data;
});

afterAll(() => portal.close());

describe('Account verwijderen', () => {
  let account: Account;
  let otherSession: string;
  let eventSlug: string;
  let placesBefore: number | null | undefined;
  let vacancyId: string;
  let orderNumber: string;
  let endpoint: string;

  beforeAll(async () => {
    account = await signedInAccount('verwijderaar');
    otherSession = await anotherSession(account);
    const event = await roomyEvent();
    eventSlug = event.slug;
    placesBefore = await placesLeft(eventSlug);
    // One registration while signed in, one with the same (confirmed) address while signed out.
    await register(eventSlug, account.email, 2, account.jwt);
    await register(eventSlug, account.email, 1, null);
    expect(await placesLeft(eventSlug)).toBe((placesBefore ?? 0) - 3);
    endpoint = await subscribePush(account.jwt);
    const newsletter = await cmsAs(null, '/newsletter-subscriptions', {
      method: 'POST',
      body: { data: { email: account.email, topics: ['logistiek'], consent: true, language: 'nl' } },
    });
    expect(newsletter.status).toBe(202);
    orderNumber = await order(account.email);
    vacancyId = await publishedVacancy(account, `Planner eigen data ${Date.now()}`);
    const visible = await cms(`/vacancies/${vacancyId}`);
    expect(visible.status).toBe(200);
  });

  it('shows what goes and what stays, and asks the password', async () => {
    const page = await request(portal.app).get('/account').set('Cookie', account.jar.header()).expect(200);
    const html = decodeHtml(page.text);
    expect(html).toContain('<h2 id="account-delete">Account verwijderen</h2>');
    expect(html).toContain('Wat we verwijderen');
    expect(html).toContain('je inschrijvingen voor evenementen; je plaatsen komen weer vrij');
    expect(html).toContain('Wat we bewaren');
    expect(html).toContain('zonder je naam, adres, e-mailadres en IBAN');
    expect(html).toMatch(/<input id="delete-account-password"[^>]*autoComplete="current-password"/);
  });

  it('keeps everything when the password is wrong or missing', async () => {
    const wrong = await post(
      '/account',
      { intent: 'delete-account', password: 'niet mijn wachtwoord' },
      account.jar,
    ).expect(400);
    expect(decodeHtml(wrong.text)).toContain('Het huidige wachtwoord klopt niet.');
    const empty = await post('/account', { intent: 'delete-account', password: '' }, account.jar).expect(422);
    expect(decodeHtml(empty.text)).toContain('Huidig wachtwoord is verplicht.');
    expect((await cmsAs(account.jwt, '/users/me')).status).toBe(200);
    expect(await placesLeft(eventSlug)).toBe((placesBefore ?? 0) - 3);
  });

  it('removes the account and its data, refuses every token at once and mails a confirmation', async () => {
    const response = await post(
      '/account',
      { intent: 'delete-account', password: PASSWORD },
      account.jar,
    ).expect(302);
    expect(response.headers.location).toBe('/inloggen?status=account-deleted');
    const cleared = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cleared.some((line) => line.startsWith(`${SESSION}=;`))).toBe(true);

    // Every token of the account is refused, at the CMS and at the portal.
    expect((await cmsAs(account.jwt, '/users/me')).status).toBe(401);
    expect((await cmsAs(otherSession, '/users/me')).status).toBe(401);
    const jar = new CookieJar();
    jar.set(SESSION, otherSession);
    const page = await request(portal.app).get('/account').set('Cookie', jar.header()).expect(302);
    expect(page.headers.location).toMatch(/^\/inloggen\?redirect=/);
    // Signing in again is refused: the account is gone.
    const login = await cmsAs(null, '/auth/local', {
      method: 'POST',
      body: { identifier: account.email, password: PASSWORD },
    });
    expect(login.status).toBe(400);
    const users = await storedRows('SELECT id FROM up_users WHERE email = ?', account.email.toLowerCase());
    expect(users).toHaveLength(0);

    // Registrations cancelled, their places given back.
    const registrations = await storedRows(
      'SELECT id FROM event_registrations WHERE LOWER(email) = ?',
      account.email.toLowerCase(),
    );
    expect(registrations).toHaveLength(0);
    expect(await placesLeft(eventSlug)).toBe(placesBefore);

    // Push and newsletter subscriptions removed.
    expect(await storedRows('SELECT id FROM push_subscriptions WHERE endpoint = ?', endpoint)).toHaveLength(
      0,
    );
    expect(
      await storedRows(
        'SELECT id FROM newsletter_subscriptions WHERE LOWER(email) = ?',
        account.email.toLowerCase(),
      ),
    ).toHaveLength(0);

    // The vacancy is withdrawn, offline, and keeps no personal data nor owner.
    expect((await cms(`/vacancies/${vacancyId}`)).status).toBe(404);
    const vacancies = await storedRows<{
      review_status: string;
      published_at: string | null;
      apply_email: string | null;
      invoice_email: string | null;
      iban: string | null;
      invoice_company: string | null;
    }>(
      'SELECT review_status, published_at, apply_email, invoice_email, iban, invoice_company FROM vacancies WHERE document_id = ?',
      vacancyId,
    );
    expect(vacancies).toHaveLength(1);
    expect(vacancies[0]).toMatchObject({
      review_status: 'withdrawn',
      published_at: null,
      apply_email: null,
      invoice_email: null,
      iban: null,
      invoice_company: 'Eigen Data B.V.',
    });
    const owners = await storedRows(
      'SELECT l.vacancy_id FROM vacancies_owner_lnk l JOIN vacancies v ON v.id = l.vacancy_id WHERE v.document_id = ?',
      vacancyId,
    );
    expect(owners).toHaveLength(0);

    // The order is kept for the bookkeeping, without the person.
    const kept = await storedRow<Record<string, unknown>>(
      'SELECT order_number, plan_name, price_cents, name, street, house_number, postcode, city, email, iban, account_holder FROM subscription_orders WHERE order_number = ?',
      orderNumber,
    );
    expect(kept).toBeDefined();
    expect(kept!.plan_name).toBeTruthy();
    for (const field of [
      'name',
      'street',
      'house_number',
      'postcode',
      'city',
      'email',
      'iban',
      'account_holder',
    ]) {
      expect(kept![field], field).toBeNull();
    }

    // The confirmation, to the former address.
    const mail = await waitForMail(mailDir, account.email, /Je account is verwijderd/);
    expect(mail.text).toContain('Je account op');
    expect(mail.text).toContain('zonder je naam, adres, e-mailadres en IBAN');

    // The login page says it.
    const notice = await request(portal.app).get('/inloggen?status=account-deleted').expect(200);
    expect(decodeHtml(notice.text)).toContain('Je account en je persoonlijke gegevens zijn verwijderd.');
  });

  it('a second post of the form finds no account and changes nothing more', async () => {
    const again = await post(
      '/account',
      { intent: 'delete-account', password: PASSWORD },
      account.jar,
    ).expect(302);
    expect(again.headers.location).toMatch(/^\/inloggen\?redirect=/);
    expect(await mailsTo(mailDir, account.email, /Je account is verwijderd/)).toHaveLength(1);
  });
});

/** The idempotency key of form `id` on a rendered page. */
function formKey(html: string, id: string): string {
  const form = new RegExp(`<form[^>]*id="${id}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? '';
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(form)?.[1];
  if (!key) throw new Error(`No idempotency key in #${id}`);
  return key;
}

/** `/account` as the account sees it, text decoded. */
async function accountPage(account: Account, query = ''): Promise<string> {
  const page = await request(portal.app)
    .get(`/account${query}`)
    .set('Cookie', account.jar.header())
    .expect(200);
  return decodeHtml(page.text);
}

describe('Download mijn gegevens', () => {
  let account: Account;
  let other: Account;
  let eventSlug: string;

  beforeAll(async () => {
    [account, other] = await Promise.all([signedInAccount('exporteur'), signedInAccount('buurman')]);
    eventSlug = (await roomyEvent()).slug;
    await register(eventSlug, account.email, 1, account.jwt);
    await register(eventSlug, other.email, 1, other.jwt);
    await subscribePush(account.jwt);
    await order(account.email);
    await order(other.email);
    const newsletter = await cmsAs(null, '/newsletter-subscriptions', {
      method: 'POST',
      body: { data: { email: account.email, topics: ['fulfilment'], consent: true, language: 'nl' } },
    });
    expect(newsletter.status).toBe(202);
    await post('/jobs/plaatsen', vacancyForm('Exporteerbare vacature', account.email), account.jar).expect(
      302,
    );
  });

  it('links to the download on /account', async () => {
    const html = await accountPage(account);
    expect(html).toMatch(/<a href="\/account\/gegevens\.json" download=""[^>]*>Download mijn gegevens<\/a>/);
  });

  it('answers a JSON attachment, never stored, with everything of the account and the IBANs masked', async () => {
    const response = await request(portal.app)
      .get('/account/gegevens.json')
      .set('Cookie', account.jar.header())
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="mijn-gegevens-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = response.text;
    const body = JSON.parse(text);
    expect(body.account).toMatchObject({
      email: account.email.toLowerCase(),
      confirmed: true,
      provider: 'local',
    });
    expect(body.eventRegistrations).toHaveLength(1);
    expect(body.eventRegistrations[0]).toMatchObject({
      email: account.email,
      attendees: 1,
      event: { slug: eventSlug },
    });
    expect(body.subscriptionOrders).toHaveLength(1);
    expect(body.subscriptionOrders[0]).toMatchObject({
      name: 'Eva de Vries',
      iban: 'NL** **** **** **43 00',
    });
    expect(body.vacancies).toHaveLength(1);
    expect(body.vacancies[0]).toMatchObject({
      title: 'Exporteerbare vacature',
      invoice: { iban: 'NL** **** **** **43 00' },
    });
    expect(body.newsletter).toMatchObject({ state: 'pending', topics: ['fulfilment'] });
    expect(body.pushSubscriptions).toHaveLength(1);
    expect(body.portal.session.signedInAt).toMatch(/^\d{4}-/);
    // Never the IBAN in clear, a password hash, a token or another account's data.
    expect(text).not.toContain(IBAN.replace(/\s+/g, ''));
    expect(text).not.toMatch(/password|token|\$2[aby]\$/i);
    expect(text).not.toContain(other.email);
  });

  it('sends an anonymous visitor to the login page and back to /account', async () => {
    const response = await request(portal.app).get('/account/gegevens.json').expect(302);
    expect(response.headers.location).toBe('/inloggen?redirect=%2Faccount');
    const english = await request(portal.app).get('/en/account/gegevens.json').expect(302);
    expect(english.headers.location).toBe('/en/inloggen?redirect=%2Fen%2Faccount');
  });
});

describe('Naam, e-mailadres en nieuwsbrief', () => {
  let account: Account;
  let newEmail: string;

  beforeAll(async () => {
    account = await signedInAccount('verhuizer');
    newEmail = uniqueEmail('verhuisd');
  });

  it('changes the name', async () => {
    const response = await post(
      '/account',
      { intent: 'update-name', fullName: 'Eva de Vries' },
      account.jar,
    ).expect(302);
    expect(response.headers.location).toBe('/account?status=name-changed');
    const html = await accountPage(account, '?status=name-changed');
    expect(html).toContain('Je naam is opgeslagen.');
    expect(html).toContain('<dd data-testid="account-name">Eva de Vries</dd>');
  });

  it('refuses a wrong password and sends no link', async () => {
    const key = formKey(await accountPage(account), 'email-form');
    const wrong = await post(
      '/account',
      {
        intent: 'change-email',
        email: newEmail,
        current_password: 'niet mijn wachtwoord',
        idempotencyKey: key,
      },
      account.jar,
    ).expect(400);
    const html = decodeHtml(wrong.text);
    expect(html).toContain('Het huidige wachtwoord klopt niet.');
    expect(html).toContain(`value="${newEmail}"`);
    expect(await mailsTo(mailDir, newEmail)).toHaveLength(0);
  });

  it('changes the address only after the link sent to the new address is followed', async () => {
    const key = formKey(await accountPage(account), 'email-form');
    const form = { intent: 'change-email', email: newEmail, current_password: PASSWORD, idempotencyKey: key };
    const sent = await post('/account', form, account.jar).expect(302);
    expect(sent.headers.location).toBe('/account?status=email-change-sent');
    // The same post again (a double click, a retry) is the same request: one e-mail.
    await post('/account', form, account.jar).expect(302);
    const mail = await waitForMail(mailDir, newEmail, /Bevestig je nieuwe e-mailadres/);
    await waitForMail(mailDir, account.email, /Je e-mailadres wordt gewijzigd/);

    // Not yet: the old address is still the account's.
    const me = await cmsAs<{ email: string }>(account.jwt, '/users/me');
    expect(me.body.email).toBe(account.email.toLowerCase());
    const html = await accountPage(account, '?status=email-change-sent');
    expect(html).toContain(`Tot dan blijft je e-mailadres ${account.email.toLowerCase()}.`);
    expect(html).toContain(`${newEmail} wacht op bevestiging.`);
    const oldLogin = await cmsAs(null, '/auth/local', {
      method: 'POST',
      body: { identifier: account.email, password: PASSWORD },
    });
    expect(oldLogin.status).toBe(200);
    expect(await mailsTo(mailDir, newEmail, /Bevestig je nieuwe e-mailadres/)).toHaveLength(1);

    // The link makes it so.
    const link = /https?:\/\/[^\s"<>]+\/account\?email-wijziging=[a-f0-9]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const followed = await request(portal.app)
      .get(`${url.pathname}${url.search}`)
      .set('Cookie', account.jar.header())
      .expect(302);
    expect(followed.headers.location).toBe('/account?status=email-changed');
    const after = await cmsAs<{ email: string; username: string }>(account.jwt, '/users/me');
    expect(after.body).toMatchObject({ email: newEmail.toLowerCase(), username: newEmail.toLowerCase() });
    expect(await accountPage(account, '?status=email-changed')).toContain(
      `Je e-mailadres is gewijzigd in ${newEmail.toLowerCase()}.`,
    );
    const newLogin = await cmsAs(null, '/auth/local', {
      method: 'POST',
      body: { identifier: newEmail, password: PASSWORD },
    });
    expect(newLogin.status).toBe(200);
    const staleLogin = await cmsAs(null, '/auth/local', {
      method: 'POST',
      body: { identifier: account.email, password: PASSWORD },
    });
    expect(staleLogin.status).toBe(400);

    // The link works once.
    const again = await accountPage(account, url.search);
    expect(again).toContain('Deze link is ongeldig of al gebruikt.');
  });

  it('signs the account up for the newsletter and off again', async () => {
    const address = newEmail.toLowerCase();
    let html = await accountPage(account);
    expect(html).toContain(`Je ontvangt onze nieuwsbrief niet op ${address}.`);
    const key = formKey(html, 'newsletter-form');
    const noConsent = await post(
      '/account',
      { intent: 'newsletter-subscribe', topics: 'logistiek', idempotencyKey: key },
      account.jar,
    ).expect(422);
    expect(decodeHtml(noConsent.text)).toContain('Accepteer de privacyverklaring.');
    const subscribed = await post(
      '/account',
      { intent: 'newsletter-subscribe', topics: 'logistiek', consent: 'on', idempotencyKey: key },
      account.jar,
    ).expect(302);
    expect(subscribed.headers.location).toBe('/account?status=newsletter-check-mail');
    const mail = await waitForMail(mailDir, address, /Bevestig je aanmelding voor de nieuwsbrief/);
    html = await accountPage(account);
    expect(html).toContain(`Je aanmelding voor ${address} wacht op bevestiging.`);

    const token = /bevestigen\?token=([a-f0-9]{64})/.exec(mail.text)?.[1];
    const confirmed = await cmsAs(null, '/newsletter-subscriptions/confirm', {
      method: 'POST',
      body: { token },
    });
    expect(confirmed.status).toBe(200);
    html = await accountPage(account);
    expect(html).toContain(`Je ontvangt onze nieuwsbrief op ${address}.`);
    expect(html).toContain('Onderwerpen: Logistiek');

    const off = await post('/account', { intent: 'newsletter-unsubscribe' }, account.jar).expect(302);
    expect(off.headers.location).toBe('/account?status=newsletter-unsubscribed');
    const row = await storedRow<{ state: string }>(
      'SELECT state FROM newsletter_subscriptions WHERE LOWER(email) = ?',
      address,
    );
    expect(row?.state).toBe('unsubscribed');
    expect(await accountPage(account)).toContain(`Je ontvangt onze nieuwsbrief niet op ${address}.`);
  });
});
