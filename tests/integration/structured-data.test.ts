/**
 * Structured data (schema.org JSON-LD) checked against the properties Google Search requires and
 * recommends, with the demo seed's values (cms/database/seed):
 *
 * - `Organization` and `WebSite` with a `SearchAction` on the home page
 *   (https://developers.google.com/search/docs/appearance/structured-data/organization,
 *   https://developers.google.com/search/docs/appearance/site-names);
 * - `NewsArticle` with an author profile URL, the editor's page `/redactie/{slug}`
 *   (https://developers.google.com/search/docs/appearance/structured-data/article);
 * - `JobPosting` with the hiring organisation's `sameAs`/logo, a full `PostalAddress`, the
 *   editorial posting date and a salary unit
 *   (https://developers.google.com/search/docs/appearance/structured-data/job-posting);
 * - `Event` with an `Offer` (price, currency, availability, validFrom), organiser URL, status,
 *   attendance mode and image (https://developers.google.com/search/docs/appearance/structured-data/event);
 * - `BreadcrumbList` on every public page below home, with absolute URLs in the page's language
 *   (https://developers.google.com/search/docs/appearance/structured-data/breadcrumb).
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type {
  Article,
  Event,
  Magazine,
  Partner,
  StrapiList,
  Subscription,
  Tag,
  Vacancy,
} from '../../src/shared/cms-types.ts';
import {
  articlePath,
  eventPath,
  magazinePath,
  partnerPath,
  subscriptionPath,
  tagPath,
  vacancyPath,
} from '../../src/shared/urls.ts';
import { cms, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

/** The seed's workplace addresses per city (cms/database/seed/data/catalog.json). */
const JOB_ADDRESSES = (
  JSON.parse(readFileSync(new URL('../../cms/database/seed/data/catalog.json', import.meta.url), 'utf8')) as {
    JOB_ADDRESSES: Record<string, { street: string; postalCode: string; region: string }>;
  }
).JOB_ADDRESSES;

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

type Node = Record<string, unknown>;

/** The HTML of a page (Dutch unless the path says `/en`). */
async function page(path: string): Promise<string> {
  return (await request(portal.app).get(path).set('Accept-Language', 'nl').expect(200)).text;
}

/** Every JSON-LD object of a page. */
async function jsonLd(path: string): Promise<Node[]> {
  return jsonLdOf(await page(path));
}

/** Every JSON-LD object of an HTML document. */
function jsonLdOf(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as Node,
  );
}

/** The one JSON-LD object of a type on a page. */
function nodeOf(nodes: Node[], type: string): Node {
  const found = nodes.filter((node) => node['@type'] === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0] as Node;
}

/** Fails unless every named property is present and not empty. */
function expectProperties(node: Node, names: string[], what: string): void {
  for (const name of names) {
    const value = node[name];
    expect(value, `${what}.${name}`).toBeDefined();
    expect(value, `${what}.${name}`).not.toBe('');
    if (Array.isArray(value)) expect(value.length, `${what}.${name}`).toBeGreaterThan(0);
  }
}

/** The breadcrumb trail of a page as [name, url] pairs. */
async function breadcrumbs(path: string): Promise<Array<[unknown, unknown]>> {
  const list = (await jsonLd(path)).find((node) => node['@type'] === 'BreadcrumbList');
  expect(list, `${path} has a BreadcrumbList`).toBeDefined();
  const items = (list?.itemListElement ?? []) as Array<Node>;
  items.forEach((item, index) => {
    expect(item['@type']).toBe('ListItem');
    expect(item.position).toBe(index + 1);
  });
  return items.map((item) => [item.name, item.item]);
}

describe('the home page', () => {
  it('describes the organisation and the website with a search action, per language', async () => {
    const nodes = await jsonLd('/');
    const organization = nodes.find((node) => node['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Logistiek & E-commerce Nieuws',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/favicon.svg`,
      address: { '@type': 'PostalAddress', addressLocality: 'Utrecht', addressCountry: 'NL' },
    });
    expect(((organization?.sameAs ?? []) as string[]).length).toBeGreaterThan(0);
    const website = nodes.find((node) => node['@type'] === 'WebSite');
    expect(website).toMatchObject({
      url: `${PUBLIC_URL}/`,
      inLanguage: 'nl-NL',
      publisher: { '@id': `${PUBLIC_URL}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${PUBLIC_URL}/zoeken?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    const english = await jsonLd('/en');
    expect(english.find((node) => node['@type'] === 'WebSite')).toMatchObject({
      url: `${PUBLIC_URL}/en`,
      inLanguage: 'en-GB',
      potentialAction: { target: { urlTemplate: `${PUBLIC_URL}/en/zoeken?q={search_term_string}` } },
    });
  });
});

describe('news items', () => {
  it('take dateModified from the editorial revision date, shown on the page, not from the row', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=publishDate&fields[2]=modifiedDate&fields[3]=updatedAt&filters[modifiedDate][$notNull]=true&pagination[pageSize]=1',
    );
    const revised = body.data[0];
    if (!revised?.modifiedDate) throw new Error('the seed has no revised article');
    const article = (await jsonLd(articlePath(revised))).find((node) => node['@type'] === 'NewsArticle');
    expect(article?.datePublished).toBe(revised.publishDate);
    expect(article?.dateModified).toBe(revised.modifiedDate);
    expect(article?.dateModified).not.toBe(revised.updatedAt);
    const html = (
      await request(portal.app).get(articlePath(revised)).set('Accept-Language', 'nl').expect(200)
    ).text;
    expect(html).toContain(`<time dateTime="${revised.modifiedDate}">Bijgewerkt op `);
    // Both with their time of day, in the site's zone.
    const at = (iso: string) =>
      new Intl.DateTimeFormat('nl-NL', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Amsterdam',
      }).format(Date.parse(iso));
    expect(decodeHtml(html)).toContain(`Gepubliceerd op ${at(revised.publishDate)}`);
    expect(decodeHtml(html)).toContain(`Bijgewerkt op ${at(revised.modifiedDate)}`);
    expect(at(revised.publishDate)).toMatch(/ om \d{2}:\d{2}$/);

    const plain = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=publishDate&filters[modifiedDate][$null]=true&pagination[pageSize]=1',
    );
    const unrevised = plain.body.data[0];
    if (!unrevised) throw new Error('the seed has no unrevised article');
    const node = (await jsonLd(articlePath(unrevised))).find((item) => item['@type'] === 'NewsArticle');
    expect(node?.dateModified).toBe(unrevised.publishDate);
    const page = (
      await request(portal.app).get(articlePath(unrevised)).set('Accept-Language', 'nl').expect(200)
    ).text;
    expect(page).not.toContain('Bijgewerkt op');
  });
});

describe('breadcrumbs', () => {
  it('lead from home through the topic to a news item', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=title&populate[topic][fields][0]=name&populate[topic][fields][1]=slug&filters[topic][id][$notNull]=true&pagination[pageSize]=1',
    );
    const article = body.data[0];
    if (!article?.topic) throw new Error('the seed has no article with a topic');
    expect(await breadcrumbs(articlePath(article))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      [article.topic.name, `${PUBLIC_URL}/${article.topic.slug}`],
      [article.title, `${PUBLIC_URL}${articlePath(article)}`],
    ]);
  });

  it('lead through the agenda to an event and through the vacancies to a vacancy', async () => {
    const events = await cms<StrapiList<Event>>(
      '/events?fields[0]=slug&fields[1]=title&pagination[pageSize]=1',
    );
    const event = events.body.data[0];
    if (!event) throw new Error('no event');
    expect(await breadcrumbs(eventPath(event))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Agenda', `${PUBLIC_URL}/events`],
      [event.title, `${PUBLIC_URL}${eventPath(event)}`],
    ]);
    const vacancies = await cms<StrapiList<Vacancy>>(
      '/vacancies?fields[0]=slug&fields[1]=title&populate[category][fields][0]=name&pagination[pageSize]=1',
    );
    const vacancy = vacancies.body.data[0];
    if (!vacancy) throw new Error('no vacancy');
    const trail = await breadcrumbs(vacancyPath(vacancy));
    expect(trail[0]).toEqual(['Home', `${PUBLIC_URL}/`]);
    expect(trail[1]).toEqual(['Vacatures', `${PUBLIC_URL}/jobs`]);
    expect(trail.at(-1)).toEqual([vacancy.title, `${PUBLIC_URL}${vacancyPath(vacancy)}`]);
  });

  it('name the section on its list page', async () => {
    expect(await breadcrumbs('/events')).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Agenda', `${PUBLIC_URL}/events`],
    ]);
    expect((await breadcrumbs('/magazines')).at(-1)).toEqual(['Magazines', `${PUBLIC_URL}/magazines`]);
    expect((await breadcrumbs('/partners')).at(-1)).toEqual(['Partners', `${PUBLIC_URL}/partners`]);
    expect((await breadcrumbs('/abonnementen')).at(-1)?.[1]).toBe(`${PUBLIC_URL}/abonnementen`);
    expect((await breadcrumbs('/jobs')).at(-1)).toEqual(['Vacatures', `${PUBLIC_URL}/jobs`]);
  });
});

describe('Organization and WebSite', () => {
  it('carry the required and recommended properties with the seeded contact details', async () => {
    const nodes = await jsonLd('/');
    const organization = nodeOf(nodes, 'Organization');
    expectProperties(
      organization,
      ['name', 'url', 'logo', 'sameAs', 'address', 'email', 'telephone'],
      'Organization',
    );
    expect(organization).toMatchObject({
      email: 'redactie@portal.local',
      telephone: '+31 30 123 45 67',
      address: { streetAddress: 'Oudegracht 250', postalCode: '3511 NW', addressLocality: 'Utrecht' },
      sameAs: ['https://www.linkedin.com/', 'https://www.instagram.com/', 'https://www.youtube.com/'],
    });
    const website = nodeOf(nodes, 'WebSite');
    expectProperties(website, ['name', 'url', 'potentialAction'], 'WebSite');
    expect(website.name).toBe('Logistiek & E-commerce Nieuws');
    // The home page is the root of every trail: it has no BreadcrumbList of its own.
    expect(nodes.some((node) => node['@type'] === 'BreadcrumbList')).toBe(false);
  });
});

describe('NewsArticle', () => {
  it('names an editor as Person with the editor’s own page /redactie/{slug} as profile, linked from the byline', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=title&fields[2]=author&fields[3]=publishDate&filters[author][$eq]=Marieke%20Dekker&populate[cover][fields][0]=url&pagination[pageSize]=1',
    );
    const article = body.data[0];
    if (!article) throw new Error('the seed has no article by Marieke Dekker');
    const html = await page(articlePath(article));
    const node = nodeOf(jsonLdOf(html), 'NewsArticle');
    expectProperties(
      node,
      ['headline', 'image', 'datePublished', 'dateModified', 'author', 'publisher'],
      'NewsArticle',
    );
    // The seed relates the article to the editor's author entry (decision 100).
    expect(node.author).toEqual([
      {
        '@type': 'Person',
        name: 'Marieke Dekker',
        url: `${PUBLIC_URL}/redactie/marieke-dekker`,
        jobTitle: 'Hoofdredacteur',
      },
    ]);
    expect(node.publisher).toMatchObject({
      '@id': `${PUBLIC_URL}/#organization`,
      name: 'Logistiek & E-commerce Nieuws',
    });
    expect(decodeHtml(html)).toContain(
      'Door <a href="/redactie/marieke-dekker" rel="author">Marieke Dekker</a>',
    );

    // The profile exists: the seeded editorial team page has the editor's heading as anchor.
    const team = await page('/redactie');
    expect(team).toContain('<h2 id="marieke-dekker">Marieke Dekker</h2>');
    expect(team).toContain('<h2 id="thijs-van-leeuwen">Thijs van Leeuwen</h2>');
    expect((await page('/en/redactie')).includes('<h2 id="marieke-dekker">Marieke Dekker</h2>')).toBe(true);
  });

  it('names the collective byline "Redactie" as the editorial team (Organization) with the team page as URL', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?fields[0]=slug&fields[1]=author&filters[author][$eq]=Redactie&pagination[pageSize]=100',
    );
    // One without an English translation: under /en it stays the Dutch document (decision 061).
    const translated = new Set(
      (
        await cms<StrapiList<Article>>('/articles?locale=en&fields[0]=slug&pagination[pageSize]=100')
      ).body.data.map((item) => item.documentId),
    );
    const article = body.data.find((item) => !translated.has(item.documentId));
    if (!article) throw new Error('the seed has no untranslated article by Redactie');
    const node = nodeOf(await jsonLd(articlePath(article)), 'NewsArticle');
    expect(node.author).toEqual([
      { '@type': 'Organization', name: 'Redactie', url: `${PUBLIC_URL}/redactie` },
    ]);
    // Under /en the article is still the Dutch document (decision 061): its structured data names
    // the Dutch article and the Dutch profile page, as its canonical does.
    const english = nodeOf(await jsonLd(`/en${articlePath(article)}`), 'NewsArticle');
    expect(english.url).toBe(`${PUBLIC_URL}${articlePath(article)}`);
    expect(english.author).toEqual([
      { '@type': 'Organization', name: 'Redactie', url: `${PUBLIC_URL}/redactie` },
    ]);
  });
});

describe('JobPosting', () => {
  let vacancies: Vacancy[];

  beforeAll(async () => {
    const { body } = await cms<StrapiList<Vacancy>>(
      '/vacancies?pagination[pageSize]=100&populate[0]=category&populate[partner][populate][0]=logo',
    );
    const now = Date.now();
    vacancies = body.data.filter(
      (vacancy) => !vacancy.validThrough || Date.parse(vacancy.validThrough) >= now,
    );
  });

  it('carries the required and recommended properties, with the seeded workplace address and posting date', async () => {
    const vacancy = vacancies.find((item) => !item.partner && item.salaryPeriod);
    if (!vacancy) throw new Error('no open vacancy without partner');
    const node = nodeOf(await jsonLd(vacancyPath(vacancy)), 'JobPosting');
    expectProperties(
      node,
      ['title', 'description', 'datePosted', 'validThrough', 'hiringOrganization', 'jobLocation'],
      'JobPosting (required)',
    );
    expectProperties(
      node,
      ['baseSalary', 'directApply', 'employmentType', 'identifier'],
      'JobPosting (recommended)',
    );
    const seeded = JOB_ADDRESSES[vacancy.location];
    if (!seeded) throw new Error(`no seeded address for ${vacancy.location}`);
    expect(node.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: seeded.street,
        postalCode: seeded.postalCode,
        addressLocality: vacancy.location,
        addressRegion: seeded.region,
        addressCountry: 'NL',
      },
    });
    // datePosted is the editorial posting day, not the moment the seed published the row.
    expect(node.datePosted).toBe(vacancy.publishFrom);
    expect(node.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(node.datePosted).not.toBe(vacancy.publishedAt?.slice(0, 10));
    expect(node.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: vacancy.employer,
      sameAs: vacancy.employerWebsite,
    });
    expect(vacancy.employerWebsite).toMatch(/^https:\/\/[a-z-]+\.example$/);
    expect(node.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: {
        '@type': 'QuantitativeValue',
        minValue: vacancy.salaryMin,
        maxValue: vacancy.salaryMax,
        unitText: vacancy.salaryPeriod,
      },
    });
    expect(['HOUR', 'MONTH', 'YEAR']).toContain((node.baseSalary as { value: Node }).value.unitText);
  });

  it('describes a partner employer with the partner’s website and logo, and links to the partner page', async () => {
    const vacancy = vacancies.find((item) => item.partner);
    if (!vacancy?.partner) throw new Error('the seed has no open vacancy of a partner');
    expect(vacancy.partner.name).toBe('Polderpak Fulfilment');
    const html = await page(vacancyPath(vacancy));
    const node = nodeOf(jsonLdOf(html), 'JobPosting');
    expect(node.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Polderpak Fulfilment',
      sameAs: 'https://polderpak.example',
      logo: `${PUBLIC_URL}${vacancy.partner.logo?.url}`,
    });
    expect(vacancy.partner.logo?.url).toMatch(/^\/uploads\//);
    expect(decodeHtml(html)).toContain(
      '<dd><a href="/partners/polderpak-fulfilment">Polderpak Fulfilment</a></dd>',
    );
  });
});

describe('Event', () => {
  let events: Event[];
  const bySlug = (slug: string): Event => {
    const event = events.find((item) => item.slug === slug);
    if (!event) throw new Error(`no event ${slug}`);
    return event;
  };

  beforeAll(async () => {
    const { body } = await cms<StrapiList<Event>>('/events?pagination[pageSize]=100&populate[0]=address');
    events = body.data;
  });

  it('carries the required and recommended properties and an Offer with the seeded price', async () => {
    const event = bySlug('e-commerce-logistiek-congres');
    const html = await page(eventPath(event));
    const node = nodeOf(jsonLdOf(html), 'Event');
    expectProperties(node, ['name', 'startDate', 'location'], 'Event (required)');
    expectProperties(
      node,
      ['description', 'endDate', 'eventAttendanceMode', 'eventStatus', 'image', 'offers', 'organizer'],
      'Event (recommended)',
    );
    expect(node.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(node.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    expect((node.image as string[])[0]).toMatch(/^https:\/\/portal\.test\/uploads\//);
    // The portal's own event: registration through the portal's form (decision 096).
    expect(event.registrationUrl).toBeNull();
    expect(node.offers).toEqual({
      '@type': 'Offer',
      url: `${PUBLIC_URL}/inschrijvingen?evenement=${event.slug}`,
      price: 95,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      validFrom: event.registrationOpensAt,
    });
    expect(Date.parse(event.registrationOpensAt ?? '')).toBeLessThan(Date.now());
    expect(node.organizer).toEqual({
      '@type': 'Organization',
      name: 'Logistiek & E-commerce Nieuws',
      url: `${PUBLIC_URL}/over-ons`,
    });
    // The page shows the price and links the organiser (Dutch: "€ 95,00" with a no-break space).
    const text = decodeHtml(html);
    expect(text).toContain('<dt>Prijs</dt><dd class="event__price">€\u00a095,00</dd>');
    expect(text).toContain('<dd><a href="/over-ons">Logistiek & E-commerce Nieuws</a></dd>');
    expect(decodeHtml(await page(`/en${eventPath(event)}`))).toContain(
      '<dd class="event__price">€95.00</dd>',
    );
  });

  it('offers a free event at price 0, says "Gratis", and sends registrations to the portal form without a ticket page', async () => {
    const webinar = bySlug('webinar-slimme-voorraadplanning');
    const html = await page(eventPath(webinar));
    const node = nodeOf(jsonLdOf(html), 'Event');
    expect(node.offers).toMatchObject({
      price: 0,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(node.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect(decodeHtml(html)).toContain('<dd class="event__price">Gratis</dd>');
    expect(decodeHtml(await page(`/en${eventPath(webinar)}`))).toContain(
      '<dd class="event__price">Free</dd>',
    );
    // An explicit price of 0 is free as well.
    const breakfast = nodeOf(await jsonLd(eventPath(bySlug('supply-chain-ontbijtsessie'))), 'Event');
    expect((breakfast.offers as Node).price).toBe(0);
  });

  it('takes availability from the registration: pre-order before it opens, sold out after the event', async () => {
    const later = bySlug('cross-border-commerce-day');
    expect(later.registrationOpen).toBe(false);
    const node = nodeOf(await jsonLd(eventPath(later)), 'Event');
    expect(node.offers).toEqual({
      '@type': 'Offer',
      url: `${PUBLIC_URL}${eventPath(later)}`,
      price: 195,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/PreOrder',
      validFrom: later.registrationOpensAt,
    });
    const past = nodeOf(await jsonLd(eventPath(bySlug('retourlogistiek-seminar'))), 'Event');
    expect((past.offers as Node).availability).toBe('https://schema.org/SoldOut');
  });

  it('names an outside organiser with its website', async () => {
    const summit = bySlug('fulfilment-summit');
    const html = await page(eventPath(summit));
    expect(nodeOf(jsonLdOf(html), 'Event').organizer).toEqual({
      '@type': 'Organization',
      name: 'Polderpak Fulfilment',
      url: 'https://polderpak.example',
    });
    expect(decodeHtml(html)).toContain(
      '<dd><a href="https://polderpak.example" rel="noopener noreferrer">Polderpak Fulfilment</a></dd>',
    );
    expect(decodeHtml(html)).toContain('€\u00a0295,00');
  });
});

describe('breadcrumbs on every public page below home', () => {
  it('lead through the tag overview to a tag, and name the topic, sitemap, search and form pages', async () => {
    const tags = await cms<StrapiList<Tag>>('/tags?fields[0]=name&fields[1]=slug&pagination[pageSize]=1');
    const tag = tags.body.data[0];
    if (!tag) throw new Error('no tag');
    expect(await breadcrumbs(tagPath(tag))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Tags van A tot Z', `${PUBLIC_URL}/tags-overzicht`],
      [`Nieuws over ${tag.name}`, `${PUBLIC_URL}${tagPath(tag)}`],
    ]);
    expect(await breadcrumbs('/tags-overzicht')).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Tags van A tot Z', `${PUBLIC_URL}/tags-overzicht`],
    ]);
    expect((await breadcrumbs('/tags-overzicht/a')).map(([, url]) => url)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/tags-overzicht`,
      `${PUBLIC_URL}/tags-overzicht/a`,
    ]);
    expect(await breadcrumbs('/logistiek')).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Logistiek', `${PUBLIC_URL}/logistiek`],
    ]);
    for (const [path, name] of [
      ['/zoeken?q=pakket', 'Zoeken'],
      ['/contact', 'Contact'],
      ['/adverteren', 'Adverteren'],
      ['/nieuwsbrief', 'Nieuwsbrief'],
      ['/inschrijvingen', 'Inschrijven voor een evenement'],
      ['/over-ons', 'Over ons'],
      ['/redactie', 'Redactie'],
    ] as const) {
      const trail = await breadcrumbs(path);
      expect(trail, path).toHaveLength(2);
      expect(trail[1], path).toEqual([name, `${PUBLIC_URL}${path.replace(/\?.*$/, '')}`]);
    }
  });

  it('lead through the sitemap to a year and a month', async () => {
    const latest = await cms<StrapiList<Article>>(
      '/articles?fields[0]=publishDate&sort=publishDate:desc&pagination[pageSize]=1',
    );
    const date = new Date(latest.body.data[0]?.publishDate ?? '');
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: 'numeric',
    }).formatToParts(date);
    const year = Number(parts.find((part) => part.type === 'year')?.value);
    const month = Number(parts.find((part) => part.type === 'month')?.value);
    const monthName = new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 15)),
    );
    expect(await breadcrumbs('/sitemap')).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Sitemap', `${PUBLIC_URL}/sitemap`],
    ]);
    expect((await breadcrumbs(`/sitemap/${year}`)).at(-1)).toEqual([
      String(year),
      `${PUBLIC_URL}/sitemap/${year}`,
    ]);
    expect(await breadcrumbs(`/sitemap/${year}/${month}`)).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Sitemap', `${PUBLIC_URL}/sitemap`],
      [String(year), `${PUBLIC_URL}/sitemap/${year}`],
      [monthName, `${PUBLIC_URL}/sitemap/${year}/${month}`],
    ]);
  });

  it('lead through the list to a magazine, a subscription and a partner, in English under /en', async () => {
    const magazine = (
      await cms<StrapiList<Magazine>>('/magazines?fields[0]=title&fields[1]=slug&pagination[pageSize]=1')
    ).body.data[0];
    const plan = (
      await cms<StrapiList<Subscription>>(
        '/subscriptions?fields[0]=name&fields[1]=slug&pagination[pageSize]=1',
      )
    ).body.data[0];
    const partner = (
      await cms<StrapiList<Partner>>('/partners?fields[0]=name&fields[1]=link&pagination[pageSize]=1')
    ).body.data[0];
    if (!magazine || !plan || !partner) throw new Error('the seed lacks a magazine, subscription or partner');
    expect(await breadcrumbs(magazinePath(magazine))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Magazines', `${PUBLIC_URL}/magazines`],
      [magazine.title, `${PUBLIC_URL}${magazinePath(magazine)}`],
    ]);
    expect(await breadcrumbs(subscriptionPath(plan))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Abonnementen', `${PUBLIC_URL}/abonnementen`],
      [plan.name, `${PUBLIC_URL}${subscriptionPath(plan)}`],
    ]);
    expect(await breadcrumbs(partnerPath(partner))).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Partners', `${PUBLIC_URL}/partners`],
      [partner.name, `${PUBLIC_URL}${partnerPath(partner)}`],
    ]);
    expect(await breadcrumbs(`/en${partnerPath(partner)}`)).toEqual([
      ['Home', `${PUBLIC_URL}/en`],
      ['Partners', `${PUBLIC_URL}/en/partners`],
      [partner.name, `${PUBLIC_URL}/en${partnerPath(partner)}`],
    ]);
  });
});
