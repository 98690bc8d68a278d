/**
 * Site search `/zoeken` against the real CMS: ranking of a title word, diacritic folding,
 * highlighting, pagination, type filter, empty states, query cutting, noindex, locale, expired
 * vacancies, the header search box, and the CMS webhook (`POST /hooks/cms`) with its index refresh
 * (a rebuild, or an update of just the entry it names).
 * Expected values are read from the CMS, not copied from the seed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { WEBHOOK_SECRET_HEADER } from '../../src/server/http/cms-webhook.server.ts';
import { searchIndexFor } from '../../src/server/search/search-index.server.ts';
import type { Article, Event, Magazine, Page, StrapiList, Vacancy } from '../../src/shared/cms-types.ts';
import { articlePath, vacancyPath } from '../../src/shared/urls.ts';
import { type PublishedArticle, publishArticle } from '../support/cms-admin.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

const SECRET = 'integration-webhook-secret-0123456789';

let portal: PortalApp;
let hooked: PortalApp;
let articles: Article[];
let allTitles: string[];

/** Lower case without diacritics (the same folding the portal applies). */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The opening tag of the first `<form>` with `className`. */
function formTag(html: string, className: string): string {
  return new RegExp(`<form class="${className}"[^>]*>`).exec(html)?.[0] ?? '';
}

/** Result paths in page order (`href`s of the result titles). */
function resultPaths(html: string): string[] {
  return [...html.matchAll(/<h2 class="search-result__title"><a href="([^"]+)"/g)].map((m) => m[1]!);
}

/** The number in "N resultaten voor". */
function resultCount(html: string): number {
  const match = /(\d+) resulta(?:at|ten) voor/.exec(decodeHtml(html));
  if (!match) throw new Error('no result count on the page');
  return Number(match[1]);
}

/** Articles this file publishes; deleted after the tests. */
const published: PublishedArticle[] = [];

beforeAll(async () => {
  // A title word with a diacritic, whatever the demo seed's figures and countries are today
  // (the seed's titles have one only when a drawn country is België).
  published.push(
    await publishArticle({
      title: 'Pakketdienst opent depot in België',
      summary: 'Het depot bij Antwerpen bedient klanten aan beide kanten van de grens.',
      slug: `zoektest-diakriet-${Date.now().toString(36)}`,
      publishDate: new Date(Date.now() - 60_000).toISOString(),
    }),
  );
  portal = await createTestApp();
  hooked = await createApp({
    mode: 'test',
    strapiUrl: (await import('vitest')).inject('cmsUrl'),
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
    cmsTimeoutMs: 3000,
    pageCacheTtlMs: 0,
    webhookSecret: SECRET,
    // These tests are about the in-memory index, also when the CMS runs on PostgreSQL.
    searchBackend: 'minisearch',
  });
  const [a, e, v, m, p] = await Promise.all([
    cms<StrapiList<Article>>(
      '/articles?sort=publishDate:desc&pagination[pageSize]=100&fields[0]=title&fields[1]=slug&fields[2]=publishDate',
    ),
    cms<StrapiList<Event>>('/events?pagination[pageSize]=100&fields[0]=title'),
    cms<StrapiList<Vacancy>>('/vacancies?pagination[pageSize]=100&fields[0]=title'),
    cms<StrapiList<Magazine>>('/magazines?pagination[pageSize]=100&fields[0]=title'),
    cms<StrapiList<Page>>('/pages?pagination[pageSize]=100&fields[0]=title&populate[seo]=true'),
  ]);
  articles = a.body.data;
  allTitles = [...articles, ...e.body.data, ...v.body.data, ...m.body.data, ...p.body.data].map(
    (x) => x.title,
  );
});

afterAll(async () => {
  await portal?.close();
  await hooked?.close();
  for (const article of published) await article.remove();
});

describe('search page', () => {
  it('explains itself and shows a GET search form without a query', async () => {
    const response = await request(portal.app).get('/zoeken').expect(200);
    const html = decodeHtml(response.text);
    const form = formTag(html, 'search-form');
    expect(html).toContain('<search><form class="search-form"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/zoeken"');
    expect(html).toContain('name="q"');
    expect(html).toContain('Doorzoek de hele site');
    expect(html).not.toContain('search-result__title');
  });

  it('is noindex, in the head and as a header', async () => {
    const response = await request(portal.app).get('/zoeken?q=logistiek').expect(200);
    expect(headOf(response.text)).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it('ranks the article of a distinctive title word first and highlights the word', async () => {
    const folded = allTitles.map(fold);
    let chosen: { article: Article; word: string } | undefined;
    for (const article of articles) {
      const word = words(article.title).find(
        (w) => w.length >= 7 && !/\d/.test(w) && folded.filter((t) => t.includes(fold(w))).length === 1,
      );
      if (word) {
        chosen = { article, word };
        break;
      }
    }
    expect(chosen, 'an article title with a word no other title has').toBeDefined();
    const { article, word } = chosen!;
    const response = await request(portal.app)
      .get(`/zoeken?q=${encodeURIComponent(word.toLowerCase())}`)
      .expect(200);
    const html = decodeHtml(response.text);
    expect(resultPaths(response.text)[0]).toBe(articlePath(article));
    expect(html).toContain(`<mark>${word}</mark>`);
    expect(html).toContain('<span class="search-result__type">Nieuws</span>');
  });

  it('folds diacritics: a title word with an accent is found without it', async () => {
    const withAccent = articles
      .flatMap((article) => words(article.title).map((word) => ({ article, word })))
      .find(({ word }) => fold(word) !== word.toLowerCase());
    expect(withAccent, 'an article title with a diacritic').toBeDefined();
    const { article, word } = withAccent!;
    const query = fold(word);
    const response = await request(portal.app)
      .get(`/zoeken?q=${encodeURIComponent(query)}`)
      .expect(200);
    const html = decodeHtml(response.text);
    expect(resultPaths(response.text)).toContain(articlePath(article));
    expect(html).toContain(`<mark>${word}</mark>`);
  });

  it('highlights matches in the snippet', async () => {
    const response = await request(portal.app).get('/zoeken?q=logistiek').expect(200);
    const snippets = [...response.text.matchAll(/<p class="search-result__snippet">([\s\S]*?)<\/p>/g)].map(
      (m) => m[1]!,
    );
    expect(snippets.length).toBeGreaterThan(0);
    expect(snippets.some((s) => /<mark>[^<]*<\/mark>/.test(s))).toBe(true);
    // CMS text is escaped, never inserted as HTML: the only tags in a snippet are <mark>s.
    for (const s of snippets) expect(s.replace(/<\/?mark>/g, '')).not.toMatch(/<[a-z]/i);
  });

  it('pages with real links that keep the query, and 404s past the last page', async () => {
    const first = await request(portal.app).get('/zoeken?q=logistiek').expect(200);
    const total = resultCount(first.text);
    expect(total).toBeGreaterThan(10);
    const pageCount = Math.ceil(total / 10);
    expect(first.text).toContain('href="/zoeken?q=logistiek&amp;page=2" rel="next"');
    expect(resultPaths(first.text)).toHaveLength(10);
    const second = await request(portal.app).get('/zoeken?q=logistiek&page=2').expect(200);
    expect(second.text).toContain('href="/zoeken?q=logistiek" rel="prev"');
    expect(resultPaths(second.text)[0]).not.toBe(resultPaths(first.text)[0]);
    const last = await request(portal.app).get(`/zoeken?q=logistiek&page=${pageCount}`).expect(200);
    expect(resultPaths(last.text)).toHaveLength(total - (pageCount - 1) * 10);
    await request(portal.app)
      .get(`/zoeken?q=logistiek&page=${pageCount + 1}`)
      .expect(404);
    await request(portal.app).get('/zoeken?q=logistiek&page=0').expect(404);
    await request(portal.app).get('/zoeken?q=logistiek&page=abc').expect(404);
    await request(portal.app).get('/zoeken?page=2').expect(404);
  });

  it('filters by type with links that show the counts', async () => {
    const all = await request(portal.app).get('/zoeken?q=logistiek').expect(200);
    expect(all.text).toContain('href="/zoeken?q=logistiek&amp;type=vacancy"');
    const response = await request(portal.app).get('/zoeken?q=logistiek&type=vacancy').expect(200);
    const labels = [...response.text.matchAll(/<span class="search-result__type">([^<]+)<\/span>/g)].map(
      (m) => m[1],
    );
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(['Vacature']));
    expect(resultCount(response.text)).toBeLessThan(resultCount(all.text));
    await request(portal.app).get('/zoeken?q=logistiek&type=onzin').expect(404);
  });

  it('says so when nothing is found and suggests spelling and tags', async () => {
    const response = await request(portal.app).get('/zoeken?q=qwxzvbnm').expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('Geen resultaten voor ‘qwxzvbnm’');
    expect(html).toContain('Controleer de spelling');
    expect(html).toMatch(/<a href="\/news\/tag\/[^"]+" class="tag">/);
    expect(html).toContain('href="/tags-overzicht"');
  });

  it('cuts queries longer than 200 characters', async () => {
    const long = 'logistiek '.repeat(30);
    const response = await request(portal.app)
      .get(`/zoeken?q=${encodeURIComponent(long)}`)
      .expect(200);
    const value = /id="search-query"[^>]*value="([^"]*)"/.exec(response.text)?.[1] ?? '';
    expect(value.length).toBeGreaterThan(150);
    expect(value.length).toBeLessThanOrEqual(200);
    expect(resultCount(response.text)).toBeGreaterThan(0);
  });

  it('does not find vacancies past their validThrough', async () => {
    const expired = await cms<StrapiList<Vacancy>>(
      `/vacancies?filters[validThrough][$lt]=${new Date().toISOString()}&fields[0]=title&fields[1]=slug`,
    );
    expect(expired.body.data.length).toBeGreaterThan(0);
    for (const vacancy of expired.body.data) {
      const response = await request(portal.app)
        .get(`/zoeken?q=${encodeURIComponent(vacancy.title)}`)
        .expect(200);
      expect(resultPaths(response.text)).not.toContain(vacancyPath(vacancy));
    }
  });

  it('searches the English CMS pages under /en', async () => {
    const pages = await cms<StrapiList<Page>>(
      '/pages?locale=en&filters[slug][$eq]=logistiek&fields[0]=title&fields[1]=slug',
    );
    const page = pages.body.data[0]!;
    const response = await request(portal.app)
      .get(`/en/zoeken?q=${encodeURIComponent(page.title)}`)
      .expect(200);
    expect(response.text).toContain('<html lang="en">');
    expect(resultPaths(response.text)).toContain('/en/logistiek');
    expect(decodeHtml(response.text)).toMatch(/\d+ results? for/);
  });

  it('answers client navigations through the data endpoint', async () => {
    const response = await request(portal.app).get('/__data/zoeken?q=logistiek&page=2').expect(200);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.text).toContain('"hits"');
  });

  it('puts a search box in the header of every page', async () => {
    const nl = await request(portal.app).get('/').expect(200);
    expect(nl.text).toContain('<search class="search-box"><form class="search-box__form"');
    expect(formTag(nl.text, 'search-box__form')).toContain('action="/zoeken"');
    expect(formTag(nl.text, 'search-box__form')).toContain('method="get"');
    expect(nl.text).toMatch(/<label for="site-search" class="visually-hidden">Zoeken op de site<\/label>/);
    const en = await request(portal.app).get('/en').expect(200);
    expect(formTag(en.text, 'search-box__form')).toContain('action="/en/zoeken"');
  });
});

describe('POST /hooks/cms', () => {
  it('does not exist when no secret is configured', async () => {
    await request(portal.app).post('/hooks/cms').set(WEBHOOK_SECRET_HEADER, SECRET).send({}).expect(404);
  });

  it('refuses a missing or wrong secret', async () => {
    await request(hooked.app).post('/hooks/cms').send({ event: 'entry.update' }).expect(401);
    await request(hooked.app)
      .post('/hooks/cms')
      .set(WEBHOOK_SECRET_HEADER, `${SECRET}-wrong`)
      .send({ event: 'entry.update' })
      .expect(401);
  });

  it('answers 204 and rebuilds the search index from the CMS', async () => {
    const index = searchIndexFor(hooked.strapi);
    await request(hooked.app).get('/zoeken?q=logistiek').expect(200);
    await index.whenIdle();
    const before = index.stats;
    expect(before.documents).toBeGreaterThan(100);
    await request(hooked.app)
      .post('/hooks/cms')
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .send({ event: 'entry.publish', model: 'article', uid: 'api::article.article', entry: { id: 1 } })
      .expect(204);
    await index.whenIdle();
    expect(index.stats.generation).toBe(before.generation + 1);
    expect(index.stats.documents).toBe(before.documents);
  });

  it('updates just the entry a webhook names, without a rebuild: publish, then delete', async () => {
    const index = searchIndexFor(hooked.strapi);
    await request(hooked.app).get('/zoeken?q=logistiek').expect(200);
    await index.whenIdle();
    const before = index.stats;
    const word = `Losstaand${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    const { documentId, remove } = await publishArticle({
      title: `${word} bericht`,
      slug: word.toLowerCase(),
    });
    const hook = (event: string) =>
      request(hooked.app)
        .post('/hooks/cms')
        .set(WEBHOOK_SECRET_HEADER, SECRET)
        .send({ event, model: 'article', uid: 'api::article.article', entry: { id: 1, documentId } })
        .expect(204);
    const found = async () =>
      resultCount((await request(hooked.app).get(`/zoeken?q=${word}`).expect(200)).text);
    try {
      await hook('entry.publish');
      await index.whenIdle();
      expect(await found()).toBe(1);
      expect(index.stats).toMatchObject({
        generation: before.generation,
        updates: before.updates + 1,
        documents: before.documents + 1,
      });
    } finally {
      await remove();
    }
    await hook('entry.delete');
    await index.whenIdle();
    expect((await request(hooked.app).get(`/zoeken?q=${word}`).expect(200)).text).not.toContain(
      `${word} bericht`,
    );
    expect(index.stats).toMatchObject({
      generation: before.generation,
      updates: before.updates + 2,
      documents: before.documents,
    });
  });

  it('ignores statistics events', async () => {
    const index = searchIndexFor(hooked.strapi);
    await index.whenIdle();
    const generation = index.stats.generation;
    await request(hooked.app)
      .post('/hooks/cms')
      .set(WEBHOOK_SECRET_HEADER, SECRET)
      .send({ event: 'entry.create', model: 'statistic', uid: 'api::statistic.statistic' })
      .expect(204);
    await index.whenIdle();
    expect(index.stats.generation).toBe(generation);
  });
});
