/**
 * The vacancy pages against the real CMS: `/jobs` and `/jobs/cat/{id}` (open vacancies
 * newest first, filters as GET parameters compared with CMS counts, pagination keeping the
 * filters, validation) and `/jobs/vacature/{id}/{slug}` (301 to the canonical slug, 404, the
 * facts, apply link, JobPosting JSON-LD, and 410 with a helpful page for expired vacancies), in
 * Dutch and under `/en`.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { JobCategory, StrapiList, Vacancy } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

const PAGE_SIZE = 10;
let portal: PortalApp;
let open: Vacancy[];
let expired: Vacancy[];
let categories: JobCategory[];

/** Open vacancies sorted like the portal: newest publication first. */
const newestFirst = (a: Vacancy, b: Vacancy) =>
  Date.parse(b.publishedAt ?? '') - Date.parse(a.publishedAt ?? '') || a.title.localeCompare(b.title);

/** Titles of the vacancies listed on a page (the list, not the "similar" block of a detail page). */
function listedTitles(html: string): string[] {
  const list = /<ul class="job-list">(.*?)<\/ul>/s.exec(decodeHtml(html))?.[1] ?? '';
  // A title in another language than the page carries its `lang` (decision 061).
  return [...list.matchAll(/<h3 class="card__title"(?: lang="[a-z]{2}")?><a href="[^"]*">([^<]*)<\/a>/g)].map(
    (m) => m[1]!,
  );
}

/** Every JSON-LD object of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** Number of open vacancies in the CMS matching extra bracket-style filters (public role). */
async function cmsCount(filters: string): Promise<number> {
  const now = new Date().toISOString();
  const list = await cms<StrapiList<Vacancy>>(
    `/vacancies?pagination[pageSize]=1&filters[$and][0][$or][0][validThrough][$gte]=${now}` +
      `&filters[$and][0][$or][1][validThrough][$null]=true${filters}`,
  );
  return list.body.meta.pagination!.total;
}

const path = (v: Vacancy) => `/jobs/vacature/${v.documentId}/${v.slug}`;
/** A demo vacancy (the seed's descriptions have this heading); other tests may add vacancies of their own. */
const fromSeed = (v: Vacancy) => JSON.stringify(v.description ?? []).includes('Wat ga je doen?');

beforeAll(async () => {
  portal = await createTestApp();
  const list = await cms<StrapiList<Vacancy>>(
    '/vacancies?pagination[pageSize]=100&populate[0]=category&populate[1]=partner',
  );
  const now = Date.now();
  open = list.body.data.filter((v) => !v.validThrough || Date.parse(v.validThrough) >= now).sort(newestFirst);
  expired = list.body.data.filter((v) => v.validThrough && Date.parse(v.validThrough) < now);
  categories = (await cms<StrapiList<JobCategory>>('/job-categories?pagination[pageSize]=100')).body.data;
});

afterAll(() => portal.close());

describe('vacancy list', () => {
  it('lists the open vacancies newest first, 10 a page, with the result count', async () => {
    expect(open.length).toBeGreaterThan(PAGE_SIZE);
    expect(expired.length).toBeGreaterThan(0);
    const pageCount = Math.ceil(open.length / PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const response = await request(portal.app)
        .get(page === 1 ? '/jobs' : `/jobs?pagina=${page}`)
        .expect(200);
      const titles = listedTitles(response.text);
      expect(titles).toEqual(open.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((v) => v.title));
      seen.push(...titles);
      expect(decodeHtml(response.text)).toContain(`${open.length} openstaande vacatures`);
      if (page < pageCount) expect(response.text).toContain(`href="/jobs?pagina=${page + 1}" rel="next"`);
    }
    expect(seen).toHaveLength(open.length);
    for (const vacancy of expired) expect(seen).not.toContain(vacancy.title);
    await request(portal.app)
      .get(`/jobs?pagina=${pageCount + 1}`)
      .expect(404);
    await request(portal.app).get('/jobs?pagina=abc').expect(404);
  });

  it('links each vacancy to its detail page and shows employer, place, type and salary', async () => {
    const response = await request(portal.app).get('/jobs').expect(200);
    const html = decodeHtml(response.text);
    const first = open[0]!;
    expect(html).toContain(`href="${path(first)}"`);
    expect(html).toContain(first.employer);
    expect(html).toContain(first.location);
    expect(html).toMatch(/€\s[\d.]+ – €\s[\d.]+ per (uur|maand|jaar)/);
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}/jobs"`);
  });

  it('builds the filter options from the open vacancies, with counts', async () => {
    const response = await request(portal.app).get('/jobs').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('action="/jobs" method="get"');
    const locations = [...new Set(open.map((v) => v.location))].sort((a, b) => a.localeCompare(b, 'nl'));
    const select = /<select id="jobs-location"[^>]*>(.*?)<\/select>/s.exec(html)![1]!;
    const options = [...select.matchAll(/<option value="([^"]+)">([^<]*)<\/option>/g)];
    expect(options.map((m) => m[1])).toEqual(locations);
    for (const [, value, label] of options) {
      expect(label).toBe(`${value} (${open.filter((v) => v.location === value).length})`);
    }
    const typeSelect = /<select id="jobs-type"[^>]*>(.*?)<\/select>/s.exec(html)![1]!;
    const types = [...typeSelect.matchAll(/<option value="([A-Z_]+)">/g)].map((m) => m[1]);
    expect(new Set(types)).toEqual(new Set(open.map((v) => v.employmentType)));
    const categorySelect = /<select id="jobs-category"[^>]*>(.*?)<\/select>/s.exec(html)![1]!;
    const ids = [...categorySelect.matchAll(/<option value="([a-z0-9]+)">/g)].map((m) => m[1]);
    expect(new Set(ids)).toEqual(new Set(open.map((v) => v.category!.documentId)));
  });

  it('filters by category, place and employment type, matching the CMS counts', async () => {
    const category = open[0]!.category!;
    const byCategory = await request(portal.app).get(`/jobs?categorie=${category.documentId}`).expect(200);
    const inCategory = await cmsCount(`&filters[category][documentId][$eq]=${category.documentId}`);
    expect(inCategory).toBeLessThan(open.length);
    expect(listedTitles(byCategory.text)).toEqual(
      open.filter((v) => v.category?.documentId === category.documentId).map((v) => v.title),
    );
    expect(decodeHtml(byCategory.text)).toContain(`${inCategory} vacature`);
    expect(byCategory.text).toContain(`<option value="${category.documentId}" selected="">`);

    const location = open.map((v) => v.location).find((l, _, all) => all.filter((x) => x === l).length > 1)!;
    const byLocation = await request(portal.app)
      .get(`/jobs?plaats=${encodeURIComponent(location)}`)
      .expect(200);
    const atLocation = await cmsCount(`&filters[location][$eq]=${encodeURIComponent(location)}`);
    expect(listedTitles(byLocation.text)).toHaveLength(atLocation);
    expect(listedTitles(byLocation.text)).toEqual(
      open.filter((v) => v.location === location).map((v) => v.title),
    );

    const partTime = await request(portal.app).get('/jobs?dienstverband=PART_TIME').expect(200);
    const partTimeCount = await cmsCount('&filters[employmentType][$eq]=PART_TIME');
    expect(listedTitles(partTime.text)).toHaveLength(partTimeCount);
    expect(decodeHtml(partTime.text)).toContain('Deeltijd');

    const both = await request(portal.app)
      .get(`/jobs?categorie=${category.documentId}&dienstverband=FULL_TIME`)
      .expect(200);
    const bothCount = await cmsCount(
      `&filters[category][documentId][$eq]=${category.documentId}&filters[employmentType][$eq]=FULL_TIME`,
    );
    expect(listedTitles(both.text)).toHaveLength(bothCount);
    expect(bothCount).toBeLessThanOrEqual(inCategory);
    expect(headOf(both.text)).toContain('<meta name="robots" content="noindex"');
  });

  it('keeps the filters in the page links and treats empty values as no filter', async () => {
    const fullTime = open.filter((v) => v.employmentType === 'FULL_TIME');
    expect(fullTime.length).toBeGreaterThan(PAGE_SIZE);
    const first = await request(portal.app).get('/jobs?dienstverband=FULL_TIME').expect(200);
    expect(first.text).toContain('href="/jobs?dienstverband=FULL_TIME&amp;pagina=2"');
    const second = await request(portal.app).get('/jobs?dienstverband=FULL_TIME&pagina=2').expect(200);
    expect(listedTitles(second.text)).toEqual(fullTime.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((v) => v.title));
    expect(second.text).toContain('href="/jobs?dienstverband=FULL_TIME" rel="prev"');
    const empty = await request(portal.app).get('/jobs?categorie=&plaats=&dienstverband=').expect(200);
    expect(listedTitles(empty.text)).toEqual(open.slice(0, PAGE_SIZE).map((v) => v.title));
  });

  it('pages with ?pagina= like the other lists, and sends the old ?page= there for good', async () => {
    for (const [old, now] of [
      ['/jobs?page=2', '/jobs?pagina=2'],
      ['/jobs?dienstverband=FULL_TIME&page=2', '/jobs?dienstverband=FULL_TIME&pagina=2'],
      ['/jobs?page=1', '/jobs'],
      ['/en/jobs?page=2', '/en/jobs?pagina=2'],
    ]) {
      const moved = await request(portal.app).get(old!).expect(301);
      expect(moved.headers.location, old).toBe(now);
    }
  });

  it('finds vacancies by keyword: every word in the title, employer, summary or place', async () => {
    const matches = (vacancy: Vacancy, words: string[]) =>
      words.every((word) =>
        [vacancy.title, vacancy.employer, vacancy.summary, vacancy.location].some((field) =>
          (field ?? '').toLowerCase().includes(word.toLowerCase()),
        ),
      );
    const sample = open.find((v) => v.location && v.title.split(' ').some((word) => word.length >= 6))!;
    const word = sample.title
      .split(' ')
      .find((w) => w.length >= 6)!
      .replace(/[^\p{L}-]/gu, '');
    for (const words of [[word.toUpperCase()], [word, sample.location!]]) {
      const expected = open.filter((v) => matches(v, words)).slice(0, PAGE_SIZE);
      expect(expected.length).toBeGreaterThan(0);
      const query = encodeURIComponent(`  ${words.join('   ')} `);
      const response = await request(portal.app).get(`/jobs?trefwoord=${query}`).expect(200);
      expect(listedTitles(response.text)).toEqual(expected.map((v) => v.title));
      // The field keeps what was asked (spaces tidied); the page links keep it too.
      expect(decodeHtml(response.text)).toContain(`name="trefwoord" value="${words.join(' ')}"`);
    }
    expect(open.filter((v) => matches(v, [word])).length).toBeLessThan(open.length);
    const none = await request(portal.app).get('/jobs?trefwoord=zzqxwv').expect(200);
    expect(listedTitles(none.text)).toEqual([]);
    await request(portal.app)
      .get(`/jobs?trefwoord=${'x'.repeat(101)}`)
      .expect(404);
  });

  it('answers 404 for an unknown category or employment type', async () => {
    await request(portal.app).get('/jobs?categorie=bestaatniet123').expect(404);
    await request(portal.app).get('/jobs?dienstverband=SOMETIMES').expect(404);
    await request(portal.app)
      .get(`/jobs?plaats=${'x'.repeat(101)}`)
      .expect(404);
  });

  it('shows an empty state when nothing matches', async () => {
    const response = await request(portal.app).get('/jobs?plaats=Atlantis').expect(200);
    expect(listedTitles(response.text)).toEqual([]);
    expect(decodeHtml(response.text)).toContain(
      'Er zijn geen openstaande vacatures die aan je filters voldoen.',
    );
    expect(response.text).toContain('>Filters wissen</a>');
  });

  it('renders in English under /en', async () => {
    const response = await request(portal.app).get('/en/jobs').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Jobs</h1>');
    expect(html).toContain(`${open.length} open vacancies`);
    expect(html).toContain('action="/en/jobs" method="get"');
    expect(html).toContain(`href="/en${path(open[0]!)}"`);
    // The vacancies have no English translation: their Dutch titles are marked as Dutch (decision 061).
    expect(html).toContain(`<h3 class="card__title" lang="nl"><a href="/en${path(open[0]!)}">`);
  });
});

describe('vacancies by category', () => {
  it('lists the open vacancies of one category with the category as heading', async () => {
    const category = categories.find((c) => open.some((v) => v.category?.documentId === c.documentId))!;
    const inCategory = open.filter((v) => v.category?.documentId === category.documentId);
    const response = await request(portal.app).get(`/jobs/cat/${category.documentId}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1>Vacatures in ${category.name}</h1>`);
    expect(listedTitles(response.text)).toEqual(inCategory.slice(0, PAGE_SIZE).map((v) => v.title));
    expect(html).toContain(`${inCategory.length} openstaande vacature`);
    expect(html).toContain(`action="/jobs/cat/${category.documentId}" method="get"`);
    expect(html).not.toContain('id="jobs-category"');
    expect(html).toContain(`href="/jobs/cat/${category.documentId}" class="tag" aria-current="page"`);
    expect(headOf(response.text)).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/jobs/cat/${category.documentId}"`,
    );
  });

  it('narrows the category with the other filters', async () => {
    const vacancy = open[0]!;
    const category = vacancy.category!;
    const response = await request(portal.app)
      .get(`/jobs/cat/${category.documentId}?plaats=${encodeURIComponent(vacancy.location)}`)
      .expect(200);
    const expected = open.filter(
      (v) => v.category?.documentId === category.documentId && v.location === vacancy.location,
    );
    expect(listedTitles(response.text)).toEqual(expected.map((v) => v.title));
  });

  it('answers 404 for an unknown category and renders under /en', async () => {
    await request(portal.app).get('/jobs/cat/bestaatniet123').expect(404);
    const category = open[0]!.category!;
    const response = await request(portal.app).get(`/en/jobs/cat/${category.documentId}`).expect(200);
    expect(decodeHtml(response.text)).toContain(`<h1>Jobs in ${category.name}</h1>`);
  });
});

describe('vacancy detail', () => {
  it('shows employer, workplace address, posting date, type, salary, category, closing date, description and apply button', async () => {
    const vacancy = open.find((v) => fromSeed(v) && v.applyUrl && v.salaryMin && v.salaryMax && !v.partner)!;
    const response = await request(portal.app).get(path(vacancy)).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1 lang="nl">${vacancy.title}</h1>`);
    // The employer links to its website (a partner employer to its partner page: structured-data.test.ts).
    expect(html).toContain(
      `<dd><a href="${vacancy.employerWebsite}" rel="noopener noreferrer">${vacancy.employer}</a></dd>`,
    );
    expect(html).toContain(
      `<address class="vacancy__address"><span>${vacancy.street}</span><span>${vacancy.postalCode} ${vacancy.location}</span><span>${vacancy.region}</span></address>`,
    );
    const posted = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${vacancy.publishFrom}T12:00:00Z`));
    expect(html).toContain(
      `<dt>Geplaatst op</dt><dd><time dateTime="${vacancy.publishFrom}">${posted}</time></dd>`,
    );
    const types: Record<string, string> = {
      FULL_TIME: 'Voltijd',
      PART_TIME: 'Deeltijd',
      TEMPORARY: 'Tijdelijk',
    };
    if (types[vacancy.employmentType!]) expect(html).toContain(`<dd>${types[vacancy.employmentType!]}</dd>`);
    const euro = (n: number) =>
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
        n,
      );
    expect(html).toContain(`${euro(vacancy.salaryMin!)} – ${euro(vacancy.salaryMax!)} per`);
    expect(html).toContain(`href="/jobs/cat/${vacancy.category!.documentId}"`);
    const closing = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Amsterdam',
    }).format(new Date(vacancy.validThrough!));
    expect(html).toContain(`<time dateTime="${vacancy.validThrough}">${closing}</time>`);
    expect(html).toContain('Wat ga je doen?');
    expect(html).toContain(`href="${vacancy.applyUrl}"`);
    expect(html).toContain('>Solliciteer nu</a>');
    expect(headOf(response.text)).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path(vacancy)}"`);
  });

  it('applies by e-mail when the vacancy has no apply URL', async () => {
    const vacancy = open.find((v) => !v.applyUrl && v.applyEmail)!;
    const html = decodeHtml((await request(portal.app).get(path(vacancy)).expect(200)).text);
    expect(html).toContain(`href="mailto:${vacancy.applyEmail}?subject=`);
    expect(html).toContain('>Solliciteer per e-mail</a>');
  });

  it('describes an open vacancy as JSON-LD JobPosting', async () => {
    const vacancy = open.find((v) => fromSeed(v) && v.salaryMin && v.salaryMax && v.salaryPeriod)!;
    const response = await request(portal.app).get(path(vacancy)).expect(200);
    const posting = jsonLd(response.text).find((item) => item['@type'] === 'JobPosting')!;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      title: vacancy.title,
      datePosted: vacancy.publishFrom,
      validThrough: vacancy.validThrough,
      employmentType: vacancy.employmentType,
      hiringOrganization: { '@type': 'Organization', name: vacancy.employer },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: vacancy.street,
          postalCode: vacancy.postalCode,
          addressLocality: vacancy.location,
          addressRegion: vacancy.region,
          addressCountry: 'NL',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: vacancy.salaryMin,
          maxValue: vacancy.salaryMax,
          unitText: vacancy.salaryPeriod,
        },
      },
      directApply: false,
      identifier: { '@type': 'PropertyValue', value: vacancy.documentId },
      url: `${PUBLIC_URL}${path(vacancy)}`,
    });
    expect(posting.description).toMatch(/^<p>.*<\/p>/s);
    expect(posting.description).toContain('<h2>Wat ga je doen?</h2>');
    expect(posting.description).toContain('<li>');
  });

  it('redirects a wrong slug with 301 to the canonical URL, keeping locale and query', async () => {
    const vacancy = open[0]!;
    await request(portal.app)
      .get(`/jobs/vacature/${vacancy.documentId}/oude-titel`)
      .expect(301)
      .expect('Location', path(vacancy));
    await request(portal.app)
      .get(`/en/jobs/vacature/${vacancy.documentId}/old-title?utm_source=x`)
      .expect(301)
      .expect('Location', `/en${path(vacancy)}?utm_source=x`);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await request(portal.app).get('/jobs/vacature/bestaatniet123/iets').expect(404);
    expect(decodeHtml(response.text)).toContain('Pagina niet gevonden: /jobs/vacature/bestaatniet123/iets');
  });

  it('answers 410 for an expired vacancy, with a helpful page and no JobPosting', async () => {
    const vacancy = expired.find((v) => v.category)!;
    const response = await request(portal.app).get(path(vacancy)).expect(410);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1 lang="nl">${vacancy.title}</h1>`);
    expect(html).toContain('Deze vacature is gesloten');
    expect(html).toContain('Solliciteren is niet meer mogelijk.');
    expect(html).toContain(`href="/jobs/cat/${vacancy.category!.documentId}" class="button"`);
    expect(html).toContain('href="/jobs" class="button button--secondary"');
    expect(jsonLd(response.text).some((item) => item['@type'] === 'JobPosting')).toBe(false);
    expect(response.text).not.toContain('JobPosting');
    if (vacancy.applyUrl) expect(html).not.toContain(`href="${vacancy.applyUrl}"`);
    if (vacancy.applyEmail) expect(html).not.toContain(`mailto:${vacancy.applyEmail}`);
    expect(headOf(response.text)).toContain('<meta name="robots" content="noindex"');
    // Similar vacancies: open ones of the same category only.
    const similar = open.filter(
      (v) => v.category?.documentId === vacancy.category!.documentId && v.documentId !== vacancy.documentId,
    );
    expect(listedTitles(response.text)).toEqual(similar.slice(0, 6).map((v) => v.title));
  });

  it('keeps 410 for the English page and for the data of a client navigation', async () => {
    const vacancy = expired[0]!;
    const response = await request(portal.app)
      .get(`/en${path(vacancy)}`)
      .expect(410);
    expect(decodeHtml(response.text)).toContain('This vacancy is closed');
    const payload = await request(portal.app)
      .get(`/__data${path(vacancy)}`)
      .expect(410);
    expect(payload.body.loaderData['jobs-vacature-id-slug'].expired).toBe(true);
  });
});
