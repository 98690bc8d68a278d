/**
 * The schema.org builders without services (src/shared/ui/schema-org.ts): author profiles and
 * heading anchors, the event Offer (price, availability, URL), the JobPosting's hiring organisation,
 * address and salary, and absolute URLs per language. Values follow Google's structured-data
 * documentation (https://developers.google.com/search/docs/appearance/structured-data).
 */
import { describe, expect, it } from 'vitest';
import type { Event, Vacancy } from '../../src/shared/cms-types.ts';
import { signUpOf } from '../../src/shared/features/events/event-sign-up.ts';
import { absoluteUrl, authorJsonLd, jobPostingJsonLd } from '../../src/shared/ui/schema-org.ts';
import { eventAvailability, eventJsonLd, eventPrice } from '../../src/shared/ui/schema-org-event.ts';
import { authorPath, bylinePath, headingAnchor } from '../../src/shared/urls.ts';

const NL = { siteUrl: 'https://portal.test', locale: 'nl' as const };
const EN = { siteUrl: 'https://portal.test', locale: 'en' as const };

/** Drops `undefined` like JSON.stringify does, so `toEqual` compares what the page emits. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('author profiles', () => {
  it('anchor an editor on the editorial team page by name, in the page’s language', () => {
    expect(headingAnchor('Thijs van Leeuwen')).toBe('thijs-van-leeuwen');
    expect(headingAnchor('  Anoûk   Peeters! ')).toBe('anouk-peeters');
    expect(authorPath('Sophie Claessens')).toBe('/redactie#sophie-claessens');
    expect(authorPath('Redactie')).toBe('/redactie');
    expect(authorJsonLd({ author: 'Jeroen Willems' }, 'Portaal', NL)).toEqual({
      '@type': 'Person',
      name: 'Jeroen Willems',
      url: 'https://portal.test/redactie#jeroen-willems',
    });
    expect(authorJsonLd({ author: 'Jeroen Willems' }, 'Portaal', EN).url).toBe(
      'https://portal.test/en/redactie#jeroen-willems',
    );
  });

  it('link an editor with a CMS profile to their own page, with their role (decision 100)', () => {
    const article = {
      author: 'Jeroen Willems',
      authorProfile: {
        id: 1,
        documentId: 'a1',
        name: 'Jeroen Willems',
        slug: 'jeroen-willems',
        role: 'Redacteur',
      },
    };
    expect(authorJsonLd(article, 'Portaal', NL)).toEqual({
      '@type': 'Person',
      name: 'Jeroen Willems',
      url: 'https://portal.test/redactie/jeroen-willems',
      jobTitle: 'Redacteur',
    });
    expect(authorJsonLd(article, 'Portaal', EN).url).toBe('https://portal.test/en/redactie/jeroen-willems');
    expect(bylinePath(article)).toBe('/redactie/jeroen-willems');
    expect(bylinePath({ author: 'Jeroen Willems' })).toBe('/redactie#jeroen-willems');
  });

  it('make the collective byline and a missing one the editorial team', () => {
    expect(authorJsonLd({ author: 'Redactie' }, 'Portaal', NL)).toEqual({
      '@type': 'Organization',
      name: 'Redactie',
      url: 'https://portal.test/redactie',
    });
    expect(authorJsonLd({ author: null }, 'Portaal', NL)).toEqual({
      '@type': 'Organization',
      name: 'Portaal',
      url: 'https://portal.test/redactie',
    });
  });
});

describe('absolute URLs', () => {
  it('keep absolute URLs, give uploads the origin and site paths the language prefix', () => {
    expect(absoluteUrl('https://example.com/a', EN)).toBe('https://example.com/a');
    expect(absoluteUrl('/uploads/logo.png', EN)).toBe('https://portal.test/uploads/logo.png');
    expect(absoluteUrl('/over-ons', EN)).toBe('https://portal.test/en/over-ons');
    expect(absoluteUrl('/over-ons', NL)).toBe('https://portal.test/over-ons');
  });
});

const event: Event = {
  id: 1,
  documentId: 'ev1',
  title: 'Fulfilment Summit',
  slug: 'fulfilment-summit',
  startsAt: '2027-01-10T08:00:00.000Z',
  endsAt: '2027-01-10T16:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  venue: 'De Tramhallen',
  address: { street: 'Kempenbaan 3', postalCode: '5231 PL', city: "'s-Hertogenbosch", country: 'NL' },
  organiser: 'Polderpak Fulfilment',
  organiserUrl: 'https://polderpak.example',
  registrationOpen: false,
  registrationOpensAt: '2026-12-01T08:00:00.000Z',
  registrationUrl: null,
  price: '295.00',
};

describe('the event Offer', () => {
  it('prices in euros, 0 when free', () => {
    expect(eventPrice({ price: '295.00' })).toBe(295);
    expect(eventPrice({ price: 49.5 })).toBe(49.5);
    expect(eventPrice({ price: null })).toBe(0);
    expect(eventPrice({ price: 0 })).toBe(0);
    expect(eventPrice({})).toBe(0);
  });

  it('is in stock while registration is open, pre-order before it opens, sold out when full or otherwise', () => {
    expect(eventAvailability({ status: 'open' })).toBe('https://schema.org/InStock');
    expect(eventAvailability({ status: 'opens-later' })).toBe('https://schema.org/PreOrder');
    expect(eventAvailability({ status: 'full' })).toBe('https://schema.org/SoldOut');
    expect(eventAvailability({ status: 'closed' })).toBe('https://schema.org/SoldOut');
    expect(eventAvailability({ status: 'ended' })).toBe('https://schema.org/SoldOut');
  });

  it('takes the state from the same rule as the pages: full at the portal, open at the organiser', () => {
    const now = '2026-12-15T12:00:00.000Z';
    const open = { ...event, registrationOpen: true };
    expect(signUpOf(open, { remaining: 0 }, now)).toEqual({
      status: 'full',
      channel: 'portal',
      remaining: 0,
    });
    expect(signUpOf(open, { remaining: 3 }, now)).toEqual({
      status: 'open',
      channel: 'portal',
      remaining: 3,
    });
    expect(signUpOf(open, { remaining: null }, now)).toEqual({
      status: 'open',
      channel: 'portal',
      remaining: null,
    });
    expect(signUpOf(open, undefined, now)).toEqual({ status: 'open', channel: 'portal', remaining: null });
    // Of the organiser's tickets the portal knows nothing: never "full".
    const ticketed = { ...open, registrationUrl: 'https://tickets.example/x' };
    expect(signUpOf(ticketed, { remaining: 0 }, now)).toEqual({
      status: 'open',
      channel: 'organiser',
      remaining: null,
    });
    expect(signUpOf({ ...open, registrationUrl: ' ' }, { remaining: 0 }, now).status).toBe('full');
    expect(signUpOf(event, undefined, '2026-11-27T12:00:00.000Z').status).toBe('opens-later');
    expect(signUpOf(event, undefined, now).status).toBe('closed');
    expect(signUpOf(open, { remaining: 5 }, '2027-01-10T16:31:00.000Z').status).toBe('ended');
  });

  it('points at the ticket page, the portal’s registration form or the event page', () => {
    const state = (value: Event, remaining: number | null = null) =>
      signUpOf(value, { remaining }, '2026-11-27T12:00:00.000Z');
    const offers = (value: Event, remaining: number | null = null) =>
      asJson(eventJsonLd(value, state(value, remaining), NL)).offers as Record<string, unknown>;
    expect(offers(event)).toEqual({
      '@type': 'Offer',
      url: 'https://portal.test/events/fulfilment-summit',
      price: 295,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/PreOrder',
      validFrom: '2026-12-01T08:00:00.000Z',
    });
    expect(offers({ ...event, registrationOpen: true }).url).toBe(
      'https://portal.test/inschrijvingen?evenement=fulfilment-summit',
    );
    expect(offers({ ...event, registrationOpen: true }, 0)).toMatchObject({
      url: 'https://portal.test/events/fulfilment-summit',
      availability: 'https://schema.org/SoldOut',
    });
    expect(
      offers({ ...event, registrationOpen: true, registrationUrl: 'https://tickets.example/x' }).url,
    ).toBe('https://tickets.example/x');
    const node = asJson(eventJsonLd(event, state(event), NL));
    expect(node.organizer).toEqual({
      '@type': 'Organization',
      name: 'Polderpak Fulfilment',
      url: 'https://polderpak.example',
    });
    expect(node.startDate).toBe('2027-01-10T09:00:00+01:00');
  });
});

const vacancy: Vacancy = {
  id: 2,
  documentId: 'vac1',
  title: 'Planner in Tilburg',
  slug: 'planner-tilburg',
  employer: 'Polderpak Fulfilment',
  employerWebsite: 'https://www.polderpak.nl',
  location: 'Tilburg',
  street: 'Ringbaan-West 240',
  postalCode: '5038 KE',
  region: 'Noord-Brabant',
  employmentType: 'FULL_TIME',
  salaryMin: 3100,
  salaryMax: 4300,
  salaryPeriod: 'MONTH',
  publishFrom: '2026-11-20',
  publishedAt: '2026-11-24T10:00:00.000Z',
  validThrough: '2026-12-31T22:59:00.000Z',
};

describe('the JobPosting', () => {
  it('takes the posting date from publishFrom and describes the workplace as a full PostalAddress', () => {
    const node = asJson(jobPostingJsonLd(vacancy, '<p>Werk</p>', NL));
    expect(node.datePosted).toBe('2026-11-20');
    expect(node.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Ringbaan-West 240',
        postalCode: '5038 KE',
        addressLocality: 'Tilburg',
        addressRegion: 'Noord-Brabant',
        addressCountry: 'NL',
      },
    });
    // Missing parts drop out; the place and the country stay.
    const bare = asJson(
      jobPostingJsonLd({ ...vacancy, street: null, postalCode: null, region: null }, '', NL),
    );
    expect(bare.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Tilburg', addressCountry: 'NL' },
    });
    expect(bare.description).toBe('Planner in Tilburg');
  });

  it('describes the employer by its partner when it is one, else by its own website', () => {
    expect(asJson(jobPostingJsonLd(vacancy, '', NL)).hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Polderpak Fulfilment',
      sameAs: 'https://www.polderpak.nl',
    });
    const partner = {
      id: 3,
      documentId: 'p1',
      name: 'Polderpak Fulfilment',
      link: 'polderpak-fulfilment',
      website: 'https://polderpak.example',
      logo: {
        id: 4,
        documentId: 'm1',
        url: '/uploads/logo_polderpak.png',
        alternativeText: null,
        width: 240,
        height: 80,
        formats: null,
      },
    };
    expect(asJson(jobPostingJsonLd({ ...vacancy, partner }, '', EN)).hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Polderpak Fulfilment',
      sameAs: 'https://polderpak.example',
      logo: 'https://portal.test/uploads/logo_polderpak.png',
    });
  });

  it('states the salary in EUR per unit, and leaves it out without a unit', () => {
    expect(asJson(jobPostingJsonLd(vacancy, '', NL)).baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', minValue: 3100, maxValue: 4300, unitText: 'MONTH' },
    });
    expect(asJson(jobPostingJsonLd({ ...vacancy, salaryPeriod: null }, '', NL)).baseSalary).toBeUndefined();
    expect(
      asJson(jobPostingJsonLd({ ...vacancy, salaryMin: null, salaryMax: null }, '', NL)).baseSalary,
    ).toBeUndefined();
  });
});
