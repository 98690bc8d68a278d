/**
 * XML of sitemaps (sitemaps.org protocol 0.9), sitemap indexes and Google News sitemaps, built
 * with fast-xml-parser's `XMLBuilder`, which escapes text and attributes
 * (docs/decisions/014-sitemaps-and-feeds.md). Every `<url>` carries the language versions of its
 * page as `xhtml:link rel="alternate" hreflang` (nl, en and x-default = Dutch), as Google's
 * "localized versions of your page" sitemap format asks: each language version is its own `<url>`
 * and lists all versions, itself included.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { DEFAULT_LOCALE, LOCALES, type Locale, localizePath } from '../../shared/i18n/locale.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
});

/** Most `<url>` (or `<sitemap>`) entries one file may hold (sitemaps.org protocol). */
export const MAX_URLS_PER_FILE = 50_000;

/**
 * Most URLs of a Google News sitemap ("Google News sitemap guidelines": up to 1,000 `<url>`
 * entries; more go into further files).
 */
export const MAX_NEWS_URLS = 1000;

/** The language versions of one page: the locales it exists in, each with its last change. */
export interface SitemapUrl {
  /** Unprefixed site path (`/news/abc/titel`); the locale prefix is added per version. */
  path: string;
  /** Last change (ISO 8601) per locale in which the page exists; `null` when unknown. */
  versions: Partial<Record<Locale, string | null>>;
}

/** One sitemap file in an index. */
export interface SitemapRef {
  /** Absolute URL of the sitemap file. */
  loc: string;
  /** Newest change (ISO 8601) of the URLs in that file; `null` when unknown. */
  lastmod: string | null;
}

/** One article of a Google News sitemap. */
export interface NewsSitemapItem {
  /** Unprefixed path of the article. */
  path: string;
  title: string;
  /** ISO 8601 publication date-time. */
  publicationDate: string;
}

/** A page that exists in every locale with the same last change. */
export function everyLocale(path: string, lastmod: string | null): SitemapUrl {
  return { path, versions: Object.fromEntries(LOCALES.map((locale) => [locale, lastmod])) };
}

/**
 * A date-time as W3C Datetime (https://www.w3.org/TR/NOTE-datetime), the format sitemaps ask for in
 * `<lastmod>` and `<news:publication_date>`: the UTC form with a decimal fraction of a second,
 * e.g. `2026-11-21T05:50:28.449Z`. Any input `Date.parse` reads is accepted; invalid input gives
 * `null`.
 */
export function w3cDatetime(iso: string): string | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  return new Date(time).toISOString();
}

/** Absolute URL of `path` in `locale` on `siteUrl` (no trailing slash). */
function absolute(siteUrl: string, path: string, locale: Locale): string {
  return `${siteUrl}${localizePath(path, locale)}`;
}

/**
 * Removes characters XML 1.0 does not allow (C0 controls other than tab, CR and LF; lone
 * surrogates; U+FFFE/U+FFFF), which would make the whole document unreadable.
 */
export function xmlSafe(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
}

/** The document: declaration plus `root` (element name → content object). */
function xmlDocument(root: Record<string, unknown>): string {
  return `${XML_DECLARATION}${builder.build(root)}`;
}

/**
 * A `<urlset>` with one `<url>` per language version of every page in `urls` (so up to
 * `urls.length × 2` entries: the caller keeps that under {@link MAX_URLS_PER_FILE}).
 * @param siteUrl public origin without trailing slash, e.g. `https://www.example.nl`.
 */
export function urlsetXml(siteUrl: string, urls: readonly SitemapUrl[]): string {
  const entries: object[] = [];
  for (const url of urls) {
    const locales = LOCALES.filter((locale) => locale in url.versions);
    const fallback = locales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locales[0];
    const path = xmlSafe(url.path);
    const links: Array<Record<string, string>> = locales.map((alternate) => ({
      '@rel': 'alternate',
      '@hreflang': alternate,
      '@href': absolute(siteUrl, path, alternate),
    }));
    if (fallback) {
      links.push({
        '@rel': 'alternate',
        '@hreflang': 'x-default',
        '@href': absolute(siteUrl, path, fallback),
      });
    }
    for (const locale of locales) {
      const lastmod = url.versions[locale];
      const w3c = lastmod ? w3cDatetime(lastmod) : null;
      entries.push({
        loc: absolute(siteUrl, path, locale),
        ...(w3c ? { lastmod: w3c } : {}),
        'xhtml:link': links,
      });
    }
  }
  return xmlDocument({ urlset: { '@xmlns': SITEMAP_NS, '@xmlns:xhtml': XHTML_NS, url: entries } });
}

/** A `<sitemapindex>` listing `sitemaps` (at most {@link MAX_URLS_PER_FILE}). */
export function sitemapIndexXml(sitemaps: readonly SitemapRef[]): string {
  const entries = sitemaps.map((sitemap) => {
    const w3c = sitemap.lastmod ? w3cDatetime(sitemap.lastmod) : null;
    return { loc: xmlSafe(sitemap.loc), ...(w3c ? { lastmod: w3c } : {}) };
  });
  return xmlDocument({ sitemapindex: { '@xmlns': SITEMAP_NS, sitemap: entries } });
}

/**
 * A Google News sitemap: one `<url>` per article (Dutch URL) with `<news:news>` (publication name
 * and language, `publication_date` in W3C format, title). An empty list gives a valid, empty
 * `<urlset>`. At most {@link MAX_NEWS_URLS} items are written.
 * @param publication the publication's name (the site name) and its ISO 639 language code.
 */
export function newsSitemapXml(
  siteUrl: string,
  publication: { name: string; language: string },
  items: readonly NewsSitemapItem[],
): string {
  const entries: object[] = [];
  for (const item of items.slice(0, MAX_NEWS_URLS)) {
    const date = w3cDatetime(item.publicationDate);
    if (!date) continue;
    entries.push({
      loc: absolute(siteUrl, xmlSafe(item.path), DEFAULT_LOCALE),
      'news:news': {
        'news:publication': { 'news:name': xmlSafe(publication.name), 'news:language': publication.language },
        'news:publication_date': date,
        'news:title': xmlSafe(item.title),
      },
    });
  }
  return xmlDocument({ urlset: { '@xmlns': SITEMAP_NS, '@xmlns:news': NEWS_NS, url: entries } });
}
