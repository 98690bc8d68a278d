/**
 * What a reader sees of an article and the other detail pages, rendered by the portal against the
 * real CMS (docs/decisions/100-what-readers-expect-of-an-article.md):
 *
 * - the visible breadcrumb names the same steps, in the same order, with the same URLs as the
 *   page's `BreadcrumbList` JSON-LD, on news items, events, vacancies, magazines, subscriptions and
 *   partners, in Dutch and under `/en`;
 * - under `/en`, Dutch-only content says so in English above the content (and keeps `lang="nl"`);
 *   translated content does not; the Dutch pages never show the note;
 * - the share links (without JavaScript) carry the page's absolute URL;
 * - an editor's page `/redactie/{slug}` shows the CMS's author (name, role, photo, bio) and their
 *   articles paged with `?pagina=`, the byline and the `NewsArticle` author point to it, and the
 *   sitemap lists it in both languages.
 */
import { Window } from 'happy-dom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type {
  Article,
  Author,
  Event,
  Magazine,
  Partner,
  StrapiList,
  Subscription,
  Vacancy,
} from '../../src/shared/cms-types.ts';
import {
  articlePath,
  authorPagePath,
  eventPath,
  magazinePath,
  partnerPath,
  subscriptionPath,
  vacancyPath,
} from '../../src/shared/urls.ts';
import { cms, createTestApp, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;
const window = new Window({ url: PUBLIC_URL });

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(async () => {
  await portal.close();
  await window.happyDOM.close();
});

/** The page at `path` as a parsed document (its URL is the public one, so links resolve). */
async function documentOf(path: string) {
  const html = (await request(portal.app).get(path).set('Accept-Language', 'nl').expect(200)).text;
  return new window.DOMParser().parseFromString(html, 'text/html');
}

type Doc = Awaited<ReturnType<typeof documentOf>>;

/** The `BreadcrumbList` of a page as [name, url] pairs. */
function jsonLdTrail(document: Doc): Array<[string, string]> {
  const lists = [...document.querySelectorAll('script[type="application/ld+json"]')]
    .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
    .filter((node) => node['@type'] === 'BreadcrumbList');
  expect(lists).toHaveLength(1);
  return ((lists[0]?.itemListElement ?? []) as Array<{ name: string; item: string }>).map((item) => [
    item.name,
    item.item,
  ]);
}

/** The visible breadcrumb of a page as [text, absolute href] pairs. */
function visibleTrail(document: Doc): Array<[string, string]> {
  const navs = document.querySelectorAll('nav.breadcrumb');
  expect(navs).toHaveLength(1);
  return [...navs[0]!.querySelectorAll('li > a')].map((link) => [
    (link.textContent ?? '').trim(),
    new URL(link.getAttribute('href') ?? '', PUBLIC_URL).href,
  ]);
}

/** The first document of a CMS list (fields and filters in `query`). */
async function first<T>(query: string): Promise<T> {
  const { body } = await cms<StrapiList<T>>(`${query}&pagination[pageSize]=1`);
  const found = body.data[0];
  if (!found) throw new Error(`the seed has nothing for ${query}`);
  return found;
}

describe('the visible breadcrumb', () => {
  it('equals the BreadcrumbList on every detail page, in Dutch and English', async () => {
    const article = await first<Article>(
      '/articles?fields[0]=slug&fields[1]=title&filters[topic][id][$notNull]=true&sort=publishDate:desc',
    );
    const event = await first<Event>('/events?fields[0]=slug&fields[1]=title');
    const vacancy = await first<Vacancy>(
      '/vacancies?fields[0]=slug&fields[1]=title&filters[category][id][$notNull]=true',
    );
    const magazine = await first<Magazine>('/magazines?fields[0]=slug&fields[1]=title');
    const subscription = await first<Subscription>('/subscriptions?fields[0]=slug&fields[1]=name');
    const partner = await first<Partner>('/partners?fields[0]=link&fields[1]=name');
    const paths = [
      articlePath(article),
      eventPath(event),
      vacancyPath(vacancy),
      magazinePath(magazine),
      subscriptionPath(subscription),
      partnerPath(partner),
    ];
    for (const path of paths) {
      for (const prefix of ['', '/en']) {
        const document = await documentOf(`${prefix}${path}`);
        const seen = visibleTrail(document);
        expect(seen, `${prefix}${path}`).toEqual(jsonLdTrail(document));
        expect(seen.length, `${prefix}${path}`).toBeGreaterThanOrEqual(3);
        expect(seen.at(-1)?.[1]).toBe(`${PUBLIC_URL}${prefix}${path}`);
        expect(document.querySelector('nav.breadcrumb li:last-child a')?.getAttribute('aria-current')).toBe(
          'page',
        );
      }
    }
    // The news item's trail goes through its topic, as its JSON-LD did before (decision 055).
    const newsTrail = visibleTrail(await documentOf(articlePath(article)));
    expect(newsTrail[0]).toEqual(['Home', `${PUBLIC_URL}/`]);
    expect(newsTrail).toHaveLength(3);
  });
});

describe('Dutch-only content under /en', () => {
  it('says in English that an untranslated article, event and vacancy are only available in Dutch', async () => {
    const english = new Set(
      (
        await cms<StrapiList<Article>>('/articles?locale=en&fields[0]=slug&pagination[pageSize]=100')
      ).body.data.map((a) => a.documentId),
    );
    const { body } = await cms<StrapiList<Article>>(
      '/articles?locale=nl&fields[0]=slug&fields[1]=title&sort=publishDate:desc&pagination[pageSize]=50',
    );
    const dutchOnly = body.data.find((a) => !english.has(a.documentId));
    const translated = body.data.find((a) => english.has(a.documentId));
    if (!dutchOnly || !translated) throw new Error('the seed has both kinds of article');

    const page = await documentOf(`/en${articlePath(dutchOnly)}`);
    const note = page.querySelector('article .untranslated-note');
    expect(note?.textContent).toBe('This article is only available in Dutch.');
    expect(note?.getAttribute('lang')).toBe('en');
    expect(page.querySelector('article')?.getAttribute('lang')).toBe('nl');
    // The note comes first in the article, above the headline.
    expect(page.querySelector('article')?.firstElementChild).toBe(note);

    const translatedPage = await documentOf(`/en${articlePath(translated)}`);
    expect(translatedPage.querySelector('.untranslated-note[data-untranslated="article"]')).toBeNull();
    const dutchPage = await documentOf(articlePath(dutchOnly));
    expect(dutchPage.querySelector('.untranslated-note')).toBeNull();

    const vacancy = await first<Vacancy>('/vacancies?fields[0]=slug');
    const vacancyPage = await documentOf(`/en${vacancyPath(vacancy)}`);
    expect(vacancyPage.querySelector('.untranslated-note')?.textContent).toBe(
      'This vacancy is only available in Dutch.',
    );
  });

  it('says so for events, magazines, subscriptions and partners, whose texts keep lang="nl"', async () => {
    const translatedEvents = new Set(
      (await cms<StrapiList<Event>>('/events?locale=en&fields[0]=slug')).body.data.map((e) => e.documentId),
    );
    const events = (await cms<StrapiList<Event>>('/events?locale=nl&fields[0]=slug&pagination[pageSize]=100'))
      .body.data;
    const event = events.find((e) => !translatedEvents.has(e.documentId));
    if (!event) throw new Error('no untranslated event');
    const eventPage = await documentOf(`/en${eventPath(event)}`);
    expect(eventPage.querySelector('.untranslated-note')?.textContent).toBe(
      'This event is only described in Dutch.',
    );

    const subscription = await first<Subscription>('/subscriptions?fields[0]=slug');
    const plan = await documentOf(`/en${subscriptionPath(subscription)}`);
    expect(plan.querySelector('.untranslated-note')?.textContent).toBe(
      'This subscription is only described in Dutch.',
    );
    expect(plan.querySelector('.plan__benefits')?.getAttribute('lang')).toBe('nl');
    const plans = await documentOf('/en/abonnementen');
    expect(plans.querySelector('.untranslated-note')?.textContent).toBe(
      'The subscriptions and what they include are only described in Dutch.',
    );
    for (const list of plans.querySelectorAll('.plan__benefits'))
      expect(list.getAttribute('lang')).toBe('nl');
    // The Dutch list has no note and no lang of its own.
    const dutchPlans = await documentOf('/abonnementen');
    expect(dutchPlans.querySelector('.untranslated-note')).toBeNull();
    expect(dutchPlans.querySelector('.plan__benefits')?.hasAttribute('lang')).toBe(false);

    const partner = await first<Partner>('/partners?fields[0]=link');
    const partnerPage = await documentOf(`/en${partnerPath(partner)}`);
    expect(partnerPage.querySelector('.untranslated-note')?.textContent).toBe(
      'This partner page is only available in Dutch.',
    );

    const translatedMagazines = new Set(
      (await cms<StrapiList<Magazine>>('/magazines?locale=en&fields[0]=slug')).body.data.map(
        (m) => m.documentId,
      ),
    );
    const magazines = (await cms<StrapiList<Magazine>>('/magazines?locale=nl&fields[0]=slug')).body.data;
    const magazine = magazines.find((m) => !translatedMagazines.has(m.documentId));
    if (magazine) {
      const magazinePage = await documentOf(`/en${magazinePath(magazine)}`);
      expect(magazinePage.querySelector('.untranslated-note')?.textContent).toBe(
        'This magazine is only described in Dutch.',
      );
    }
  });
});

describe('the share links', () => {
  it('link to the networks and e-mail with the page’s absolute URL, without any script of theirs', async () => {
    const article = await first<Article>('/articles?fields[0]=slug&fields[1]=title&sort=publishDate:desc');
    for (const prefix of ['', '/en']) {
      const document = await documentOf(`${prefix}${articlePath(article)}`);
      const url = encodeURIComponent(`${PUBLIC_URL}${prefix}${articlePath(article)}`);
      const hrefs = Object.fromEntries(
        [...document.querySelectorAll('.share a[data-share]')].map((link) => [
          link.getAttribute('data-share'),
          link.getAttribute('href'),
        ]),
      );
      expect(Object.keys(hrefs)).toEqual(['linkedin', 'x', 'facebook', 'whatsapp', 'email']);
      expect(hrefs.linkedin).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
      expect(hrefs.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
      expect(hrefs.x).toContain(`&url=${url}`);
      expect(hrefs.whatsapp).toContain(url);
      expect(hrefs.email).toMatch(/^mailto:\?subject=/);
      // No script from another origin on the page.
      for (const script of document.querySelectorAll('script[src]')) {
        expect(new URL(script.getAttribute('src') ?? '', PUBLIC_URL).origin).toBe(PUBLIC_URL);
      }
    }
  });
});

describe('author pages /redactie/{author}', () => {
  it('show the editor from the CMS (name, role, photo, bio) and their articles, 9 a page with ?pagina=', async () => {
    // The editor with the most articles, so the list has a second page (9 a page).
    const { body } = await cms<StrapiList<Author>>(
      '/authors?fields[0]=name&fields[1]=slug&fields[2]=role&fields[3]=bio&populate[photo][fields][0]=url&sort=name:asc',
    );
    expect(body.data.map((author) => author.name)).toEqual([
      'Anouk Peeters',
      'Jeroen Willems',
      'Marieke Dekker',
      'Sophie Claessens',
      'Thijs van Leeuwen',
    ]);
    const byAuthor = await Promise.all(
      body.data.map(async (candidate) => ({
        author: candidate,
        written: await cms<StrapiList<Article>>(
          `/articles?fields[0]=title&fields[1]=slug&filters[authorProfile][slug][$eq]=${candidate.slug}&sort[0]=publishDate:desc&sort[1]=id:desc&pagination[pageSize]=100`,
        ),
      })),
    );
    const { author, written } = byAuthor.sort(
      (a, b) => (b.written.body.meta.pagination?.total ?? 0) - (a.written.body.meta.pagination?.total ?? 0),
    )[0]!;
    expect(author.role).toBeTruthy();
    expect(author.photo?.url).toMatch(/^\/uploads\//);
    expect(written.body.meta.pagination?.total ?? 0).toBeGreaterThan(9);

    const page1 = await documentOf(authorPagePath(author));
    expect(page1.querySelector('h1')?.textContent).toBe(author.name);
    expect(page1.querySelector('.author-profile__role')?.textContent).toBe(author.role);
    expect(page1.querySelector('.author-profile__bio')?.textContent).toBe(author.bio);
    expect(page1.querySelector('.author-profile__photo img')?.getAttribute('alt')).toBe(
      `Foto van ${author.name}`,
    );
    const titles = (document: Doc) =>
      [...document.querySelectorAll('.grid--news .card__title')].map((title) => title.textContent?.trim());
    expect(titles(page1)).toEqual(written.body.data.slice(0, 9).map((article) => article.title));
    expect(page1.querySelector('nav.pagination a[rel="next"]')?.getAttribute('href')).toBe(
      `${authorPagePath(author)}?pagina=2`,
    );
    const page2 = await documentOf(`${authorPagePath(author)}?pagina=2`);
    expect(titles(page2)).toEqual(written.body.data.slice(9, 18).map((article) => article.title));
    expect(visibleTrail(page2)).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Redactie', `${PUBLIC_URL}/redactie`],
      [author.name, `${PUBLIC_URL}${authorPagePath(author)}`],
    ]);
    expect(visibleTrail(page2)).toEqual(jsonLdTrail(page2));

    // Under /en: English labels, the Dutch role and bio marked as Dutch.
    const english = await documentOf(`/en${authorPagePath(author)}`);
    expect(english.querySelector('#author-articles')?.textContent).toBe(`Articles by ${author.name}`);
    expect(english.querySelector('.author-profile__bio')?.getAttribute('lang')).toBe('nl');
  });

  it('answer 404 for an unknown editor, a malformed page and a page past the last', async () => {
    await request(portal.app).get('/redactie/niemand-bekend').expect(404);
    await request(portal.app).get('/redactie/marieke-dekker?pagina=0').expect(404);
    await request(portal.app).get('/redactie/marieke-dekker?pagina=999').expect(404);
  });

  it('are where the byline and the NewsArticle author point, and listed in the sitemap', async () => {
    const article = await first<Article>(
      '/articles?fields[0]=slug&fields[1]=title&filters[authorProfile][slug][$eq]=thijs-van-leeuwen&sort=publishDate:desc',
    );
    const document = await documentOf(articlePath(article));
    expect(document.querySelector('.article__meta a[rel="author"]')?.getAttribute('href')).toBe(
      '/redactie/thijs-van-leeuwen',
    );
    const news = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
      .find((node) => node['@type'] === 'NewsArticle');
    expect(news?.author).toEqual([
      {
        '@type': 'Person',
        name: 'Thijs van Leeuwen',
        url: `${PUBLIC_URL}/redactie/thijs-van-leeuwen`,
        jobTitle: 'Redacteur logistiek',
      },
    ]);

    const index = (await request(portal.app).get('/sitemap.xml').expect(200)).text;
    expect(index).toContain(`${PUBLIC_URL}/sitemaps/authors.xml`);
    const sitemap = (await request(portal.app).get('/sitemaps/authors.xml').expect(200)).text;
    for (const slug of [
      'marieke-dekker',
      'thijs-van-leeuwen',
      'anouk-peeters',
      'jeroen-willems',
      'sophie-claessens',
    ]) {
      expect(sitemap).toContain(`<loc>${PUBLIC_URL}/redactie/${slug}</loc>`);
      expect(sitemap).toContain(`<loc>${PUBLIC_URL}/en/redactie/${slug}</loc>`);
    }
  });
});
