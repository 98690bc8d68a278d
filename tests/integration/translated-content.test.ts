/**
 * Content in its own language against the real CMS (docs/decisions/061-untranslated-content.md):
 * a document with a published English translation renders in English under `/en` (lang,
 * canonical, hreflang nl + en + x-default, og:locale, JSON-LD); one without keeps the Dutch text
 * and names the Dutch page; lists under `/en` show English titles where they exist and mark the
 * Dutch ones; the sitemaps list `/en` URLs exactly for the translations; `/en/rss.xml` carries the
 * English items; publishing an English translation clears the page cache through the webhook.
 * Expectations come from the CMS's public API (`locale=nl` / `locale=en`), not from seed text.
 */
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import type { Article, Event, StrapiList } from '../../src/shared/cms-types.ts';
import { apiToken } from '../support/cms-admin.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

let portal: PortalApp;
let dutchArticles: Article[];
let englishArticles: Map<string, Article>;
let dutchEvents: Event[];
let englishEvents: Map<string, Event>;

const articlePath = (a: Pick<Article, 'documentId' | 'slug'>) => `/news/${a.documentId}/${a.slug}`;

/** Every JSON-LD object of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** Every document of a CMS list in one locale, 100 per request. */
async function cmsAll<T>(pathAndQuery: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await cms<StrapiList<T>>(
      `${pathAndQuery}&pagination[page]=${page}&pagination[pageSize]=100`,
    );
    out.push(...body.data);
    if (page >= (body.meta.pagination?.pageCount ?? 1)) return out;
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name, _path, _isLeaf, isAttribute) =>
    !isAttribute && ['url', 'sitemap', 'xhtml:link', 'item', 'category'].includes(name),
});

beforeAll(async () => {
  portal = await createTestApp();
  const fields = 'fields[0]=title&fields[1]=slug&fields[2]=summary&fields[3]=publishDate';
  dutchArticles = await cmsAll<Article>(`/articles?locale=nl&${fields}&sort[0]=publishDate:desc`);
  englishArticles = new Map(
    (await cmsAll<Article>(`/articles?locale=en&${fields}&sort[0]=publishDate:desc`)).map((a) => [
      a.documentId,
      a,
    ]),
  );
  dutchEvents = await cmsAll<Event>('/events?locale=nl&fields[0]=title&fields[1]=slug&sort[0]=startsAt:asc');
  englishEvents = new Map(
    (await cmsAll<Event>('/events?locale=en&fields[0]=title&fields[1]=slug')).map((e) => [e.documentId, e]),
  );
  // The seed translates ten articles and three events, and leaves the rest Dutch only.
  expect(englishArticles.size).toBe(10);
  expect(englishEvents.size).toBe(3);
});

afterAll(() => portal.close());

/** The newest article with (or without) an English translation. */
function articleWith(translated: boolean): Article {
  const found = dutchArticles.find((a) => englishArticles.has(a.documentId) === translated);
  if (!found) throw new Error(`the seed has no ${translated ? '' : 'un'}translated article`);
  return found;
}

describe('a translated article', () => {
  it('renders in English under /en with its own canonical, hreflang nl + en + x-default, og:locale and JSON-LD', async () => {
    const article = articleWith(true);
    const english = englishArticles.get(article.documentId)!;
    expect(english.title).not.toBe(article.title);
    const response = await request(portal.app)
      .get(`/en${articlePath(article)}`)
      .expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<article class="article" lang="en">');
    expect(html).toContain(`<h1>${english.title}</h1>`);
    expect(html).toContain(english.summary!);
    expect(html).not.toContain(`<h1>${article.title}</h1>`);
    const head = headOf(html);
    const url = `${PUBLIC_URL}/en${articlePath(article)}`;
    expect(head).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(head).toContain(
      `<link rel="alternate" hrefLang="nl" href="${PUBLIC_URL}${articlePath(article)}"/>`,
    );
    expect(head).toContain(`<link rel="alternate" hrefLang="en" href="${url}"/>`);
    expect(head).toContain(
      `<link rel="alternate" hrefLang="x-default" href="${PUBLIC_URL}${articlePath(article)}"/>`,
    );
    expect(head).toContain('<meta property="og:locale" content="en_GB"/>');
    expect(head).toContain(`<meta property="og:title" content="${english.title}"/>`);
    const node = jsonLd(response.text).find((item) => item['@type'] === 'NewsArticle')!;
    expect(node.headline).toBe(english.title);
    expect(node.url).toBe(url);
    expect(node.inLanguage).toBe('en-GB');
  });

  it('names its English version as an alternate on the Dutch page, which stays Dutch', async () => {
    const article = articleWith(true);
    const response = await request(portal.app).get(articlePath(article)).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<article class="article" lang="nl">');
    expect(html).toContain(`<h1>${article.title}</h1>`);
    const head = headOf(html);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}${articlePath(article)}"/>`);
    expect(head).toContain(
      `<link rel="alternate" hrefLang="en" href="${PUBLIC_URL}/en${articlePath(article)}"/>`,
    );
    expect(head).toContain('<meta property="og:locale" content="nl_NL"/>');
  });
});

describe('an untranslated article under /en (decision 061)', () => {
  it('keeps the Dutch text inside lang="nl", the Dutch canonical, no en alternate and Dutch JSON-LD', async () => {
    const article = articleWith(false);
    const response = await request(portal.app)
      .get(`/en${articlePath(article)}`)
      .expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<article class="article" lang="nl">');
    expect(html).toContain(`<h1>${article.title}</h1>`);
    const head = headOf(html);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}${articlePath(article)}"/>`);
    expect(head).not.toContain('hrefLang="en"');
    expect(head).toContain('<meta property="og:locale" content="nl_NL"/>');
    const node = jsonLd(response.text).find((item) => item['@type'] === 'NewsArticle')!;
    expect(node.url).toBe(`${PUBLIC_URL}${articlePath(article)}`);
    expect(node.inLanguage).toBe('nl-NL');
  });
});

describe('events', () => {
  it('renders a translated event in English under /en, an untranslated one in Dutch', async () => {
    const translated = dutchEvents.find((e) => englishEvents.has(e.documentId))!;
    const english = englishEvents.get(translated.documentId)!;
    const response = await request(portal.app).get(`/en/events/${translated.slug}`).expect(200);
    const html = decodeHtml(response.text);
    expect(html).toContain(`<h1 lang="en">${english.title}</h1>`);
    const head = headOf(html);
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/en/events/${translated.slug}"/>`);
    expect(head).toContain(`hrefLang="en" href="${PUBLIC_URL}/en/events/${translated.slug}"`);
    const node = jsonLd(response.text).find((item) => item['@type'] === 'Event')!;
    expect(node.name).toBe(english.title);
    expect(node.url).toBe(`${PUBLIC_URL}/en/events/${translated.slug}`);

    const dutchOnly = dutchEvents.find((e) => !englishEvents.has(e.documentId))!;
    const other = decodeHtml(
      (await request(portal.app).get(`/en/events/${dutchOnly.slug}`).expect(200)).text,
    );
    expect(other).toContain(`<h1 lang="nl">${dutchOnly.title}</h1>`);
    expect(headOf(other)).not.toContain('hrefLang="en"');
  });

  it('lists English titles under /en/events where they exist and marks the Dutch ones lang="nl"', async () => {
    const html = decodeHtml((await request(portal.app).get('/en/events').expect(200)).text);
    const rows = [
      ...html.matchAll(
        /<h3 class="card__title"(?: lang="([a-z]{2})")?><a href="\/en\/events\/([^"]+)">([^<]*)<\/a>/g,
      ),
    ];
    expect(rows.length).toBeGreaterThan(0);
    let english = 0;
    for (const [, lang, slug, title] of rows) {
      const event = dutchEvents.find((e) => e.slug === slug)!;
      const translation = englishEvents.get(event.documentId);
      if (translation) {
        english += 1;
        expect(title).toBe(translation.title);
        expect(lang).toBeUndefined();
      } else {
        expect(title).toBe(event.title);
        expect(lang).toBe('nl');
      }
    }
    // The seed's translated events are all upcoming.
    expect(english).toBe(englishEvents.size);
  });
});

describe('news lists under /en', () => {
  it('show English titles where they exist and Dutch ones marked lang="nl"', async () => {
    const html = decodeHtml((await request(portal.app).get('/en').expect(200)).text);
    const cards = [
      ...html.matchAll(
        /<h3 class="card__title"(?: lang="([a-z]{2})")?><a href="\/en\/news\/([a-z0-9]+)\/[^"]*">([^<]*)<\/a>/g,
      ),
    ];
    expect(cards.length).toBeGreaterThan(3);
    const seen = { english: 0, dutch: 0 };
    for (const [, lang, documentId, title] of cards) {
      const translation = englishArticles.get(documentId!);
      if (translation) {
        seen.english += 1;
        expect(title).toBe(translation.title);
        expect(lang).toBeUndefined();
      } else {
        seen.dutch += 1;
        expect(title).toBe(dutchArticles.find((a) => a.documentId === documentId)?.title);
        expect(lang).toBe('nl');
      }
    }
    expect(seen.english).toBeGreaterThan(0);
    expect(seen.dutch).toBeGreaterThan(0);
    // In Dutch, nothing is marked and every title is Dutch.
    const dutch = decodeHtml((await request(portal.app).get('/').expect(200)).text);
    expect(dutch).not.toMatch(/<h3 class="card__title" lang=/);
  });
});

describe('sitemaps', () => {
  it('list an /en URL exactly for each translated article and event, with alternates in both languages', async () => {
    const index = parser.parse((await request(portal.app).get('/sitemap.xml').expect(200)).text);
    const files = (index.sitemapindex.sitemap as Array<{ loc: string }>)
      .map((entry) => entry.loc.slice(`${PUBLIC_URL}/sitemaps/`.length))
      .filter((file) => /^(news-\d{4}|events)\.xml$/.test(file));
    const urls: Array<{ loc: string; 'xhtml:link'?: Array<{ hreflang: string; href: string }> }> = [];
    for (const file of files) {
      urls.push(
        ...(parser.parse((await request(portal.app).get(`/sitemaps/${file}`).expect(200)).text).urlset.url ??
          []),
      );
    }
    const englishLocs = urls.map((url) => url.loc).filter((loc) => loc.startsWith(`${PUBLIC_URL}/en/`));
    const expected = [
      ...dutchArticles
        .filter((a) => englishArticles.has(a.documentId))
        .map((a) => `${PUBLIC_URL}/en${articlePath(a)}`),
      ...dutchEvents
        .filter((e) => englishEvents.has(e.documentId))
        .map((e) => `${PUBLIC_URL}/en/events/${e.slug}`),
    ];
    expect(englishLocs.sort()).toEqual(expected.sort());
    for (const url of urls) {
      const langs = (url['xhtml:link'] ?? []).map((link) => link.hreflang).sort();
      const dutchLoc = url.loc.replace(`${PUBLIC_URL}/en/`, `${PUBLIC_URL}/`);
      const hasEnglish = expected.includes(`${PUBLIC_URL}/en${dutchLoc.slice(PUBLIC_URL.length)}`);
      expect(langs, url.loc).toEqual(hasEnglish ? ['en', 'nl', 'x-default'] : ['nl', 'x-default']);
    }
  });
});

describe('/en/rss.xml', () => {
  it('has the translated articles, newest first, in English with /en links', async () => {
    const response = await request(portal.app).get('/en/rss.xml').expect(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const channel = parser.parse(response.text).rss.channel;
    expect(channel.language).toBe('en');
    expect(channel.link).toBe(`${PUBLIC_URL}/en`);
    expect(channel['atom:link'].href).toBe(`${PUBLIC_URL}/en/rss.xml`);
    const items = channel.item as Array<{ title: string; link: string; description: string }>;
    const expected = dutchArticles.filter((a) => englishArticles.has(a.documentId));
    expect(items.map((item) => item.link)).toEqual(expected.map((a) => `${PUBLIC_URL}/en${articlePath(a)}`));
    items.forEach((item, i) => {
      const english = englishArticles.get(expected[i]!.documentId)!;
      expect(item.title).toBe(english.title);
      expect(item.description).toBe(english.summary);
    });
  });

  it('is advertised on English pages only; Dutch pages advertise the Dutch feed', async () => {
    const english = headOf(decodeHtml((await request(portal.app).get('/en/events').expect(200)).text));
    expect(english).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Latest news (RSS)" href="/en/rss.xml"/>',
    );
    expect(english).not.toContain('href="/rss.xml"');
    const dutch = headOf(decodeHtml((await request(portal.app).get('/events').expect(200)).text));
    expect(dutch).toContain('href="/rss.xml"');
    expect(dutch).not.toContain('/en/rss.xml');
  });
});

describe('publishing an English translation', () => {
  it('clears the cached /en page through the CMS webhook, as a Dutch publish does', async () => {
    // A portal with a ten-minute page cache where the CMS's webhook calls (tests/setup/global-cms.ts).
    const cached = await createApp({
      mode: 'test',
      strapiUrl: inject('cmsUrl'),
      publicUrl: PUBLIC_URL,
      assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
      cmsTimeoutMs: 3000,
      pageCacheTtlMs: 600_000,
      stateDir: null,
      webhookSecret: inject('cmsWebhook').secret,
    });
    const server = cached.app.listen(inject('cmsWebhook').port, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    expect((server.address() as AddressInfo).port).toBe(inject('cmsWebhook').port);
    const article = articleWith(true);
    const before = englishArticles.get(article.documentId)!;
    const token = await apiToken('full-access');
    const setTitle = (title: string) =>
      fetch(`${inject('cmsUrl')}/api/articles/${article.documentId}?locale=en&status=published`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ data: { title } }),
      });
    try {
      const path = `/en${articlePath(article)}`;
      expect(decodeHtml((await request(cached.app).get(path).expect(200)).text)).toContain(
        `<h1>${before.title}</h1>`,
      );
      const title = `${before.title} (updated ${Math.random().toString(36).slice(2, 8)})`;
      expect((await setTitle(title)).status).toBe(200);
      await expect
        .poll(
          async () => decodeHtml((await request(cached.app).get(path)).text).includes(`<h1>${title}</h1>`),
          {
            timeout: 5000,
            interval: 100,
          },
        )
        .toBe(true);
      // The Dutch version is untouched.
      const dutch = decodeHtml((await request(cached.app).get(articlePath(article)).expect(200)).text);
      expect(dutch).toContain(`<h1>${article.title}</h1>`);
    } finally {
      await setTitle(before.title);
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await cached.close();
    }
  });
});
