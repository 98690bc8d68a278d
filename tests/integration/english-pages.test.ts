/**
 * English pages speak English (docs/decisions/112-english-pages-speak-english.md), against the
 * real CMS: under `/en` topic and job-category labels are English on cards, kickers and
 * breadcrumbs (the label the English menu gives the topic's page); the HTML archive of a month and
 * the search results show the English title of a document that has an English version; and the
 * brand is the English one everywhere on the page (title, header, footer, og:site_name, JSON-LD,
 * the organiser of the portal's own events, meta descriptions), the English web app manifest's
 * name. The Dutch pages stay as they were. Expectations come from the CMS's public API
 * (`locale=nl` / `locale=en`) and the translation files, not from seed text.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, Event, Site, StrapiList, StrapiSingle, Vacancy } from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf } from '../support/portal.ts';

let portal: PortalApp;
let dutchSite: Site;
let englishSite: Site;

/** A translation file of the portal. */
function texts<T>(locale: 'nl' | 'en', file: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../src/shared/i18n/locales/${locale}/${file}.json`, import.meta.url), 'utf8'),
  ) as T;
}

/** The English brand: the English web app manifest's name. */
const ENGLISH_BRAND = texts<{ webApp: { name: string } }>('en', 'web-app').webApp.name;
/** The Dutch brand: the Dutch web app manifest's name. */
const DUTCH_BRAND = texts<{ webApp: { name: string } }>('nl', 'web-app').webApp.name;

const articlePath = (a: Pick<Article, 'documentId' | 'slug'>) => `/news/${a.documentId}/${a.slug}`;

/** A page's decoded HTML (200 expected). */
async function page(path: string): Promise<string> {
  return decodeHtml((await request(portal.app).get(path).expect(200)).text);
}

/** A page without its hydration state (the loaders' data as read, not what the page shows). */
function shown(html: string): string {
  return html.replace(/<script type="application\/json" id="__portal_state">.*?<\/script>/s, '');
}

/** Every JSON-LD object of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The texts of the card kickers (topic or category labels) of a page. */
function kickers(html: string): string[] {
  return [...html.matchAll(/<p class="card__kicker"(?: lang="[a-z]{2}")?>(?:<a [^>]*>)?([^<]*)</g)].map(
    (match) => match[1]!,
  );
}

/** The visible breadcrumb's step names. */
function breadcrumb(html: string): string[] {
  const nav = /<nav class="breadcrumb"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((match) => match[1]!);
}

/** The menu label of a site path in a locale's site settings. */
function menuLabel(site: Site, path: string): string {
  const link = (site.navigation ?? []).find((item) => item.url === path);
  if (!link) throw new Error(`the ${site.locale} menu has no ${path}`);
  return link.label;
}

/** The Amsterdam calendar month of an ISO date: `[year, "MM"]`. */
function amsterdamMonth(iso: string): [number, string] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date(iso))
    .split('-');
  return [Number(year), month!];
}

beforeAll(async () => {
  portal = await createTestApp();
  const query = 'populate[navigation]=true';
  dutchSite = (await cms<StrapiSingle<Site>>(`/site?locale=nl&${query}`)).body.data!;
  englishSite = (await cms<StrapiSingle<Site>>(`/site?locale=en&${query}`)).body.data!;
});

afterAll(() => portal.close());

describe('topic labels under /en', () => {
  it('are the English menu’s label of the topic on cards, and the CMS’s Dutch name on Dutch cards', async () => {
    const english = menuLabel(englishSite, '/logistiek');
    const dutch = menuLabel(dutchSite, '/logistiek');
    expect(english).not.toBe(dutch);
    const enKickers = kickers(await page('/en/nieuws'));
    expect(enKickers).toContain(english);
    expect(enKickers).not.toContain(dutch);
    const nlKickers = kickers(await page('/nieuws'));
    expect(nlKickers).toContain(dutch);
    expect(nlKickers).not.toContain(english);
  });

  it('are English in an article’s kicker and breadcrumb (visible and JSON-LD), Dutch on the Dutch page', async () => {
    const { body } = await cms<StrapiList<Article>>(
      '/articles?locale=nl&fields[0]=slug&fields[1]=title&filters[topic][slug][$eq]=logistiek&populate[topic][fields][0]=name&pagination[pageSize]=1',
    );
    const article = body.data[0];
    if (!article?.topic) throw new Error('the seed has no article on logistiek');
    const english = menuLabel(englishSite, '/logistiek');
    const html = await page(`/en${articlePath(article)}`);
    expect(breadcrumb(html)[1]).toBe(english);
    // The first kicker is the article's own (the related articles' cards follow).
    expect(kickers(html)[0]).toBe(english);
    const list = jsonLd(html).find((node) => node['@type'] === 'BreadcrumbList')!;
    expect((list.itemListElement as Array<{ name: string }>)[1]?.name).toBe(english);

    const dutch = await page(articlePath(article));
    expect(breadcrumb(dutch)[1]).toBe(article.topic.name);
    expect(kickers(dutch)[0]).toBe(article.topic.name);
  });

  it('are English on the home page’s topic list and on event cards', async () => {
    const english = menuLabel(englishSite, '/logistiek');
    expect(await page('/en')).toContain(`<a href="/en/logistiek">${english}</a></h3>`);
    expect(await page('/')).toContain(`<a href="/logistiek">${menuLabel(dutchSite, '/logistiek')}</a></h3>`);
    const { body } = await cms<StrapiList<Event>>(
      '/events?locale=nl&fields[0]=slug&filters[topic][slug][$eq]=logistiek&populate[topic][fields][0]=name&pagination[pageSize]=1',
    );
    const event = body.data[0];
    if (!event?.topic) throw new Error('the seed has no event on logistiek');
    expect(kickers(await page(`/en/events/${event.slug}`))).toContain(english);
    expect(kickers(await page(`/events/${event.slug}`))).toContain(event.topic.name);
  });
});

describe('job category labels under /en', () => {
  it('are English on vacancy cards, the category pills, the category page and a vacancy’s breadcrumb', async () => {
    const categories = texts<{ taxonomy?: { jobCategories?: Record<string, string> } }>('en', 'common')
      .taxonomy?.jobCategories;
    const { body } = await cms<StrapiList<Vacancy>>(
      '/vacancies?locale=nl&fields[0]=slug&fields[1]=title&filters[category][slug][$eq]=logistiek&populate[category][fields][0]=name&populate[category][fields][1]=slug&pagination[pageSize]=1',
    );
    const vacancy = body.data[0];
    if (!vacancy?.category) throw new Error('the seed has no vacancy in logistiek');
    const english = categories?.[vacancy.category.slug];
    expect(english, 'the English name of the category').toBeDefined();
    expect(english).not.toBe(vacancy.category.name);
    const filter = `categorie=${vacancy.category.documentId}`;
    const list = await page(`/en/jobs?${filter}`);
    expect(kickers(list)).toContain(english);
    expect(kickers(list)).not.toContain(vacancy.category.name);
    expect(list).toContain(`>${english}<!-- --> <span class="job-categories__count">`);
    const category = await page(`/en/jobs/cat/${vacancy.category.documentId}`);
    const trail = jsonLd(category).find((node) => node['@type'] === 'BreadcrumbList')!;
    expect((trail.itemListElement as Array<{ name: string }>)[2]?.name).toBe(english);
    const detail = await page(`/en/jobs/vacature/${vacancy.documentId}/${vacancy.slug}`);
    expect(breadcrumb(detail)[2]).toBe(english);

    const dutch = await page(`/jobs?${filter}`);
    expect(kickers(dutch)).toContain(vacancy.category.name);
    expect(kickers(dutch)).not.toContain(english);
  });
});

describe('the HTML archive of a month under /en', () => {
  it('shows the English title of each article and event with a translation, the Dutch ones marked lang="nl"', async () => {
    const fields = 'fields[0]=title&fields[1]=slug&fields[2]=publishDate';
    const { body: english } = await cms<StrapiList<Article>>(
      `/articles?locale=en&${fields}&sort[0]=publishDate:desc&pagination[pageSize]=1`,
    );
    const translation = english.data[0];
    if (!translation) throw new Error('the seed has no English article');
    const { body: dutch } = await cms<StrapiList<Article>>(
      `/articles?locale=nl&${fields}&filters[documentId][$eq]=${translation.documentId}`,
    );
    const article = dutch.data[0]!;
    expect(translation.title).not.toBe(article.title);
    const [year, month] = amsterdamMonth(article.publishDate);

    const html = await page(`/en/sitemap/${year}/${month}`);
    expect(html).toContain(`<a href="/en${articlePath(article)}">${translation.title}</a>`);
    expect(html).not.toContain(`>${article.title}</a>`);
    // Every other link of the month's lists names its language when it is Dutch.
    const items = [...html.matchAll(/<li data-(?:article|event)="[^"]+">.*?<\/li>/gs)].map((m) => m[0]);
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) {
      if (item.includes(translation.title)) expect(item).not.toContain('lang=');
    }
    expect(items.some((item) => item.includes('lang="nl"'))).toBe(true);
    expect(html).not.toContain('<ol class="sitemap-list" lang="nl">');

    const nl = await page(`/sitemap/${year}/${month}`);
    expect(nl).toContain(`<a href="${articlePath(article)}">${article.title}</a>`);
    expect(nl).not.toContain(translation.title);
    const dutchItems = [...nl.matchAll(/<li data-(?:article|event)="[^"]+">.*?<\/li>/gs)].map((m) => m[0]);
    expect(dutchItems.length).toBe(items.length);
    for (const item of dutchItems) expect(item).not.toContain('lang=');
  });
});

describe('search results under /en', () => {
  it('show the English title and summary of an article with an English version; /zoeken the Dutch', async () => {
    const fields = 'fields[0]=title&fields[1]=slug&fields[2]=summary';
    const englishList = (
      await cms<StrapiList<Article>>(`/articles?locale=en&${fields}&pagination[pageSize]=100`)
    ).body.data;
    const dutchList = (
      await cms<StrapiList<Article>>(`/articles?locale=nl&${fields}&pagination[pageSize]=100`)
    ).body.data;
    // A translated article whose Dutch title has a word no other Dutch title has: it is found first.
    const titleWords = (title: string) => title.toLowerCase().match(/\p{L}{7,}/gu) ?? [];
    let chosen: { article: Article; english: Article; word: string } | undefined;
    for (const english of englishList) {
      const article = dutchList.find((a) => a.documentId === english.documentId)!;
      const word = titleWords(article.title).find(
        (w) => dutchList.filter((a) => a.title.toLowerCase().includes(w)).length === 1,
      );
      if (word) {
        chosen = { article, english, word };
        break;
      }
    }
    if (!chosen) throw new Error('no translated article has a distinctive Dutch title word');
    const { article, english, word } = chosen;
    const strip = (html: string) => html.replace(/<\/?mark>/g, '');
    const result = (html: string, path: string) =>
      new RegExp(
        `<h2 class="search-result__title"><a href="${path}">(.*?)</a></h2>(?:<p class="search-result__snippet">(.*?)</p>)?`,
        's',
      ).exec(html);

    const en = await page(`/en/zoeken?q=${encodeURIComponent(word)}`);
    const hit = result(en, `/en${articlePath(article)}`);
    expect(hit, 'the article is found under /en').not.toBeNull();
    expect(strip(hit![1]!)).toBe(english.title);
    expect(strip(hit![2] ?? '')).toContain(english.summary!.slice(0, 40));

    const nl = await page(`/zoeken?q=${encodeURIComponent(word)}`);
    const dutchHit = result(nl, articlePath(article));
    expect(dutchHit, 'the article is found in Dutch').not.toBeNull();
    expect(strip(dutchHit![1]!)).toBe(article.title);
  });
});

describe('the brand', () => {
  it('is the English manifest’s name in the English site settings, the Dutch one in the Dutch', () => {
    expect(englishSite.name).toBe(ENGLISH_BRAND);
    expect(dutchSite.name).toBe(DUTCH_BRAND);
    expect(ENGLISH_BRAND).not.toBe(DUTCH_BRAND);
  });

  it.each([
    '/en',
    '/en/nieuws',
    '/en/logistiek',
    '/en/redactie',
    '/en/over-ons',
    '/en/privacy',
    '/en/contact',
    '/en/inschrijvingen',
    '/en/events',
  ])('is English only on %s: title, header, footer, og:site_name, JSON-LD', async (path) => {
    const html = await page(path);
    expect(shown(html)).not.toContain(DUTCH_BRAND);
    const head = headOf(html);
    expect(head).toMatch(new RegExp(`<title>[^<]*${ENGLISH_BRAND}[^<]*</title>`));
    expect(head).toContain(`<meta property="og:site_name" content="${ENGLISH_BRAND}"/>`);
    expect(html).toContain(`<span class="site-header__name">${ENGLISH_BRAND}</span>`);
    expect(html).toContain(`<h2 class="site-footer__name">${ENGLISH_BRAND}</h2>`);
  });

  it('names the English site in the home page’s JSON-LD and as an English article’s publisher', async () => {
    const home = jsonLd(await page('/en'));
    expect(home.find((node) => node['@type'] === 'Organization')?.name).toBe(ENGLISH_BRAND);
    expect(home.find((node) => node['@type'] === 'WebSite')?.name).toBe(ENGLISH_BRAND);
    const { body } = await cms<StrapiList<Article>>(
      '/articles?locale=en&fields[0]=slug&pagination[pageSize]=1',
    );
    const translated = body.data[0]!;
    const { body: dutch } = await cms<StrapiList<Article>>(
      `/articles?locale=nl&fields[0]=slug&filters[documentId][$eq]=${translated.documentId}`,
    );
    const html = await page(`/en${articlePath(dutch.data[0]!)}`);
    expect(shown(html)).not.toContain(DUTCH_BRAND);
    const node = jsonLd(html).find((item) => item['@type'] === 'NewsArticle')!;
    expect((node.publisher as { name: string }).name).toBe(ENGLISH_BRAND);
  });

  it('names the site as the organiser of its own events in the page’s language', async () => {
    const { body } = await cms<StrapiList<Event>>(
      '/events?locale=nl&fields[0]=slug&fields[1]=organiser&fields[2]=organiserUrl&filters[organiserUrl][$eq]=/over-ons&pagination[pageSize]=100',
    );
    expect(body.data.length).toBeGreaterThan(0);
    const english = new Set(
      (
        await cms<StrapiList<Event>>('/events?locale=en&fields[0]=slug&pagination[pageSize]=100')
      ).body.data.map((e) => e.documentId),
    );
    // A translated one (its JSON-LD is English too) when there is one, else any.
    const event = body.data.find((e) => english.has(e.documentId)) ?? body.data[0]!;
    const html = await page(`/en/events/${event.slug}`);
    expect(html).toContain(`<dd><a href="/en/over-ons">${ENGLISH_BRAND}</a></dd>`);
    if (english.has(event.documentId)) {
      expect(shown(html)).not.toContain(DUTCH_BRAND);
      const node = jsonLd(html).find((item) => item['@type'] === 'Event')!;
      expect((node.organizer as { name: string }).name).toBe(ENGLISH_BRAND);
    }
    const dutch = await page(`/events/${event.slug}`);
    expect(dutch).toContain(`<dd><a href="/over-ons">${event.organiser}</a></dd>`);
    expect(event.organiser).toBe(DUTCH_BRAND);
  });

  it('stays Dutch on Dutch pages', async () => {
    for (const path of ['/', '/nieuws', '/logistiek', '/inschrijvingen']) {
      const html = await page(path);
      expect(shown(html), path).not.toContain(ENGLISH_BRAND);
      expect(headOf(html), path).toContain(`<meta property="og:site_name" content="${DUTCH_BRAND}"/>`);
      expect(html, path).toContain(`<span class="site-header__name">${DUTCH_BRAND}</span>`);
    }
  });
});
