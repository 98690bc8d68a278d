/**
 * What machines read against the real CMS: robots.txt, the sitemap index and every
 * sitemap it lists, the Google News sitemap, the RSS feeds, their headers, the RSS links in the
 * pages, and 503 (never an empty sitemap) while the CMS is down. Expected values come from the
 * CMS's public API; XML is checked with fast-xml-parser.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type {
  Article,
  Event,
  Magazine,
  Page,
  Partner,
  Site,
  StrapiList,
  Subscription,
  Tag,
  Vacancy,
} from '../../src/shared/cms-types.ts';
import { cms, createTestApp, decodeHtml, headOf, PUBLIC_URL } from '../support/portal.ts';

const XML_TYPE = 'application/xml; charset=utf-8';
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const CACHE = 'public, max-age=300';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const TWO_DAYS_MS = 2 * 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

type Attributes = Record<string, string>;
interface UrlEntry {
  loc: string;
  lastmod?: string;
  'xhtml:link'?: Attributes[];
  'news:news'?: {
    'news:publication': { 'news:name': string; 'news:language': string };
    'news:publication_date': string;
    'news:title': string;
  };
}
interface RssItem {
  title: string;
  link: string;
  guid: { '#text': string; isPermaLink: string };
  pubDate: string;
  description?: string;
  category?: Array<{ '#text': string; domain: string }>;
  enclosure?: Attributes;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name, _path, _isLeaf, isAttribute) =>
    !isAttribute && ['url', 'sitemap', 'xhtml:link', 'item', 'category'].includes(name),
});

/** Parses XML after checking it is well-formed. */
function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

/** Every document of a CMS list (public role), 100 per request. */
async function cmsAll<T>(pathAndQuery: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page += 1) {
    const separator = pathAndQuery.includes('?') ? '&' : '?';
    const { body } = await cms<StrapiList<T>>(
      `${pathAndQuery}${separator}pagination[page]=${page}&pagination[pageSize]=100`,
    );
    out.push(...body.data);
    if (page >= (body.meta.pagination?.pageCount ?? 1)) return out;
  }
}

/** The year of an ISO date-time in Europe/Amsterdam. */
function amsterdamYear(iso: string): number {
  return Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Europe/Amsterdam', year: 'numeric' }).format(new Date(iso)),
  );
}

let portal: PortalApp;
let articles: Article[];
let site: Site;
const files = new Map<string, UrlEntry[]>();
let index: Array<{ loc: string; lastmod?: string }>;

async function urlsOf(file: string): Promise<UrlEntry[]> {
  const cached = files.get(file);
  if (cached) return cached;
  const response = await request(portal.app).get(`/sitemaps/${file}`).expect(200);
  const xml = parseXml(response.text);
  const urls = (xml.urlset?.url ?? []) as UrlEntry[];
  files.set(file, urls);
  return urls;
}

/** Unprefixed Dutch paths of the `<url>`s whose loc is not under `/en`. */
function dutchPaths(urls: UrlEntry[]): string[] {
  return urls
    .map((url) => url.loc.slice(PUBLIC_URL.length))
    .filter((path) => path !== '/en' && !path.startsWith('/en/'))
    .sort();
}

beforeAll(async () => {
  portal = await createTestApp();
  articles = await cmsAll<Article>(
    '/articles?fields[0]=title&fields[1]=slug&fields[2]=publishDate&fields[3]=updatedAt&fields[4]=summary',
  );
  site = (await cms<{ data: Site }>('/site?locale=nl')).body.data;
  const response = await request(portal.app).get('/sitemap.xml').expect(200);
  index = parseXml(response.text).sitemapindex.sitemap;
});

afterAll(() => portal.close());

describe('robots.txt', () => {
  it('allows everything but account, search, language-switch and data endpoints, in both locales, and names the sitemaps', async () => {
    const response = await request(portal.app).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe(CACHE);
    const lines = response.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    const disallowed = [
      '/account',
      '/inloggen',
      '/registreren',
      '/uitnodiging',
      '/auth/',
      '/connect/',
      '/account-activeren',
      '/email-valideren',
      '/wachtwoord-vergeten',
      '/wachtwoord-reset',
      '/jobs/mijn',
      '/jobs/plaatsen',
      '/zoeken',
      '/taal/',
      '/__data/',
      '/api/',
      '/hooks/',
      '/health',
    ];
    for (const path of disallowed) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /en${path}`);
    }
    // Nothing a visitor should find is blocked.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(disallowed.length * 2);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemaps/news.xml`);
  });
});

describe('sitemap index', () => {
  it('is a well-formed sitemapindex with absolute locs, cached five minutes', async () => {
    const response = await request(portal.app).get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toBe(XML_TYPE);
    expect(response.headers['cache-control']).toBe(CACHE);
    expect(parseXml(response.text).sitemapindex.xmlns).toBe(SITEMAP_NS);
    const locs = index.map((entry) => entry.loc);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/portal\.test\/sitemaps\/[a-z0-9-]+\.xml$/);
    const years = [...new Set(articles.map((article) => amsterdamYear(article.publishDate)))].sort(
      (a, b) => b - a,
    );
    expect(locs).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      ...years.map((year) => `${PUBLIC_URL}/sitemaps/news-${year}.xml`),
      ...['events', 'vacancies', 'magazines', 'tags', 'partners', 'subscriptions', 'authors'].map(
        (name) => `${PUBLIC_URL}/sitemaps/${name}.xml`,
      ),
    ]);
  });

  it('lists sitemaps that all answer 200 with well-formed XML, absolute locs and the newest lastmod', async () => {
    for (const entry of index) {
      const file = entry.loc.slice(`${PUBLIC_URL}/sitemaps/`.length);
      const response = await request(portal.app).get(`/sitemaps/${file}`).expect(200);
      expect(response.headers['content-type']).toBe(XML_TYPE);
      expect(response.headers['cache-control']).toBe(CACHE);
      const xml = parseXml(response.text);
      expect(xml.urlset.xmlns).toBe(SITEMAP_NS);
      const urls = await urlsOf(file);
      expect(urls.length, file).toBeGreaterThan(0);
      for (const url of urls) {
        expect(url.loc.startsWith(`${PUBLIC_URL}/`), url.loc).toBe(true);
        expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      }
      const newest = Math.max(...urls.map((url) => Date.parse(url.lastmod ?? '')));
      expect(Date.parse(entry.lastmod ?? ''), file).toBe(newest);
    }
  });

  it('gives every URL the alternates of the languages it exists in, each language version as its own <url>', async () => {
    // Content in Dutch only has no English URL in the sitemaps (decision 061): partners always,
    // articles, events, vacancies and magazines unless they have an English translation.
    const dutchOnly = /^(?:news-\d{4}|events|vacancies|magazines|partners)(?:-p\d+)?\.xml$/;
    const englishIds = new Set(
      (
        await Promise.all(
          ['articles', 'events', 'vacancies', 'magazines'].map((type) =>
            cmsAll<{ documentId: string }>(`/${type}?locale=en&fields[0]=updatedAt`),
          ),
        )
      )
        .flat()
        .map((doc) => doc.documentId),
    );
    expect(englishIds.size).toBeGreaterThan(0);
    const translatedEventSlugs = new Set(
      (await cmsAll<Event>('/events?locale=nl&fields[0]=slug'))
        .filter((event) => englishIds.has(event.documentId))
        .map((event) => event.slug),
    );
    /** Whether the document of a Dutch path has an English translation. */
    const translated = (path: string) =>
      path.startsWith('/events/')
        ? translatedEventSlugs.has(path.slice('/events/'.length))
        : [...englishIds].some((id) => path.includes(`/${id}/`));
    for (const entry of index) {
      const file = entry.loc.slice(`${PUBLIC_URL}/sitemaps/`.length);
      const urls = await urlsOf(file);
      const locs = new Set(urls.map((url) => url.loc));
      for (const url of urls) {
        const links = Object.fromEntries<Attributes>(
          (url['xhtml:link'] ?? []).map((link) => [link.hreflang ?? '', link]),
        );
        const path = url.loc.slice(PUBLIC_URL.length).replace(/^\/en\//, '/');
        const hasTranslation = dutchOnly.test(file) && file !== 'partners.xml' && translated(path);
        if (dutchOnly.test(file) && !hasTranslation) {
          expect(Object.keys(links).sort(), url.loc).toEqual(['nl', 'x-default']);
          expect(url.loc.startsWith(`${PUBLIC_URL}/en/`), url.loc).toBe(false);
          expect(links['x-default']?.href).toBe(links.nl?.href);
          continue;
        }
        expect(Object.keys(links).sort(), url.loc).toEqual(['en', 'nl', 'x-default']);
        for (const link of Object.values(links)) expect(link?.rel).toBe('alternate');
        const dutch = links.nl?.href ?? '';
        const english = links.en?.href ?? '';
        expect(english).toBe(
          dutch === `${PUBLIC_URL}/` ? `${PUBLIC_URL}/en` : dutch.replace(PUBLIC_URL, `${PUBLIC_URL}/en`),
        );
        expect(links['x-default']?.href).toBe(dutch);
        expect([dutch, english]).toContain(url.loc);
        expect(locs.has(dutch) && locs.has(english), url.loc).toBe(true);
      }
    }
  });

  it('answers 404 for an unknown sitemap, a year without news and a part that does not exist', async () => {
    for (const file of ['nope.xml', 'news-1999.xml', 'events-p2.xml', 'events-p1.xml', 'pages-p2.xml']) {
      await request(portal.app).get(`/sitemaps/${file}`).expect(404);
    }
  });

  it('answers HEAD without a body and a repeated GET with 304', async () => {
    const head = await request(portal.app).head('/sitemap.xml').expect(200);
    expect(head.headers['content-type']).toBe(XML_TYPE);
    expect(head.text ?? '').toBe('');
    const first = await request(portal.app).get('/sitemaps/tags.xml').expect(200);
    expect(first.headers.etag).toBeTruthy();
    await request(portal.app).get('/sitemaps/tags.xml').set('If-None-Match', first.headers.etag!).expect(304);
  });
});

describe('content sitemaps', () => {
  it('list exactly the published articles, each in its publish year, with its updatedAt', async () => {
    const listed = new Map<string, string | undefined>();
    for (const entry of index.filter((e) => /\/news-\d{4}\.xml$/.test(e.loc))) {
      const year = Number(/news-(\d{4})\.xml$/.exec(entry.loc)?.[1]);
      const file = `news-${year}.xml`;
      for (const url of await urlsOf(file)) {
        const path = url.loc.slice(PUBLIC_URL.length);
        if (path.startsWith('/en/')) continue;
        listed.set(path, url.lastmod);
        const documentId = path.split('/')[2];
        const article = articles.find((a) => a.documentId === documentId);
        expect(article, path).toBeDefined();
        expect(amsterdamYear(article!.publishDate)).toBe(year);
      }
    }
    expect(listed.size).toBe(articles.length);
    for (const article of articles) {
      expect(listed.get(`/news/${article.documentId}/${article.slug}`)).toBe(article.updatedAt);
    }
  });

  it('never lists a draft', async () => {
    for (const entry of index) {
      const urls = await urlsOf(entry.loc.slice(`${PUBLIC_URL}/sitemaps/`.length));
      for (const url of urls) expect(url.loc).not.toMatch(/\/concept-/);
    }
  });

  it('lists only open vacancies: no expired and no pending one', async () => {
    const nowIso = new Date().toISOString();
    const all = await cmsAll<Vacancy>('/vacancies?fields[0]=slug&fields[1]=validThrough');
    const open = all.filter((v) => !v.validThrough || v.validThrough >= nowIso);
    const expired = all.filter((v) => v.validThrough && v.validThrough < nowIso);
    expect(expired.length).toBeGreaterThan(0);
    const paths = dutchPaths(await urlsOf('vacancies.xml'));
    expect(paths).toEqual(open.map((v) => `/jobs/vacature/${v.documentId}/${v.slug}`).sort());
    for (const vacancy of expired) expect(paths.join(' ')).not.toContain(vacancy.documentId);
    // The seed's vacancy that waits for review (not readable through the public API).
    expect(paths.join(' ')).not.toContain('ter-beoordeling');
  });

  it('list every published event, magazine, tag, partner and subscription', async () => {
    const events = await cmsAll<Event>('/events?fields[0]=slug');
    expect(dutchPaths(await urlsOf('events.xml'))).toEqual(events.map((e) => `/events/${e.slug}`).sort());
    const magazines = await cmsAll<Magazine>('/magazines?fields[0]=slug');
    expect(dutchPaths(await urlsOf('magazines.xml'))).toEqual(
      magazines.map((m) => `/magazines/${m.documentId}/${m.slug}`).sort(),
    );
    const tags = await cmsAll<Tag>('/tags?fields[0]=slug');
    expect(dutchPaths(await urlsOf('tags.xml'))).toEqual(tags.map((t) => `/news/tag/${t.slug}`).sort());
    const partners = await cmsAll<Partner>('/partners?fields[0]=link');
    expect(dutchPaths(await urlsOf('partners.xml'))).toEqual(
      partners.map((p) => `/partners/${p.link}`).sort(),
    );
    const subscriptions = await cmsAll<Subscription>('/subscriptions?fields[0]=slug');
    expect(dutchPaths(await urlsOf('subscriptions.xml'))).toEqual(
      subscriptions.map((s) => `/abonnementen/${s.slug}`).sort(),
    );
    // The editors' own pages (decision 100).
    const authors = await cmsAll<{ slug: string }>('/authors?fields[0]=slug');
    expect(authors.length).toBeGreaterThan(0);
    expect(dutchPaths(await urlsOf('authors.xml'))).toEqual(authors.map((a) => `/redactie/${a.slug}`).sort());
  });

  it('lists home, the sections and the indexable CMS pages, not the home page slug or empty-layout pages', async () => {
    const pages = await cmsAll<Page>('/pages?fields[0]=slug&fields[1]=layout&fields[2]=updatedAt&locale=nl');
    const paths = dutchPaths(await urlsOf('pages.xml'));
    const sections = [
      '/',
      '/events',
      '/jobs',
      '/magazines',
      '/abonnementen',
      '/tags-overzicht',
      '/partners',
      '/sitemap',
      // The news list and its archive (decision 099).
      '/nieuws',
      '/nieuws/archief',
    ];
    const topics = ['/ecommerce', '/logistiek', '/fulfilment'];
    const cmsPaths = pages.filter((p) => p.slug !== 'home' && p.layout !== 'empty').map((p) => `/${p.slug}`);
    expect(pages.some((p) => p.layout === 'empty')).toBe(true);
    expect(paths).toEqual([...new Set([...sections, ...topics, ...cmsPaths])].sort());
    const urls = await urlsOf('pages.xml');
    const home = urls.find((url) => url.loc === `${PUBLIC_URL}/`);
    const homePage = pages.find((p) => p.slug === 'home');
    // Home changes with its newest article, so it is at least as new as every article and its page.
    const newestArticle = Math.max(...articles.map((a) => Date.parse(a.updatedAt ?? '')));
    expect(Date.parse(home?.lastmod ?? '')).toBeGreaterThanOrEqual(newestArticle);
    expect(Date.parse(home?.lastmod ?? '')).toBeGreaterThanOrEqual(Date.parse(homePage?.updatedAt ?? ''));
    const privacy = pages.find((p) => p.slug === 'privacy');
    expect(urls.find((url) => url.loc === `${PUBLIC_URL}/privacy`)?.lastmod).toBe(privacy?.updatedAt);
  });

  it('lists URLs the portal answers with 200', async () => {
    const newsFile = index
      .find((e) => /\/news-\d{4}\.xml$/.test(e.loc))!
      .loc.split('/')
      .pop()!;
    const samples = [
      ...(await urlsOf(newsFile)).slice(0, 4),
      ...(await urlsOf('tags.xml')).slice(0, 4),
      ...(await urlsOf('pages.xml')).filter((url) =>
        /\/(en\/)?(adverteren|contact|over-ons|privacy|ecommerce|logistiek|fulfilment)?$/.test(url.loc),
      ),
    ];
    expect(samples.length).toBeGreaterThan(10);
    for (const url of samples) {
      await request(portal.app).get(url.loc.slice(PUBLIC_URL.length)).expect(200);
    }
  });
});

describe('Google News sitemap', () => {
  it('lists the articles of the last two days with publication, language, date and title', async () => {
    const now = Date.now();
    const response = await request(portal.app).get('/sitemaps/news.xml').expect(200);
    expect(response.headers['content-type']).toBe(XML_TYPE);
    expect(response.headers['cache-control']).toBe(CACHE);
    const xml = parseXml(response.text);
    expect(xml.urlset.xmlns).toBe(SITEMAP_NS);
    expect(xml.urlset['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    const urls = (xml.urlset.url ?? []) as UrlEntry[];
    const byLoc = new Map(articles.map((a) => [`${PUBLIC_URL}/news/${a.documentId}/${a.slug}`, a]));
    for (const url of urls) {
      const article = byLoc.get(url.loc);
      expect(article, url.loc).toBeDefined();
      const published = Date.parse(article!.publishDate);
      // The portal rounds its window to whole minutes.
      expect(published).toBeGreaterThanOrEqual(now - TWO_DAYS_MS - 2 * MINUTE_MS);
      expect(published).toBeLessThanOrEqual(now + 2 * MINUTE_MS);
      const news = url['news:news']!;
      expect(news['news:publication']['news:name']).toBe(site.name);
      expect(news['news:publication']['news:language']).toBe('nl');
      expect(Date.parse(news['news:publication_date'])).toBe(published);
      expect(news['news:title']).toBe(article!.title);
    }
    const recent = articles.filter((a) => {
      const published = Date.parse(a.publishDate);
      return published >= now - TWO_DAYS_MS + 2 * MINUTE_MS && published <= now;
    });
    // The seed always publishes its newest article within the last hours.
    expect(recent.length).toBeGreaterThan(0);
    const locs = urls.map((url) => url.loc);
    for (const article of recent)
      expect(locs).toContain(`${PUBLIC_URL}/news/${article.documentId}/${article.slug}`);
    expect(response.text).not.toContain('Concept:');
  });
});

describe('RSS', () => {
  /** The CMS's articles, newest first, as the feeds order them. */
  async function newestArticles(filter = ''): Promise<Article[]> {
    const { body } = await cms<StrapiList<Article>>(
      `/articles?sort[0]=publishDate:desc&sort[1]=documentId:asc&pagination[pageSize]=50&populate[tags][fields][0]=name&populate[tags][fields][1]=slug&populate[cover][fields][0]=url&populate[cover][fields][1]=formats&populate[cover][fields][2]=mime${filter}`,
    );
    return body.data;
  }

  it('/rss.xml has the latest 50 articles, newest first, with absolute links, tags and cover', async () => {
    const response = await request(portal.app).get('/rss.xml').expect(200);
    expect(response.headers['content-type']).toBe(RSS_TYPE);
    expect(response.headers['cache-control']).toBe(CACHE);
    const xml = parseXml(response.text);
    expect(xml.rss.version).toBe('2.0');
    const channel = xml.rss.channel;
    expect(channel.title).toBe(site.name);
    expect(channel.link).toBe(`${PUBLIC_URL}/`);
    expect(channel.language).toBe('nl');
    expect(channel['atom:link']).toMatchObject({
      href: `${PUBLIC_URL}/rss.xml`,
      rel: 'self',
      type: 'application/rss+xml',
    });
    const items = channel.item as RssItem[];
    const expected = await newestArticles();
    expect(articles.length).toBeGreaterThan(50);
    expect(items).toHaveLength(50);
    expect(items.map((item) => item.link)).toEqual(
      expected.map((a) => `${PUBLIC_URL}/news/${a.documentId}/${a.slug}`),
    );
    const dates = items.map((item) => Date.parse(item.pubDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    items.forEach((item, i) => {
      const article = expected[i]!;
      expect(item.title).toBe(article.title);
      expect(item.guid).toEqual({ '#text': item.link, isPermaLink: 'true' });
      expect(item.pubDate).toBe(new Date(article.publishDate).toUTCString());
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(item.description).toBe(article.summary);
      expect((item.category ?? []).map((c) => c['#text']).sort()).toEqual(
        (article.tags ?? []).map((t) => t.name).sort(),
      );
      for (const category of item.category ?? [])
        expect(category.domain).toMatch(/^https:\/\/portal\.test\/news\/tag\//);
      if (article.cover) {
        expect(item.enclosure?.url).toMatch(/^https:\/\/portal\.test\/uploads\//);
        expect(item.enclosure?.type).toMatch(/^image\//);
        expect(Number(item.enclosure?.length)).toBeGreaterThan(0);
      }
    });
    expect(response.text).not.toContain('Concept:');
  });

  it('serves the cover image the enclosure names, with that length', async () => {
    const response = await request(portal.app).get('/rss.xml').expect(200);
    const item = (parseXml(response.text).rss.channel.item as RssItem[]).find((i) => i.enclosure)!;
    const image = await request(portal.app).get(item.enclosure!.url!.slice(PUBLIC_URL.length)).expect(200);
    expect(image.headers['content-type']).toBe(item.enclosure!.type);
    expect(Number(image.headers['content-length'] ?? image.body.length)).toBe(Number(item.enclosure!.length));
  });

  it('has a feed per tag and 404 for an unknown tag', async () => {
    const tags = await cmsAll<Tag>('/tags?fields[0]=name&fields[1]=slug');
    const tag = tags[0]!;
    const response = await request(portal.app).get(`/news/tag/${tag.slug}/rss.xml`).expect(200);
    expect(response.headers['content-type']).toBe(RSS_TYPE);
    const channel = parseXml(response.text).rss.channel;
    expect(channel.language).toBe('nl');
    expect(channel.link).toBe(`${PUBLIC_URL}/news/tag/${tag.slug}`);
    expect(channel['atom:link'].href).toBe(`${PUBLIC_URL}/news/tag/${tag.slug}/rss.xml`);
    expect(channel.title).toContain(tag.name);
    const expected = await newestArticles(`&filters[tags][slug][$eq]=${tag.slug}`);
    const items = (channel.item ?? []) as RssItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((item) => item.link)).toEqual(
      expected.map((a) => `${PUBLIC_URL}/news/${a.documentId}/${a.slug}`),
    );
    for (const item of items) expect((item.category ?? []).map((c) => c['#text'])).toContain(tag.name);
    const missing = await request(portal.app).get('/news/tag/bestaat-niet/rss.xml').expect(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers HEAD for the feeds', async () => {
    const head = await request(portal.app).head('/rss.xml').expect(200);
    expect(head.headers['content-type']).toBe(RSS_TYPE);
    expect(head.text ?? '').toBe('');
    await request(portal.app).head('/robots.txt').expect(200);
    await request(portal.app).head('/sitemaps/news.xml').expect(200);
  });

  it('is advertised with <link rel="alternate" type="application/rss+xml"> in the pages', async () => {
    const home = headOf(decodeHtml((await request(portal.app).get('/').expect(200)).text));
    expect(home).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Laatste nieuws (RSS)" href="/rss.xml"/>',
    );
    // English pages advertise the English feed of the translated articles (decision 061).
    const english = headOf(decodeHtml((await request(portal.app).get('/en').expect(200)).text));
    expect(english).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Latest news (RSS)" href="/en/rss.xml"/>',
    );
    expect(home).not.toContain('/en/rss.xml');
    const tags = await cmsAll<Tag>('/tags?fields[0]=name&fields[1]=slug');
    const tag = tags[0]!;
    const tagPage = headOf(
      decodeHtml((await request(portal.app).get(`/news/tag/${tag.slug}`).expect(200)).text),
    );
    expect(tagPage).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Nieuws over ${tag.name} (RSS)" href="/news/tag/${tag.slug}/rss.xml"/>`,
    );
  });
});

describe('CMS outage', () => {
  it('answers 503 for sitemaps and feeds instead of empty documents; robots.txt still works', async () => {
    const down = await createTestApp('http://127.0.0.1:9');
    try {
      for (const path of [
        '/sitemap.xml',
        '/sitemaps/pages.xml',
        '/sitemaps/news-2025.xml',
        '/sitemaps/events.xml',
        '/sitemaps/news.xml',
        '/rss.xml',
        '/news/tag/webwinkels/rss.xml',
      ]) {
        const response = await request(down.app).get(path).expect(503);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.headers['retry-after']).toBe('60');
        expect(response.text).not.toContain('<urlset');
      }
      await request(down.app).get('/robots.txt').expect(200);
    } finally {
      await down.close();
    }
  });
});
