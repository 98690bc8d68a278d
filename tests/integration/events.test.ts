/**
 * The agenda against the real CMS: `/events` (upcoming soonest first, past newest first,
 * month filter, pagination, validation), `/events/{slug}` (date and time in Europe/Amsterdam,
 * venue, registration, JSON-LD Event) and the `.ics` download, in Dutch and under `/en`.
 * Expectations are computed from the CMS's own data, not from seed text.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Event, StrapiList } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

const ZONE = 'Europe/Amsterdam';
let portal: PortalApp;
let events: Event[];
let upcoming: Event[];
let past: Event[];

/** The event's end, or its start when it has none: the moment it stops being "upcoming". */
const endOf = (event: Event) => Date.parse(event.endsAt ?? event.startsAt);

/** `YYYY-MM` of an instant in Amsterdam, computed with Intl (independent of the portal's helper). */
function monthOf(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    timeZone: ZONE,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

/** `HH:MM` in Amsterdam. */
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: ZONE }).format(
    new Date(iso),
  );

/** Every JSON-LD object of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The titles of the agenda rows, in page order (a title in another language than the page carries its `lang`). */
function rowTitles(html: string): string[] {
  return [
    ...decodeHtml(html).matchAll(
      /<h3 class="card__title"(?: lang="[a-z]{2}")?><a href="[^"]*">([^<]*)<\/a>/g,
    ),
  ].map((match) => match[1]!);
}

/** Unfolds iCalendar content lines (RFC 5545 3.1: CRLF followed by a space or tab continues a line). */
function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
}

/** `20260512T070000Z` for an ISO instant. */
const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

beforeAll(async () => {
  portal = await createTestApp();
  const list = await cms<StrapiList<Event>>(
    '/events?sort=startsAt:asc&pagination[pageSize]=100&populate[0]=address&populate[1]=image',
  );
  events = list.body.data;
  const now = Date.now();
  upcoming = events.filter((event) => endOf(event) >= now);
  past = events.filter((event) => endOf(event) < now).reverse();
});

afterAll(() => portal.close());

describe('events list', () => {
  it('lists the upcoming events soonest first, with date, venue, city and registration state', async () => {
    expect(upcoming.length).toBeGreaterThan(1);
    const response = await request(portal.app).get('/events').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<h1>Komende evenementen</h1>');
    expect(html).toContain(`${upcoming.length} komende evenementen`);
    expect(rowTitles(response.text)).toEqual(upcoming.map((event) => event.title));
    for (const event of past) expect(html).not.toContain(`>${event.title}</a>`);
    const withCity = upcoming.find((event) => event.address?.city && event.venue)!;
    expect(html).toContain(`${withCity.venue}, ${withCity.address!.city}`);
    expect(html).toContain(`dateTime="${withCity.startsAt}"`);
    expect(html).toMatch(/Inschrijving (geopend|gesloten)/);
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/events"`);
    expect(response.headers['cache-control']).toContain('public');
  });

  it('reaches the past events, newest first, through a link', async () => {
    const list = await request(portal.app).get('/events').expect(200);
    expect(list.text).toContain('href="/events?periode=afgelopen"');
    const response = await request(portal.app).get('/events?periode=afgelopen').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<h1>Afgelopen evenementen</h1>');
    expect(html).toContain(`${past.length} afgelopen evenement`);
    expect(rowTitles(response.text)).toEqual(past.map((event) => event.title));
    expect(html).toContain('href="/events"');
    expect(headOf(response.text)).toContain(`href="${PUBLIC_URL}/events?periode=afgelopen"`);
  });

  it('offers exactly the months that have events, and filters by month', async () => {
    const response = await request(portal.app).get('/events').expect(200);
    const months = [...new Set(upcoming.map((event) => monthOf(event.startsAt)))];
    const options = [...response.text.matchAll(/<option value="(\d{4}-\d{2})"/g)].map((m) => m[1]);
    expect(options).toEqual(months);
    expect(response.text).toContain('action="/events" method="get"');

    const month = months[months.length - 1]!;
    const inMonth = upcoming.filter((event) => monthOf(event.startsAt) === month);
    const filtered = await request(portal.app).get(`/events?maand=${month}`).expect(200);
    expect(rowTitles(filtered.text)).toEqual(inMonth.map((event) => event.title));
    expect(filtered.text).toMatch(new RegExp(`<option value="${month}" selected=""`));

    const pastMonth = monthOf(past[0]!.startsAt);
    const pastFiltered = await request(portal.app)
      .get(`/events?periode=afgelopen&maand=${pastMonth}`)
      .expect(200);
    expect(rowTitles(pastFiltered.text)).toEqual(
      past.filter((event) => monthOf(event.startsAt) === pastMonth).map((event) => event.title),
    );
    expect(pastFiltered.text).toContain('<input type="hidden" name="periode" value="afgelopen"/>');
  });

  it('shows an empty state for a month without events', async () => {
    const response = await request(portal.app).get('/events?maand=1999-01').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('Er zijn geen evenementen in januari 1999.');
    expect(rowTitles(response.text)).toEqual([]);
    expect(headOf(response.text)).toContain('<meta name="robots" content="noindex"');
  });

  it('answers 404 for an invalid month, period or page', async () => {
    await request(portal.app).get('/events?maand=2026-13').expect(404);
    await request(portal.app).get('/events?maand=mei').expect(404);
    await request(portal.app).get('/events?periode=morgen').expect(404);
    await request(portal.app).get('/events?page=0').expect(404);
    await request(portal.app).get('/events?page=abc').expect(404);
    const pages = Math.ceil(upcoming.length / 12);
    await request(portal.app)
      .get(`/events?page=${pages + 1}`)
      .expect(404);
    // Empty parameters (a submitted form with "all months") are no filter.
    const all = await request(portal.app).get('/events?maand=&periode=').expect(200);
    expect(rowTitles(all.text)).toEqual(upcoming.map((event) => event.title));
  });

  it('paginates with page links only when there is more than one page', async () => {
    const response = await request(portal.app).get('/events?periode=afgelopen').expect(200);
    if (past.length > 12) {
      expect(response.text).toContain('href="/events?periode=afgelopen&amp;page=2"');
    } else {
      expect(response.text).not.toContain('class="pagination"');
    }
  });

  it('renders the English list under /en', async () => {
    const response = await request(portal.app).get('/en/events').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Upcoming events</h1>');
    expect(html).toContain(`${upcoming.length} upcoming events`);
    expect(html).toContain('href="/en/events?periode=afgelopen"');
    expect(html).toContain('action="/en/events" method="get"');
    // English titles where a translation exists, Dutch ones marked as Dutch (decision 061).
    const english = new Map(
      (await cms<StrapiList<Event>>('/events?locale=en&fields[0]=title')).body.data.map((e) => [
        e.documentId,
        e.title,
      ]),
    );
    expect(rowTitles(response.text)).toEqual(
      upcoming.map((event) => english.get(event.documentId) ?? event.title),
    );
    for (const event of upcoming.filter((e) => !english.has(e.documentId))) {
      expect(html).toContain(
        `<h3 class="card__title" lang="nl"><a href="/en/events/${event.slug}">${event.title}</a>`,
      );
    }
  });
});

describe('event detail', () => {
  it('shows date and time in Europe/Amsterdam, venue with address, organiser and registration', async () => {
    const event = upcoming.find((e) => e.address?.street && e.endsAt)!;
    const response = await request(portal.app).get(`/events/${event.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1 lang="nl">${event.title}</h1>`);
    expect(html).toContain(`${timeOf(event.startsAt)} – ${timeOf(event.endsAt!)} uur`);
    expect(html).toContain(event.venue!);
    expect(html).toContain(event.address!.street!);
    expect(html).toContain(`${event.address!.postalCode} ${event.address!.city}`);
    if (event.organiser) expect(html).toContain(event.organiser);
    if (event.registrationOpen && event.registrationUrl) {
      expect(html).toContain(`href="${event.registrationUrl}"`);
      expect(html).toContain('>Tickets bij de organisator</a>');
    } else if (event.registrationOpen) {
      // The portal's own form, or "volgeboekt" once another test filled the event.
      expect(html).toMatch(
        new RegExp(`href="/inschrijvingen\\?evenement=${event.slug}"|Dit evenement is volgeboekt`),
      );
    } else {
      expect(html).toMatch(/De inschrijving is gesloten\.|Aanmelden kan vanaf/);
    }
    expect(html).toContain(`href="/events/${event.slug}/agenda.ics" download="${event.slug}.ics"`);
    expect(headOf(response.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/events/${event.slug}"`,
    );
  });

  it('offers registration only while it is open, at the organiser when there is a ticket page', async () => {
    const open = upcoming.find((e) => e.registrationOpen && e.registrationUrl);
    const closed = upcoming.find((e) => !e.registrationOpen);
    expect(open && closed?.registrationOpensAt).toBeTruthy();
    const openHtml = decodeHtml((await request(portal.app).get(`/events/${open!.slug}`).expect(200)).text);
    expect(openHtml).toContain(`href="${open!.registrationUrl}"`);
    expect(openHtml).not.toContain('De inschrijving is gesloten.');
    // One way to sign up: the organiser's tickets, said so, and not the portal's form beside them.
    expect(openHtml).toContain(
      'De organisator regelt de aanmelding en de tickets voor dit evenement op de eigen website.',
    );
    expect(openHtml).not.toContain(`href="/inschrijvingen?evenement=${open!.slug}"`);
    const closedHtml = decodeHtml(
      (await request(portal.app).get(`/events/${closed!.slug}`).expect(200)).text,
    );
    // Not open yet: the page says from when on (the event's own time zone).
    const opens = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date(closed!.registrationOpensAt!));
    expect(closedHtml).toContain(`Aanmelden kan vanaf ${opens}.`);
    expect(closedHtml).not.toContain('>Aanmelden</a>');
  });

  it('describes the event as JSON-LD Event with offsets and a PostalAddress', async () => {
    const event = upcoming.find((e) => e.address?.street && e.endsAt)!;
    const response = await request(portal.app).get(`/events/${event.slug}`).expect(200);
    const ld = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: event.title,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      url: `${PUBLIC_URL}/events/${event.slug}`,
      location: {
        '@type': 'Place',
        name: event.venue,
        address: {
          '@type': 'PostalAddress',
          streetAddress: event.address!.street,
          postalCode: event.address!.postalCode,
          addressLocality: event.address!.city,
          addressCountry: event.address!.country ?? 'NL',
        },
      },
    });
    const offset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
    expect(ld.startDate).toMatch(offset);
    expect(ld.endDate).toMatch(offset);
    expect(Date.parse(ld.startDate as string)).toBe(Date.parse(event.startsAt));
    expect(Date.parse(ld.endDate as string)).toBe(Date.parse(event.endsAt!));
    expect((ld.startDate as string).slice(11, 16)).toBe(timeOf(event.startsAt));
    if (event.image) expect((ld.image as string[])[0]).toMatch(/^https:\/\/portal\.test\/uploads\//);
    if (event.summary) expect(ld.description).toBe(event.summary);
    if (event.organiser)
      expect(ld.organizer).toMatchObject({ '@type': 'Organization', name: event.organiser });
  });

  it('marks an event without address as online', async () => {
    const online = events.find((e) => !e.address?.city);
    if (!online) return;
    const response = await request(portal.app).get(`/events/${online.slug}`).expect(200);
    const ld = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(ld.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect((ld.location as Record<string, unknown>)['@type']).toBe('VirtualLocation');
  });

  it('says a past event has taken place and offers no registration or calendar file', async () => {
    const event = past[0]!;
    const html = decodeHtml((await request(portal.app).get(`/events/${event.slug}`).expect(200)).text);
    expect(html).toContain('Dit evenement heeft plaatsgevonden');
    expect(html).not.toContain('agenda.ics');
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await request(portal.app).get('/events/bestaat-niet-123').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /events/bestaat-niet-123');
  });

  it('renders the English page under /en, with the Dutch event as canonical (it has no translation)', async () => {
    const english = new Set(
      (await cms<StrapiList<Event>>('/events?locale=en&fields[0]=title')).body.data.map((e) => e.documentId),
    );
    const event = upcoming.find((e) => e.address?.street && !english.has(e.documentId))!;
    const response = await request(portal.app).get(`/en/events/${event.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('>When</dt>');
    expect(html).toContain(`href="/en/events/${event.slug}/agenda.ics"`);
    expect(headOf(response.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/events/${event.slug}"`,
    );
    expect(headOf(response.text)).not.toContain('hrefLang="en"');
    const ld = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(ld.url).toBe(`${PUBLIC_URL}/events/${event.slug}`);
  });
});

describe('calendar file (RFC 5545)', () => {
  it('serves a valid iCalendar event with UTC times, escaped text and folded lines', async () => {
    const event = upcoming.find((e) => e.address?.street && e.endsAt)!;
    const response = await request(portal.app).get(`/events/${event.slug}/agenda.ics`).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    const ics = response.text;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = unfold(ics);
    const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
    expect(value('VERSION')).toBe('2.0');
    expect(value('PRODID')).toBeTruthy();
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(value('UID')).toBe(`event-${event.documentId}@portal.test`);
    expect(value('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(value('DTSTART')).toBe(icsUtc(event.startsAt));
    expect(value('DTEND')).toBe(icsUtc(event.endsAt!));
    expect(value('SUMMARY')).toBe(event.title.replace(/([,;\\])/g, '\\$1'));
    expect(value('LOCATION')).toBe(
      `${event.venue}\\, ${event.address!.street}\\, ${event.address!.postalCode} ${event.address!.city}`,
    );
    expect(value('URL')).toBe(`${PUBLIC_URL}/events/${event.slug}`);
    expect(value('DESCRIPTION')).toContain(`\\n\\n${PUBLIC_URL}/events/${event.slug}`);
  });

  it('links the English page from the English file, and 404s an unknown event', async () => {
    const event = upcoming[0]!;
    const response = await request(portal.app).get(`/en/events/${event.slug}/agenda.ics`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(unfold(response.text)).toContain(`URL:${PUBLIC_URL}/en/events/${event.slug}`);
    await request(portal.app).get('/events/bestaat-niet-123/agenda.ics').expect(404);
  });
});
