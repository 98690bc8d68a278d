/**
 * Pure parts of the feeds and sitemaps: file names, dates, XML output (checked with
 * fast-xml-parser), robots.txt, RSS enclosures and the feed texts.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { currentMinuteIso as minuteIso } from '../../src/server/cms/clock.server.ts';
import {
  latest,
  publishYearFilter,
  siteYear,
  siteYearStart,
} from '../../src/server/cms/queries/site.server.ts';
import { feedText } from '../../src/server/feeds/feed-text.server.ts';
import { DISALLOWED_PATHS, robotsTxt } from '../../src/server/feeds/robots.server.ts';
import { coverEnclosure } from '../../src/server/feeds/rss.server.ts';
import {
  everyLocale,
  MAX_NEWS_URLS,
  newsSitemapXml,
  sitemapIndexXml,
  urlsetXml,
  w3cDatetime,
  xmlSafe,
} from '../../src/server/feeds/sitemap-xml.server.ts';
import { parseSitemapFile, sitemapFileName } from '../../src/server/feeds/sitemaps.server.ts';
import type { StrapiMedia } from '../../src/shared/cms-types.ts';

const SITE = 'https://www.example.nl';
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name, _path, _isLeaf, isAttribute) =>
    !isAttribute && ['url', 'sitemap', 'xhtml:link'].includes(name),
});

function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe('sitemap file names', () => {
  it('parses the per-type files, news years and parts', () => {
    expect(parseSitemapFile('pages.xml')).toEqual({ kind: 'pages' });
    expect(parseSitemapFile('news.xml')).toEqual({ kind: 'news' });
    expect(parseSitemapFile('events.xml')).toEqual({ kind: 'collection', name: 'events', part: 1 });
    expect(parseSitemapFile('subscriptions-p3.xml')).toEqual({
      kind: 'collection',
      name: 'subscriptions',
      part: 3,
    });
    expect(parseSitemapFile('news-2025.xml')).toEqual({ kind: 'news-year', year: 2025, part: 1 });
    expect(parseSitemapFile('news-2025-p2.xml')).toEqual({ kind: 'news-year', year: 2025, part: 2 });
  });

  it('rejects other names, part 1 spelled out and parts of single files', () => {
    for (const name of [
      'events',
      'events.xml.gz',
      'events-p1.xml',
      'events-p0.xml',
      'events-2.xml',
      'pages-p2.xml',
      'news-p2.xml',
      'news-25.xml',
      'Events.xml',
      '../events.xml',
      'users.xml',
    ]) {
      expect(parseSitemapFile(name), name).toBeNull();
    }
  });

  it('names part 1 without suffix', () => {
    expect(sitemapFileName('events')).toBe('events.xml');
    expect(sitemapFileName('news-2024', 1)).toBe('news-2024.xml');
    expect(sitemapFileName('news-2024', 2)).toBe('news-2024-p2.xml');
    expect(parseSitemapFile(sitemapFileName('news-2024', 2))).toEqual({
      kind: 'news-year',
      year: 2024,
      part: 2,
    });
  });
});

describe('dates', () => {
  it('writes W3C datetimes and rejects invalid input', () => {
    expect(w3cDatetime('2026-11-21T05:50:28.449Z')).toBe('2026-11-21T05:50:28.449Z');
    expect(w3cDatetime('2026-11-21T06:50:28+01:00')).toBe('2026-11-21T05:50:28.000Z');
    expect(w3cDatetime('gisteren')).toBeNull();
  });

  it('puts publish years in Europe/Amsterdam', () => {
    expect(siteYear('2025-12-31T22:59:59.000Z')).toBe(2025);
    expect(siteYear('2025-12-31T23:00:00.000Z')).toBe(2026);
    expect(siteYearStart(2026)).toBe('2025-12-31T23:00:00.000Z');
    expect(publishYearFilter(2025)).toEqual({
      publishDate: { $gte: '2024-12-31T23:00:00.000Z', $lt: '2025-12-31T23:00:00.000Z' },
    });
  });

  it('rounds to the minute and picks the latest date-time', () => {
    expect(minuteIso(Date.parse('2026-01-02T03:04:59.999Z'))).toBe('2026-01-02T03:04:00.000Z');
    expect(latest(null, '2026-01-02T00:00:00.000Z', undefined, '2026-01-03T00:00:00+02:00')).toBe(
      '2026-01-03T00:00:00+02:00',
    );
    expect(latest('2026-01-01T00:00:00.000Z', 'no date')).toBe('2026-01-01T00:00:00.000Z');
    expect(latest(null, undefined)).toBeNull();
  });
});

describe('sitemap XML', () => {
  it('writes one <url> per language version with alternates and lastmod', () => {
    const xml = urlsetXml(SITE, [
      everyLocale('/', '2026-01-02T10:00:00.000Z'),
      { path: '/over-ons', versions: { nl: '2026-01-01T10:00:00.000Z', en: null } },
    ]);
    const urlset = parse(xml).urlset;
    expect(urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    expect(urlset.url.map((url: { loc: string }) => url.loc)).toEqual([
      `${SITE}/`,
      `${SITE}/en`,
      `${SITE}/over-ons`,
      `${SITE}/en/over-ons`,
    ]);
    expect(urlset.url[1].lastmod).toBe('2026-01-02T10:00:00.000Z');
    expect(urlset.url[3].lastmod).toBeUndefined();
    expect(urlset.url[2]['xhtml:link']).toEqual([
      { rel: 'alternate', hreflang: 'nl', href: `${SITE}/over-ons` },
      { rel: 'alternate', hreflang: 'en', href: `${SITE}/en/over-ons` },
      { rel: 'alternate', hreflang: 'x-default', href: `${SITE}/over-ons` },
    ]);
  });

  it('lists only the locales a page exists in; x-default falls back to English', () => {
    const urlset = parse(urlsetXml(SITE, [{ path: '/only-english', versions: { en: null } }])).urlset;
    expect(urlset.url).toHaveLength(1);
    expect(urlset.url[0].loc).toBe(`${SITE}/en/only-english`);
    expect(urlset.url[0]['xhtml:link']).toEqual([
      { rel: 'alternate', hreflang: 'en', href: `${SITE}/en/only-english` },
      { rel: 'alternate', hreflang: 'x-default', href: `${SITE}/en/only-english` },
    ]);
  });

  it('escapes XML in URLs and writes a valid empty urlset', () => {
    const xml = urlsetXml(SITE, [everyLocale('/a&b<c>', null)]);
    expect(xml).toContain(`<loc>${SITE}/a&amp;b&lt;c&gt;</loc>`);
    expect(parse(xml).urlset.url[0].loc).toBe(`${SITE}/a&b<c>`);
    expect(parse(urlsetXml(SITE, [])).urlset).toBeDefined();
  });

  it('drops characters XML 1.0 forbids, which would break the whole document', () => {
    expect(xmlSafe('a\u0001b\u0008c\td\ne\uFFFEf 😀')).toBe('abc\td\nef 😀');
    const xml = newsSitemapXml(SITE, { name: 'Site\u000b', language: 'nl' }, [
      { path: '/news/a/b', title: 'Titel\u0000 met stuurteken', publicationDate: '2026-11-20T14:30:00Z' },
    ]);
    expect(parse(xml).urlset.url[0]['news:news']['news:title']).toBe('Titel met stuurteken');
  });

  it('writes a sitemap index, leaving out unknown lastmods', () => {
    const index = parse(
      sitemapIndexXml([
        { loc: `${SITE}/sitemaps/pages.xml`, lastmod: '2026-01-02T10:00:00.000Z' },
        { loc: `${SITE}/sitemaps/tags.xml`, lastmod: null },
      ]),
    ).sitemapindex;
    expect(index.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(index.sitemap).toEqual([
      { loc: `${SITE}/sitemaps/pages.xml`, lastmod: '2026-01-02T10:00:00.000Z' },
      { loc: `${SITE}/sitemaps/tags.xml` },
    ]);
  });

  it('writes a Google News sitemap, valid when empty, capped at 1,000 URLs', () => {
    const publication = { name: 'Logistiek & E-commerce <Nieuws>', language: 'nl' };
    const empty = parse(newsSitemapXml(SITE, publication, [])).urlset;
    expect(empty['xmlns:news']).toBe('http://www.google.com/schemas/sitemap-news/0.9');
    expect(empty.url).toBeUndefined();
    const one = parse(
      newsSitemapXml(SITE, publication, [
        {
          path: '/news/abc/titel',
          title: 'Bol & Coolblue "groeien"',
          publicationDate: '2026-11-20T14:30:00Z',
        },
      ]),
    ).urlset.url[0];
    expect(one.loc).toBe(`${SITE}/news/abc/titel`);
    expect(one['news:news']).toEqual({
      'news:publication': { 'news:name': publication.name, 'news:language': 'nl' },
      'news:publication_date': '2026-11-20T14:30:00.000Z',
      'news:title': 'Bol & Coolblue "groeien"',
    });
    const many = Array.from({ length: MAX_NEWS_URLS + 5 }, (_, i) => ({
      path: `/news/${i}/x`,
      title: `T${i}`,
      publicationDate: '2026-11-20T14:30:00Z',
    }));
    expect(parse(newsSitemapXml(SITE, publication, many)).urlset.url).toHaveLength(MAX_NEWS_URLS);
  });
});

describe('robots.txt', () => {
  it('disallows the private paths in both locales and names both sitemaps', () => {
    const lines = robotsTxt(SITE).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of DISALLOWED_PATHS) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /en${path}`);
    }
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemaps/news.xml`);
    expect(lines.some((line) => /^Disallow: \/(en\/)?(news|events|sitemap)/.test(line))).toBe(false);
  });
});

describe('RSS enclosure', () => {
  const cover = (overrides: Partial<StrapiMedia> = {}): StrapiMedia => ({
    id: 1,
    url: '/uploads/foto.jpg',
    alternativeText: null,
    width: 2000,
    height: 1000,
    mime: 'image/jpeg',
    formats: null,
    ...overrides,
  });

  it('prefers the large rendition with its exact size in bytes', () => {
    const formats = {
      large: {
        url: '/uploads/large_foto.jpg',
        width: 1000,
        height: 500,
        mime: 'image/jpeg',
        sizeInBytes: 55089,
      },
      medium: {
        url: '/uploads/medium_foto.jpg',
        width: 750,
        height: 375,
        mime: 'image/jpeg',
        sizeInBytes: 36917,
      },
    } as StrapiMedia['formats'];
    expect(coverEnclosure(SITE, cover({ formats }))).toEqual({
      url: `${SITE}/uploads/large_foto.jpg`,
      type: 'image/jpeg',
      length: 55089,
    });
  });

  it('falls back to the original with length 0 and keeps absolute URLs', () => {
    expect(coverEnclosure(SITE, cover())).toEqual({
      url: `${SITE}/uploads/foto.jpg`,
      type: 'image/jpeg',
      length: 0,
    });
    expect(
      coverEnclosure(SITE, cover({ url: 'https://cdn.example.nl/foto.png', mime: 'image/png' })),
    ).toEqual({
      url: 'https://cdn.example.nl/foto.png',
      type: 'image/png',
      length: 0,
    });
    expect(coverEnclosure(SITE, cover({ mime: undefined }))).toBeUndefined();
    expect(coverEnclosure(SITE, null)).toBeUndefined();
  });
});

describe('feed texts', () => {
  it('come from the Dutch feeds.json with placeholders filled', () => {
    expect(feedText('tagChannelTitle', { tag: 'Webwinkels', site: 'Nieuws & Co' })).toBe(
      'Webwinkels | Nieuws & Co',
    );
    expect(feedText('notFound')).toBe('Deze feed of sitemap bestaat niet.');
  });

  it('come from the English feeds.json for the English feed', () => {
    expect(feedText('tagRssTitle', { tag: 'Logistics' }, 'en')).toBe('News about Logistics (RSS)');
    expect(feedText('channelDescription', { site: 'News & Co' }, 'en')).toBe(
      'The latest news from News & Co',
    );
    expect(feedText('notFound', {}, 'en')).toBe('This feed or sitemap does not exist.');
  });
});
