/**
 * Event registration against the real CMS: the `/inschrijvingen` page (events open for
 * registration, `?evenement=` preselection), a valid registration stored with its confirmation
 * e-mail (date and time in Europe/Amsterdam, venue, link to the event; English under `/en`), every
 * invalid field refused with its exact message while the other values stay, the capacity rule
 * (concurrent registrations never overbook; a full event gets a clear message), the link to the
 * account (`GET /api/event-registrations/mine` shows only the caller's own registrations), the
 * public API not listing registrations, and a CMS outage keeping the input.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { CookieJar, mailsTo, startFaultyCms, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { openEvents } from '../support/event-places.ts';
import { cms, createJourneyApp, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const cmsUrl = inject('cmsUrl');
const PASSWORD = 'inschrijf wachtwoord';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createJourneyApp();
});

afterAll(() => portal.close());

/** A same-origin form post (what a browser sends from the portal's own page). */
function post(app: PortalApp, path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

function get(app: PortalApp, path: string, jar?: CookieJar) {
  const call = request(app.app).get(path);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/**
 * The open events that still have places: the capacity test below and other files
 * (tests/support/event-places.ts) fill events while these tests run.
 */
async function eventsWithRoom(): Promise<OpenEvent[]> {
  return (await openEvents()).filter((event) => event.remaining !== 0);
}

/** Registers directly at the CMS API (as the portal does). */
function registerAtCms(event: string, attendees: number, extra: Record<string, unknown> = {}, jwt?: string) {
  return cms<{
    data: Record<string, unknown> | null;
    error?: { status: number; details: { code?: string; remaining?: number } };
  }>('/event-registrations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify({
      data: {
        event,
        name: 'Test Deelnemer',
        email: uniqueEmail('api'),
        organisation: 'Testbedrijf',
        attendees,
        consent: true,
        ...extra,
      },
    }),
  });
}

/** A complete, valid form post for `event`. */
function validForm(event: string, email: string): Record<string, string> {
  return {
    event,
    name: 'Marieke de Vries',
    email,
    organisation: 'Pakketpost B.V.',
    attendees: '2',
    consent: 'on',
  };
}

/** The messages shown next to field `name` of the registration form. */
function fieldMessages(html: string, name: string): string[] {
  const list = new RegExp(`id="registration-form-${name}-messages">([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => decodeHtml(match[1]!));
}

/** `dinsdag 15 december 2026` and `16:30` in Europe/Amsterdam, as the e-mail must show them. */
function amsterdam(iso: string, locale: string) {
  const zone = 'Europe/Amsterdam';
  return {
    date: new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: zone,
    }).format(new Date(iso)),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
      new Date(iso),
    ),
  };
}

/** A registered, confirmed account: its e-mail address and JWT (CMS registration + captured confirmation). */
async function confirmedUser(name: string): Promise<{ email: string; jwt: string }> {
  const email = uniqueEmail(name);
  const registered = await cms('/auth/local/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, email, password: PASSWORD }),
  });
  expect(registered.status).toBe(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const code = /confirmation=([a-f0-9]+)/.exec(mail.html ?? mail.text)?.[1];
  expect(code).toBeTruthy();
  const confirmed = await cms<{ jwt: string }>('/account/email-confirmation', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation: code }),
  });
  expect(confirmed.status).toBe(200);
  return { email, jwt: confirmed.body.jwt };
}

describe('the registration page', () => {
  it('offers the upcoming events with open registration in a select, in Dutch', async () => {
    const events = await openEvents();
    expect(events.length).toBeGreaterThan(1);
    const { body: published } = await cms<{ data: Array<{ slug: string; registrationOpen: boolean }> }>(
      '/events?fields[0]=slug&fields[1]=registrationOpen&pagination[pageSize]=100',
    );
    const closed = published.data.filter((event) => !event.registrationOpen).map((event) => event.slug);
    const response = await get(portal, '/inschrijvingen').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<h1>Inschrijven voor een evenement</h1>');
    expect(html).toContain(
      '<label class="form-field__label" for="registration-form-event">Evenement</label>',
    );
    // A full event is not offered (another test may have filled one: tests/support/event-places.ts).
    for (const event of events) {
      if (event.remaining === 0) expect(html).not.toContain(`<option value="${event.slug}"`);
      else expect(html).toContain(`<option value="${event.slug}">${event.title} – `);
    }
    for (const slug of closed) expect(html).not.toContain(`<option value="${slug}">`);
    expect(html).toContain('Aantal deelnemers');
    expect(html).toContain('action="/inschrijvingen" method="post"');
  });

  it('preselects the event of ?evenement= and bounds the attendees by its places', async () => {
    const [event] = await eventsWithRoom();
    const response = await get(portal, `/inschrijvingen?evenement=${event!.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toMatch(new RegExp(`<option value="${event!.slug}" selected="">`));
    expect(html).toContain(`Inclusief jezelf. Er zijn nog ${event!.remaining} plaatsen vrij.`);
    // The form carries a key of its own (decision 093): the page is never shared by a cache.
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('says so when ?evenement= names an event that is not open for registration', async () => {
    const response = await get(portal, '/inschrijvingen?evenement=bestaat-niet').expect(200);
    expect(decodeHtml(response.text)).toContain('Inschrijven voor dit evenement is niet (meer) mogelijk.');
  });

  it('is available in English under /en', async () => {
    const response = await get(portal, '/en/inschrijvingen').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<h1>Register for an event</h1>');
    expect(html).toContain('Number of attendees');
    expect(html).toContain('action="/en/inschrijvingen" method="post"');
    expect(html).toContain('href="/en/inloggen?redirect=%2Fen%2Finschrijvingen"');
  });

  it('links from an open event to the registration form', async () => {
    const [event] = await eventsWithRoom();
    const html = decodeHtml((await get(portal, `/events/${event!.slug}`).expect(200)).text);
    expect(html).toContain(`href="/inschrijvingen?evenement=${event!.slug}"`);
  });
});

describe('a valid registration', () => {
  it('is stored, confirmed on the page and by e-mail with the event details', async () => {
    const before = await openEvents();
    // With room for two (another test may have filled the smallest event: tests/support/event-places.ts).
    const event = before.find(
      (candidate) => candidate.city && candidate.remaining !== null && candidate.remaining >= 2,
    )!;
    const email = uniqueEmail('inschrijving');
    const response = await post(portal, '/inschrijvingen', validForm(event.slug, email)).expect(302);
    expect(response.headers.location).toBe(`/inschrijvingen?verzonden=1&evenement=${event.slug}`);

    const after = (await openEvents()).find((candidate) => candidate.slug === event.slug)!;
    expect(after.remaining).toBe(event.remaining! - 2);

    const page = decodeHtml((await get(portal, response.headers.location!).expect(200)).text);
    expect(page).toContain('Je bent ingeschreven');
    expect(page).toContain(`Bedankt voor je inschrijving voor ${event.title}.`);
    expect(page).toContain(`href="/events/${event.slug}"`);
    expect(page).toContain('<meta name="robots" content="noindex"/>');

    const mail = await waitForMail(mailDir, email, /Inschrijving bevestigd/);
    expect(mail.subject).toBe(`Inschrijving bevestigd: ${event.title}`);
    const start = amsterdam(event.startsAt, 'nl-NL');
    const end = amsterdam(event.endsAt!, 'nl-NL');
    expect(mail.text).toContain('Beste Marieke de Vries,');
    // Which event has room depends on the other tests: a congress may span two days.
    expect(mail.text).toContain(
      start.date === end.date
        ? `Datum en tijd: ${start.date}, ${start.time} – ${end.time} uur`
        : `Datum en tijd: ${start.date} ${start.time} – ${end.date} ${end.time} uur`,
    );
    expect(mail.text).toContain(`Locatie: ${event.venue}`);
    expect(mail.text).toContain(event.city!);
    expect(mail.text).toContain('Aantal deelnemers: 2');
    expect(mail.text).toContain('Organisatie: Pakketpost B.V.');
    expect(mail.text).toContain(`${PUBLIC_URL}/events/${event.slug}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/events/${event.slug}"`);
  });

  it('is confirmed in English when posted from /en', async () => {
    const [event] = await eventsWithRoom();
    const email = uniqueEmail('registration');
    const response = await post(portal, '/en/inschrijvingen', validForm(event!.slug, email)).expect(302);
    expect(response.headers.location).toBe(`/en/inschrijvingen?verzonden=1&evenement=${event!.slug}`);
    const page = decodeHtml((await get(portal, response.headers.location!).expect(200)).text);
    expect(page).toContain('You are registered');
    const mail = await waitForMail(mailDir, email, /Registration confirmed/);
    const start = amsterdam(event!.startsAt, 'en-GB');
    expect(mail.text).toContain(`Date and time: ${start.date}, ${start.time}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/en/events/${event!.slug}`);
  });
});

describe('invalid fields', () => {
  const cases: Array<[field: string, value: string, message: (remaining: number) => string]> = [
    ['event', '', () => 'Evenement is verplicht.'],
    ['name', '', () => 'Naam is verplicht.'],
    ['email', 'marieke@', () => 'Vul een geldig e-mailadres in.'],
    ['organisation', '', () => 'Organisatie is verplicht.'],
    ['attendees', '0', (remaining) => `Aantal deelnemers moet tussen 1 en ${remaining} liggen.`],
    ['attendees', '2.5', () => 'Aantal deelnemers is geen toegestane waarde.'],
    ['consent', '', () => 'Accepteer de privacyverklaring.'],
  ];

  for (const [field, value, message] of cases) {
    it(`refuses ${field} = "${value}" with its message and keeps the other values`, async () => {
      const [event] = await eventsWithRoom();
      const email = uniqueEmail(`ongeldig-${field}`);
      const form = validForm(event!.slug, email);
      if (value === '' && field === 'consent') delete form.consent;
      else form[field] = value;
      const response = await post(portal, '/inschrijvingen', form).expect(422);
      const html = decodeHtml(response.text);
      expect(fieldMessages(html, field)).toEqual([message(event!.remaining!)]);
      for (const other of ['name', 'email', 'organisation', 'attendees'].filter((name) => name !== field)) {
        expect(html).toContain(`name="${other}" value="${form[other]}"`);
      }
      if (field !== 'event') expect(html).toMatch(new RegExp(`<option value="${event!.slug}" selected="">`));
      expect(html).toContain('Er zijn fouten in je formulier gevonden.');
      expect(await mailsTo(mailDir, email)).toHaveLength(0);
    });
  }

  it('refuses in English under /en', async () => {
    const [event] = await eventsWithRoom();
    const form = { ...validForm(event!.slug, uniqueEmail('invalid')), name: '' };
    const response = await post(portal, '/en/inschrijvingen', form).expect(422);
    expect(fieldMessages(decodeHtml(response.text), 'name')).toEqual(['Name is required.']);
  });
});

describe('capacity', () => {
  it('never overbooks, even with concurrent registrations, and refuses a full event clearly', async () => {
    const events = await openEvents();
    const event = events
      .filter((candidate) => candidate.remaining !== null && candidate.remaining > 0)
      .sort((a, b) => a.remaining! - b.remaining!)[0]!;
    const remaining = event.remaining!;
    // More places asked for at once than there are: exactly the ones that fit are accepted.
    const size = Math.ceil(remaining / 4);
    const attempts = Math.ceil(remaining / size) + 3;
    const answers = await Promise.all(
      Array.from({ length: attempts }, () => registerAtCms(event.slug, size)),
    );
    const accepted = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 409);
    expect(accepted).toBe(Math.floor(remaining / size));
    expect(refused).toHaveLength(attempts - accepted);
    for (const answer of answers.filter((candidate) => candidate.status === 201)) {
      expect(Object.keys(answer.body.data!).sort()).toEqual([
        'attendees',
        'confirmationSent',
        'documentId',
        'event',
        'remaining',
      ]);
    }

    // Fill the rest through the form: the attendees rule allows exactly the places left.
    const left = (await openEvents()).find((candidate) => candidate.slug === event.slug)!.remaining!;
    expect(left).toBe(remaining - accepted * size);
    if (left > 0) {
      const tooMany = await post(portal, '/inschrijvingen', {
        ...validForm(event.slug, uniqueEmail('teveel')),
        attendees: String(left + 1),
      }).expect(422);
      expect(fieldMessages(decodeHtml(tooMany.text), 'attendees')).toEqual([
        `Aantal deelnemers moet tussen 1 en ${left} liggen.`,
      ]);
      await post(portal, '/inschrijvingen', {
        ...validForm(event.slug, uniqueEmail('laatste')),
        attendees: String(left),
      }).expect(302);
    }
    expect((await openEvents()).find((candidate) => candidate.slug === event.slug)!.remaining).toBe(0);

    // The next registration is refused, by the form and by the CMS itself.
    const email = uniqueEmail('vol');
    const full = await post(portal, '/inschrijvingen', {
      ...validForm(event.slug, email),
      attendees: '1',
    }).expect(422);
    const html = decodeHtml(full.text);
    expect(fieldMessages(html, 'event')).toEqual(['Dit evenement is volgeboekt. Kies een ander evenement.']);
    expect(html).toContain(`value="${email}"`);
    const direct = await registerAtCms(event.slug, 1);
    expect(direct.status).toBe(409);
    expect(direct.body.error?.details).toEqual({ code: 'event-full', remaining: 0 });

    // The page says so when the full event is asked for, and no longer offers it.
    const page = decodeHtml((await get(portal, `/inschrijvingen?evenement=${event.slug}`).expect(200)).text);
    expect(page).toContain(`${event.title} is volgeboekt.`);
    expect(page).not.toContain(`<option value="${event.slug}"`);
  });

  it('refuses more attendees than places left at the CMS with the places left', async () => {
    const event = (await openEvents()).find(
      (candidate) => candidate.remaining !== null && candidate.remaining > 3,
    )!;
    const direct = await registerAtCms(event.slug, event.remaining! + 1);
    expect(direct.status).toBe(409);
    expect(direct.body.error?.details).toEqual({ code: 'not-enough-places', remaining: event.remaining });
  });
});

describe('privacy of registrations', () => {
  it('are never listed or read by the public API', async () => {
    expect((await cms('/event-registrations')).status).toBe(403);
    expect((await cms('/event-registrations/some-document-id')).status).toBe(403);
    expect((await cms('/event-registrations/mine')).status).toBe(403);
    expect(
      (await cms('/event-registrations/some-document-id/resend-confirmation', { method: 'POST' })).status,
    ).toBe(403);
  });

  it('are linked to the account of a signed-in visitor, who sees only their own', async () => {
    const first = await confirmedUser('eerste');
    const second = await confirmedUser('tweede');
    const jar = new CookieJar();
    jar.take(await post(portal, '/inloggen', { email: first.email, password: PASSWORD }).expect(302));

    const [event] = await eventsWithRoom();
    const page = decodeHtml(
      (await get(portal, `/inschrijvingen?evenement=${event!.slug}`, jar).expect(200)).text,
    );
    expect(page).toContain(`name="email" value="${first.email}"`);
    expect(page).toContain(`Je bent ingelogd als ${first.email}.`);

    await post(
      portal,
      '/inschrijvingen',
      { ...validForm(event!.slug, first.email), attendees: '3' },
      jar,
    ).expect(302);
    await registerAtCms(event!.slug, 1, { email: second.email }, second.jwt);

    const mine = await cms<{ data: Array<{ attendees: number; event: { slug: string; title: string } }> }>(
      '/event-registrations/mine',
      { headers: { authorization: `Bearer ${first.jwt}` } },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      attendees: 3,
      event: { slug: event!.slug, title: event!.title },
    });
    expect(JSON.stringify(mine.body)).not.toContain(first.email);

    const theirs = await cms<{ data: Array<{ attendees: number }> }>('/event-registrations/mine', {
      headers: { authorization: `Bearer ${second.jwt}` },
    });
    expect(theirs.body.data).toHaveLength(1);
    expect(theirs.body.data[0]!.attendees).toBe(1);
    // Listing everything stays closed to account holders too.
    expect(
      (await cms('/event-registrations', { headers: { authorization: `Bearer ${first.jwt}` } })).status,
    ).toBe(403);
  });
});

describe('a CMS outage while registering', () => {
  it('keeps the input and says the registration may have arrived (the connection broke)', async () => {
    const faulty = await startFaultyCms(
      cmsUrl,
      (method, path) => method === 'POST' && path.startsWith('/api/event-registrations'),
    );
    const app = await createTestApp(faulty.url);
    try {
      const [event] = await eventsWithRoom();
      const email = uniqueEmail('storing');
      const response = await post(app, '/inschrijvingen', validForm(event!.slug, email)).expect(503);
      const html = decodeHtml(response.text);
      // The connection broke after the post was sent: the portal cannot know, and says so (decision 094).
      expect(html).toContain('We weten niet zeker of je inschrijving is aangekomen');
      expect(html).toContain(`name="email" value="${email}"`);
      expect(html).toContain('name="organisation" value="Pakketpost B.V."');
      expect(await mailsTo(mailDir, email)).toHaveLength(0);
    } finally {
      await app.close();
      await faulty.close();
    }
  });
});
