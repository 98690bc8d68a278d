/**
 * Events tell their real state (issue 28), against the real CMS: with one event's places at the
 * portal's form all taken, the loaders of the agenda, the home page and the event page give every
 * event its registration state (`signUp`) from the same rule (src/shared/features/events/
 * event-sign-up.ts): full, open at the portal's form with its places, open at the organiser's
 * ticket page, opening later. The pages say "Volgeboekt" and offer no way to sign up for the full
 * event; its JSON-LD Offer is SoldOut. An event with the organiser's ticket page has that one way
 * only: the portal's form neither lists nor takes it (decision 096). The event page is revalidated
 * on every use, as it shows live numbers.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Event, StrapiList } from '../../src/shared/cms-types.ts';
import type { EventSignUp } from '../../src/shared/features/events/event-sign-up.ts';
import type { OpenEvent } from '../../src/shared/features/registrations/registration-form.ts';
import { fullEvent, openEvents } from '../support/event-places.ts';
import { cms, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

type Listed = Event & { signUp: EventSignUp };

let portal: PortalApp;
let full: OpenEvent;
let open: OpenEvent[];
let events: Event[];

beforeAll(async () => {
  // Filled before the portal asks, so no cached answer of the CMS predates it.
  full = await fullEvent();
  open = await openEvents();
  const list = await cms<StrapiList<Event>>('/events?sort=startsAt:asc&pagination[pageSize]=100');
  events = list.body.data;
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** The loader data of a page, through the data endpoint of client navigations. */
async function loaderData(path: string): Promise<Array<Record<string, unknown>>> {
  const response = await request(portal.app).get(`/__data${path}`).expect(200);
  return Object.values((response.body as { loaderData: Record<string, Record<string, unknown>> }).loaderData);
}

/** The events of the page whose loader answers with a list of events. */
async function listedEvents(path: string): Promise<Listed[]> {
  const page = (await loaderData(path)).find((data) => Array.isArray(data?.events));
  expect(page, path).toBeDefined();
  return page!.events as Listed[];
}

/** Every JSON-LD object of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The state the portal must give a listed event, from the CMS's own data. */
function expected(event: Event): EventSignUp['status'] {
  const places = open.find((candidate) => candidate.documentId === event.documentId);
  if (!event.registrationOpen) {
    return Date.parse(event.registrationOpensAt ?? '') > Date.now() ? 'opens-later' : 'closed';
  }
  if (event.registrationUrl) return 'open';
  return places?.remaining === 0 ? 'full' : 'open';
}

describe('the loaders give each event its registration state', () => {
  it('the agenda: full, open at the portal with places, open at the organiser, opening later', async () => {
    const listed = await listedEvents('/events');
    const byId = new Map(listed.map((event) => [event.documentId, event]));
    expect(byId.get(full.documentId)?.signUp).toEqual({ status: 'full', channel: 'portal', remaining: 0 });
    const roomy = open.find((event) => event.remaining !== null && event.remaining > 0)!;
    expect(byId.get(roomy.documentId)?.signUp).toMatchObject({ status: 'open', channel: 'portal' });
    const ticketed = events.find((event) => event.registrationOpen && event.registrationUrl)!;
    expect(byId.get(ticketed.documentId)?.signUp).toEqual({
      status: 'open',
      channel: 'organiser',
      remaining: null,
    });
    const later = events.find(
      (event) => !event.registrationOpen && Date.parse(event.registrationOpensAt ?? '') > Date.now(),
    )!;
    expect(byId.get(later.documentId)?.signUp.status).toBe('opens-later');
    for (const event of listed) expect(event.signUp.status, event.slug).toBe(expected(event));
  });

  it('the home page and the past events', async () => {
    const home = await listedEvents('/');
    expect(home.map((event) => event.documentId)).toContain(full.documentId);
    for (const event of home) expect(event.signUp.status, event.slug).toBe(expected(event));
    const past = await listedEvents('/events?periode=afgelopen');
    expect(past.length).toBeGreaterThan(0);
    for (const event of past) expect(event.signUp.status, event.slug).toBe('ended');
  });

  it('the event page, with the places left at the portal', async () => {
    const [detail] = (await loaderData(`/events/${full.slug}`)).filter((data) => data && 'signUp' in data);
    expect(detail!.signUp).toEqual({ status: 'full', channel: 'portal', remaining: 0 });
    const roomy = open.find((event) => event.remaining !== null && event.remaining > 0)!;
    const [other] = (await loaderData(`/events/${roomy.slug}`)).filter((data) => data && 'signUp' in data);
    expect(other!.signUp).toEqual({ status: 'open', channel: 'portal', remaining: roomy.remaining });
  });
});

describe('what the pages say', () => {
  it('"Volgeboekt" on the agenda and the home page, in Dutch and in English', async () => {
    const agenda = decodeHtml((await request(portal.app).get('/events').expect(200)).text);
    const row = new RegExp(
      `<a href="/events/${full.slug}">[\\s\\S]*?<p class="event-row__state event-row__state--full">Volgeboekt</p>`,
    );
    expect(agenda).toMatch(row);
    expect(agenda).toContain('event-row__state--open">Inschrijving geopend</p>');
    const english = decodeHtml((await request(portal.app).get('/en/events').expect(200)).text);
    expect(english).toContain('event-row__state--full">Fully booked</p>');

    const home = decodeHtml((await request(portal.app).get('/').expect(200)).text);
    expect(home).toMatch(
      new RegExp(
        `<a href="/events/${full.slug}">[\\s\\S]*?<p class="card__badge card__badge--full">Volgeboekt</p>`,
      ),
    );
  });

  it('an event whose registration opens later says when, in the agenda, on its teaser and on its page', async () => {
    const later = events.find(
      (event) => !event.registrationOpen && Date.parse(event.registrationOpensAt ?? '') > Date.now(),
    )!;
    const day = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: later.timeZone ?? 'Europe/Amsterdam',
    }).format(Date.parse(later.registrationOpensAt!));
    const agenda = decodeHtml((await request(portal.app).get('/events').expect(200)).text);
    const row = new RegExp(
      `<a href="/events/${later.slug}">[\\s\\S]*?<p class="event-row__state[^"]*">([^<]*)</p>`,
    );
    expect(agenda.match(row)?.[1]).toBe(`Aanmelden vanaf ${day}`);
    const page = decodeHtml((await request(portal.app).get(`/events/${later.slug}`).expect(200)).text);
    expect(page).toContain(`Aanmelden kan vanaf ${day}.`);
    const english = decodeHtml((await request(portal.app).get('/en/events').expect(200)).text);
    const englishDay = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: later.timeZone ?? 'Europe/Amsterdam',
    }).format(Date.parse(later.registrationOpensAt!));
    const englishRow = new RegExp(
      `<a href="/en/events/${later.slug}">[\\s\\S]*?<p class="event-row__state[^"]*">([^<]*)</p>`,
    );
    expect(english.match(englishRow)?.[1]).toBe(`Registration opens ${englishDay}`);
    // Its teaser on its topic's page, which lists the topic's next four events.
    const withTopic = await cms<StrapiList<Event & { topic?: { slug: string } | null }>>(
      `/events?filters[documentId][$eq]=${later.documentId}&populate[topic][fields][0]=slug`,
    );
    const topic = withTopic.body.data[0]?.topic?.slug;
    expect(topic, 'the demo event that opens later has a topic').toBeTruthy();
    const topicPage = decodeHtml((await request(portal.app).get(`/${topic}`).expect(200)).text);
    const teaser = new RegExp(
      `<a href="/events/${later.slug}">[\\s\\S]*?<p class="card__badge[^"]*">([^<]*)</p>`,
    );
    expect(topicPage.match(teaser)?.[1]).toBe(`Aanmelden vanaf ${day}`);
  });

  it('the full event page offers no way to sign up, and its Offer is SoldOut', async () => {
    const response = await request(portal.app).get(`/events/${full.slug}`).expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const html = decodeHtml(response.text);
    expect(html).toContain('Dit evenement is volgeboekt: er zijn geen plaatsen meer vrij.');
    expect(html).not.toContain(`href="/inschrijvingen?evenement=${full.slug}"`);
    expect(html).not.toContain('data-sign-up="portal"');
    expect(html).not.toContain('data-sign-up="organiser"');
    const node = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(node.offers).toMatchObject({
      availability: 'https://schema.org/SoldOut',
      url: `${PUBLIC_URL}/events/${full.slug}`,
    });
  });

  it('an event with places: the places left, one button to the portal form, InStock', async () => {
    const roomy = open.find((event) => event.remaining !== null && event.remaining > 1)!;
    const response = await request(portal.app).get(`/events/${roomy.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`Nog ${roomy.remaining} plaatsen vrij.`);
    expect(html.match(/data-sign-up="[a-z]+"/g)).toEqual(['data-sign-up="portal"']);
    expect(html).toContain(`href="/inschrijvingen?evenement=${roomy.slug}"`);
    const node = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(node.offers).toMatchObject({
      availability: 'https://schema.org/InStock',
      url: `${PUBLIC_URL}/inschrijvingen?evenement=${roomy.slug}`,
    });
  });

  it("an event with the organiser's ticket page: that one way, explained; the portal's form does not take it", async () => {
    const ticketed = events.find((event) => event.registrationOpen && event.registrationUrl)!;
    const html = decodeHtml((await request(portal.app).get(`/events/${ticketed.slug}`).expect(200)).text);
    expect(html.match(/data-sign-up="[a-z]+"/g)).toEqual(['data-sign-up="organiser"']);
    expect(html).toContain(`href="${ticketed.registrationUrl}"`);
    expect(html).toContain(
      'De organisator regelt de aanmelding en de tickets voor dit evenement op de eigen website.',
    );
    expect(html).not.toContain(`href="/inschrijvingen?evenement=${ticketed.slug}"`);
    const node = jsonLd(html).find((item) => item['@type'] === 'Event')!;
    expect(node.offers).toMatchObject({
      availability: 'https://schema.org/InStock',
      url: ticketed.registrationUrl,
    });

    expect(open.map((event) => event.slug)).not.toContain(ticketed.slug);
    const form = decodeHtml((await request(portal.app).get('/inschrijvingen').expect(200)).text);
    expect(form).not.toContain(`<option value="${ticketed.slug}"`);
    const direct = await cms<{ error?: { status: number; details?: { code?: string } } }>(
      '/event-registrations',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          data: {
            event: ticketed.slug,
            name: 'Twee Wegen',
            email: 'twee.wegen@example.test',
            organisation: 'Testbedrijf',
            attendees: 1,
            consent: true,
          },
        }),
      },
    );
    expect(direct.status).toBe(409);
    expect(direct.body.error?.details?.code).toBe('registration-closed');
  });
});
