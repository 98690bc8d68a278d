/**
 * What the sitemaps contain ("What machines read"): the sitemap index `/sitemap.xml`,
 * one sitemap per content type under `/sitemaps/`, and the Google News sitemap.
 *
 * Files:
 * - `pages.xml`: home, the section pages (`/events`, `/jobs`, …), the topic pages and the CMS pages
 *   (without `home`, which is `/`, and without pages in the `empty` layout: those are `noindex`).
 * - `news-{year}.xml`: articles by publish year (Europe/Amsterdam).
 * - `events.xml`, `vacancies.xml` (open ones only), `magazines.xml`, `tags.xml`, `partners.xml`,
 *   `subscriptions.xml`, `authors.xml` (the editors' pages `/redactie/{slug}`).
 * - `news.xml`: Google News sitemap, articles published in the last two days.
 *
 * Pages are listed in each locale they exist in (Dutch unprefixed, English under `/en`): section
 * and list pages in both; articles, events, vacancies and magazines in Dutch, and under `/en` only
 * those with a published English translation; partners (written only in Dutch) in Dutch only, so
 * no `/en` URL pretends to be a translation (docs/decisions/061-untranslated-content.md). A file holds at most {@link DOCS_PER_FILE} documents; a type with more is split into parts `{name}-p2.xml`, ….
 * `lastmod` is the document's `updatedAt`; a list page's is the newest `updatedAt` of what it
 * lists; an index entry's is the newest `lastmod` in that file. Only what the CMS's public role
 * returns is listed: published documents, approved vacancies.
 */

import type { Article, ContentListKind, Page } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE, DUTCH_CONTENT, LOCALES, type Locale } from '../../shared/i18n/locale.ts';
import {
  articlePath,
  authorPagePath,
  eventPath,
  magazinePath,
  NEWS_PATH,
  newsArchivePath,
  tagPath,
  vacancyPath,
} from '../../shared/urls.ts';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { CMS_MAX_PAGE_SIZE, findAll } from '../cms/find-all.server.ts';
import { latest, newest, publishYearFilter, siteInfo, siteYear } from '../cms/queries/site.server.ts';
import { openVacancyFilter } from '../cms/queries/vacancies.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import {
  inSourceLocale,
  isTranslated,
  SOURCE_LOCALE,
  TRANSLATION_LOCALE,
  type TranslatedCollection,
} from '../cms/translations.server.ts';
import { partnerPath, sitemapFilePath, subscriptionPath } from './feed-paths.server.ts';
import {
  everyLocale,
  MAX_NEWS_URLS,
  MAX_URLS_PER_FILE,
  newsSitemapXml,
  type SitemapRef,
  type SitemapUrl,
  sitemapIndexXml,
  urlsetXml,
} from './sitemap-xml.server.ts';

/** Documents per sitemap file: every document is listed once per locale. */
export const DOCS_PER_FILE = MAX_URLS_PER_FILE / LOCALES.length;

/** CMS pages of {@link CMS_MAX_PAGE_SIZE} documents that make one sitemap part. */
const CMS_PAGES_PER_PART = DOCS_PER_FILE / CMS_MAX_PAGE_SIZE;

/** How far back the Google News sitemap looks, in ms ("articles published in the last two days"). */
const NEWS_SITEMAP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

/** A stable order, so a document stays in the same part from one request to the next. */
const PART_SORT = ['documentId:asc'];

/** Topic pages of the spec's route table (section 2). */
const TOPIC_SLUGS = ['ecommerce', 'logistiek', 'fulfilment'] as const;

/** Top-level paths that belong to a portal route, so a CMS page with that slug is never shown there. */
const RESERVED_SLUGS = new Set([
  'events',
  'jobs',
  'magazines',
  'abonnementen',
  'tags-overzicht',
  'sitemap',
  'nieuws',
  'partners',
  'c',
]);

/** What the sitemap builders need: the CMS client, the public origin and the current time. */
export interface SitemapContext {
  strapi: StrapiClient;
  /** Public origin without trailing slash, e.g. `https://www.example.nl`. */
  siteUrl: string;
  /** Current time in ms since the epoch. */
  now: number;
}

/** A document as far as a sitemap reads it. */
interface SitemapDoc {
  documentId: string;
  slug?: string;
  link?: string;
  updatedAt?: string;
}

/** A sitemap fed by one CMS query: one `<url>` pair per document. */
interface Source {
  /** File name without `.xml` (and without part suffix). */
  name: string;
  collection: string;
  /** Fields the path needs. */
  fields: string[];
  filters?: object;
  path: (doc: SitemapDoc) => string;
  /** The languages the documents exist in (default: every locale). */
  locales?: readonly Locale[];
  /**
   * A collection with translations: every document in Dutch, and in English only when it has a
   * published English version (instead of `locales`).
   */
  translated?: TranslatedCollection;
}

/** Names of the per-type sitemaps fed by one collection, in index order. */
const COLLECTION_SITEMAPS = [
  'events',
  'vacancies',
  'magazines',
  'tags',
  'partners',
  'subscriptions',
  'authors',
] as const;
type CollectionSitemap = (typeof COLLECTION_SITEMAPS)[number];

function slugOf(doc: SitemapDoc): string {
  return doc.slug ?? '';
}

/** The source of a per-type sitemap. */
function collectionSource(name: CollectionSitemap, nowIso: string): Source {
  switch (name) {
    case 'events':
      return {
        name,
        collection: 'events',
        fields: ['slug'],
        path: (d) => eventPath({ slug: slugOf(d) }),
        translated: 'events',
      };
    case 'vacancies':
      return {
        name,
        collection: 'vacancies',
        fields: ['slug'],
        filters: openVacancyFilter(nowIso),
        path: (d) => vacancyPath({ documentId: d.documentId, slug: slugOf(d) }),
        translated: 'vacancies',
      };
    case 'magazines':
      return {
        name,
        collection: 'magazines',
        fields: ['slug'],
        path: (d) => magazinePath({ documentId: d.documentId, slug: slugOf(d) }),
        translated: 'magazines',
      };
    case 'tags':
      return { name, collection: 'tags', fields: ['slug'], path: (d) => tagPath({ slug: slugOf(d) }) };
    case 'partners':
      return {
        name,
        collection: 'partners',
        fields: ['link'],
        path: (d) => partnerPath({ link: d.link ?? '' }),
        locales: DUTCH_CONTENT,
      };
    case 'subscriptions':
      return {
        name,
        collection: 'subscriptions',
        fields: ['slug'],
        path: (d) => subscriptionPath({ slug: slugOf(d) }),
      };
    case 'authors':
      // The editors' pages (decision 100), in both languages like the tag pages.
      return {
        name,
        collection: 'authors',
        fields: ['slug'],
        path: (d) => authorPagePath({ slug: slugOf(d) }),
      };
  }
}

/** The source of the articles published in `year` (Europe/Amsterdam). */
function newsYearSource(year: number): Source {
  return {
    name: `news-${year}`,
    collection: 'articles',
    fields: ['slug'],
    filters: publishYearFilter(year),
    path: (d) => articlePath({ documentId: d.documentId, slug: slugOf(d) }),
    translated: 'articles',
  };
}

/** A requested sitemap file, parsed from its name. */
export type SitemapFile =
  | { kind: 'pages' }
  | { kind: 'news' }
  | { kind: 'collection'; name: CollectionSitemap; part: number }
  | { kind: 'news-year'; year: number; part: number };

const FILE_PATTERN =
  /^(?:(pages|news)|(events|vacancies|magazines|tags|partners|subscriptions|authors)|news-(\d{4}))(?:-p([1-9]\d{0,4}))?\.xml$/;

/**
 * Parses a file name under `/sitemaps/` (`events.xml`, `news-2025.xml`, `news-2025-p2.xml`).
 * Part 1 has no suffix (`-p1` is not a name), and `pages.xml` and `news.xml` have no parts.
 * @returns the file, or `null` for any other name (a 404).
 */
export function parseSitemapFile(file: string): SitemapFile | null {
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  const [, single, collection, year, partText] = match;
  const part = partText ? Number(partText) : 1;
  if (partText && part < 2) return null;
  if (single === 'pages' || single === 'news') return partText ? null : { kind: single };
  if (collection) return { kind: 'collection', name: collection as CollectionSitemap, part };
  return { kind: 'news-year', year: Number(year), part };
}

/** File name of part `part` of sitemap `name` (`events.xml`, `events-p2.xml`). */
export function sitemapFileName(name: string, part = 1): string {
  return part > 1 ? `${name}-p${part}.xml` : `${name}.xml`;
}

/** `query` in the source's locale: the Dutch versions of a translated collection. */
function sourceQuery(source: Source, query: object): object {
  return source.translated ? inSourceLocale(query) : query;
}

/** A source's filters and `more`, combined. */
function andFilters(filters: object | undefined, more: object): object {
  return filters ? { $and: [filters, more] } : more;
}

/**
 * The `updatedAt` of the published English versions of a translated source, by documentId;
 * `range` limits them to the documentIds of one part (the part's first and last, in its order).
 */
async function englishVersions(
  ctx: SitemapContext,
  source: Source,
  range?: { first: string; last: string },
): Promise<Map<string, string | null>> {
  if (!source.translated) return new Map();
  const filters = range
    ? andFilters(source.filters, { documentId: { $gte: range.first, $lte: range.last } })
    : source.filters;
  const docs = await findAll<SitemapDoc>(ctx.strapi, source.collection, {
    locale: TRANSLATION_LOCALE,
    fields: ['updatedAt'],
    filters,
    sort: PART_SORT,
  });
  return new Map(docs.map((doc) => [doc.documentId, doc.updatedAt ?? null]));
}

/**
 * The newest `updatedAt` of every part of a source (English versions included), in part order;
 * `[]` when it has no documents. One request per language when the documents fit in one file;
 * otherwise every document's `updatedAt` is read.
 */
async function partLastmods(ctx: SitemapContext, source: Source): Promise<Array<string | null>> {
  const extra = source.translated ? { locale: SOURCE_LOCALE } : {};
  const { total, lastmod } = await newest(ctx.strapi, source.collection, source.filters, extra);
  if (total === 0) return [];
  if (total <= DOCS_PER_FILE) {
    if (!source.translated) return [lastmod];
    const english = await newest(ctx.strapi, source.collection, source.filters, {
      locale: TRANSLATION_LOCALE,
    });
    return [latest(lastmod, english.lastmod)];
  }
  const [docs, english] = await Promise.all([
    findAll<SitemapDoc>(
      ctx.strapi,
      source.collection,
      sourceQuery(source, { fields: ['updatedAt'], filters: source.filters, sort: PART_SORT }),
    ),
    englishVersions(ctx, source),
  ]);
  const parts: Array<string | null> = [];
  for (let start = 0; start < docs.length; start += DOCS_PER_FILE) {
    const part = docs.slice(start, start + DOCS_PER_FILE);
    parts.push(latest(...part.flatMap((doc) => [doc.updatedAt, english.get(doc.documentId)])));
  }
  return parts;
}

/** The documents of part `part` of a source as sitemap URLs. */
async function sourceUrls(ctx: SitemapContext, source: Source, part: number): Promise<SitemapUrl[]> {
  const docs = await findAll<SitemapDoc>(
    ctx.strapi,
    source.collection,
    sourceQuery(source, {
      fields: [...source.fields, 'updatedAt'],
      filters: source.filters,
      sort: PART_SORT,
    }),
    { range: { firstPage: (part - 1) * CMS_PAGES_PER_PART + 1, pageCount: CMS_PAGES_PER_PART } },
  );
  const first = docs[0];
  const last = docs[docs.length - 1];
  const english =
    first && last
      ? await englishVersions(ctx, source, { first: first.documentId, last: last.documentId })
      : new Map<string, string | null>();
  const locales = source.locales ?? LOCALES;
  return docs.map((doc) => ({
    path: source.path(doc),
    versions: source.translated
      ? {
          [SOURCE_LOCALE]: doc.updatedAt ?? null,
          ...(english.has(doc.documentId)
            ? { [TRANSLATION_LOCALE]: english.get(doc.documentId) ?? null }
            : {}),
        }
      : Object.fromEntries(locales.map((locale) => [locale, doc.updatedAt ?? null])),
  }));
}

/**
 * The publish years that have articles, newest first (from the oldest and newest `publishDate`).
 */
async function newsYears(ctx: SitemapContext): Promise<number[]> {
  const query = (direction: 'asc' | 'desc') =>
    ctx.strapi.findFirst<Pick<Article, 'publishDate'>>(
      'articles',
      inSourceLocale({ fields: ['publishDate'], sort: [`publishDate:${direction}`] }),
    );
  const [oldest, newestArticle] = await Promise.all([query('asc'), query('desc')]);
  if (!oldest?.publishDate || !newestArticle?.publishDate) return [];
  const years: number[] = [];
  for (let year = siteYear(newestArticle.publishDate); year >= siteYear(oldest.publishDate); year -= 1) {
    years.push(year);
  }
  return years;
}

/** `pages` populate: only the content-list blocks, with their topic (they decide a page's lastmod). */
const PAGE_QUERY = {
  fields: ['slug', 'layout', 'updatedAt'],
  populate: { blocks: { on: { 'blocks.content-list': { populate: { topic: { fields: ['slug'] } } } } } },
  sort: ['slug:asc'],
};

/**
 * The URLs of `pages.xml`: home, section pages, topic pages and indexable CMS pages, each with the
 * newest change of what it shows.
 */
async function pagesUrls(ctx: SitemapContext): Promise<SitemapUrl[]> {
  const nowIso = currentMinuteIso(ctx.now);
  const memo = new Map<string, Promise<string | null>>();
  const newestOf = (collection: string, filters?: object): Promise<string | null> => {
    const key = `${collection} ${JSON.stringify(filters ?? {})}`;
    let found = memo.get(key);
    if (!found) {
      const extra = isTranslated(collection) ? { locale: SOURCE_LOCALE } : {};
      found = newest(ctx.strapi, collection, filters, extra).then((result) => result.lastmod);
      memo.set(key, found);
    }
    return found;
  };
  /** Newest change of what a content list (or a home section) of `kind` shows. */
  const listNewest = (kind: ContentListKind, topic?: string | null): Promise<string | null> => {
    const byTopic = topic ? { topic: { slug: { $eq: topic } } } : {};
    if (kind === 'events') return newestOf('events', { ...byTopic, startsAt: { $gte: nowIso } });
    if (kind === 'vacancies') return newestOf('vacancies', { ...byTopic, ...openVacancyFilter(nowIso) });
    return newestOf('articles', topic ? byTopic : undefined);
  };
  const topicNewest = async (topic: string | null) =>
    latest(
      ...(await Promise.all([
        listNewest('news', topic),
        listNewest('events', topic),
        listNewest('vacancies', topic),
      ])),
    );

  const pageLists = await Promise.all(
    LOCALES.map((locale) => findAll<Page>(ctx.strapi, 'pages', { ...PAGE_QUERY, locale })),
  );
  const pagesBySlug = new Map<string, Partial<Record<Locale, Page>>>();
  LOCALES.forEach((locale, index) => {
    for (const page of pageLists[index] ?? []) {
      const entry = pagesBySlug.get(page.slug) ?? {};
      entry[locale] = page;
      pagesBySlug.set(page.slug, entry);
    }
  });
  /** The page a locale shows for `slug`: its own translation, else the Dutch one (findPage). */
  const shown = (slug: string, locale: Locale): Page | undefined => {
    const versions = pagesBySlug.get(slug);
    return versions?.[locale] ?? versions?.[DEFAULT_LOCALE];
  };
  const pageLastmod = async (page: Page): Promise<string | null> => {
    const lists = (page.blocks ?? []).flatMap((block) =>
      block.__component === 'blocks.content-list' ? [listNewest(block.kind, block.topic?.slug)] : [],
    );
    return latest(page.updatedAt, ...(await Promise.all(lists)));
  };

  const [everything, homeVersions, sections, cmsPages] = await Promise.all([
    topicNewest(null),
    Promise.all(LOCALES.map((locale) => shown('home', locale)?.updatedAt ?? null)),
    Promise.all([
      newestOf('events').then((lastmod) => everyLocale('/events', lastmod)),
      listNewest('vacancies').then((lastmod) => everyLocale('/jobs', lastmod)),
      newestOf('magazines').then((lastmod) => everyLocale('/magazines', lastmod)),
      newestOf('subscriptions').then((lastmod) => everyLocale('/abonnementen', lastmod)),
      newestOf('tags').then((lastmod) => everyLocale('/tags-overzicht', lastmod)),
      newestOf('partners').then((lastmod) => everyLocale('/partners', lastmod)),
      newestOf('articles').then((lastmod) => everyLocale('/sitemap', lastmod)),
      // The news lists' first pages (decision 099); their later pages are reached through the pager.
      newestOf('articles').then((lastmod) => everyLocale(NEWS_PATH, lastmod)),
      newestOf('articles').then((lastmod) => everyLocale(newsArchivePath(), lastmod)),
      ...TOPIC_SLUGS.filter((slug) => !pagesBySlug.has(slug)).map(async (slug) =>
        everyLocale(`/${slug}`, await topicNewest(slug)),
      ),
    ]),
    Promise.all(
      [...pagesBySlug.keys()]
        .filter((slug) => slug !== 'home' && !RESERVED_SLUGS.has(slug))
        .map(async (slug): Promise<SitemapUrl> => {
          const versions: SitemapUrl['versions'] = {};
          for (const locale of LOCALES) {
            const page = shown(slug, locale);
            // Pages in the `empty` layout are noindex.
            if (!page || page.layout === 'empty') continue;
            versions[locale] = await pageLastmod(page);
          }
          return { path: `/${slug}`, versions };
        }),
    ),
  ]);
  const newestTopic = await newestOf('topics');
  const home: SitemapUrl = {
    path: '/',
    versions: Object.fromEntries(
      LOCALES.map((locale, index) => [locale, latest(homeVersions[index], everything, newestTopic)]),
    ),
  };
  return [home, ...sections, ...cmsPages.filter((url) => Object.keys(url.versions).length > 0)];
}

/** The newest change among the URLs (all locales). */
function newestOfUrls(urls: readonly SitemapUrl[]): string | null {
  return latest(...urls.flatMap((url) => Object.values(url.versions)));
}

/** The sitemap index: `pages.xml`, the news years (newest first), then the other types. */
export async function buildSitemapIndex(ctx: SitemapContext): Promise<string> {
  const nowIso = currentMinuteIso(ctx.now);
  const [pages, years] = await Promise.all([pagesUrls(ctx), newsYears(ctx)]);
  const sources = [
    ...years.map(newsYearSource),
    ...COLLECTION_SITEMAPS.map((name) => collectionSource(name, nowIso)),
  ];
  const parts = await Promise.all(sources.map((source) => partLastmods(ctx, source)));
  const fileUrl = (file: string) => `${ctx.siteUrl}${sitemapFilePath(file)}`;
  const refs: SitemapRef[] = [{ loc: fileUrl(sitemapFileName('pages')), lastmod: newestOfUrls(pages) }];
  sources.forEach((source, index) => {
    (parts[index] ?? []).forEach((lastmod, part) => {
      refs.push({ loc: fileUrl(sitemapFileName(source.name, part + 1)), lastmod });
    });
  });
  return sitemapIndexXml(refs);
}

/** The Google News sitemap: articles with a `publishDate` in the last two days, newest first. */
async function buildNewsSitemap(ctx: SitemapContext): Promise<string> {
  const since = currentMinuteIso(ctx.now - NEWS_SITEMAP_WINDOW_MS);
  // Up to the end of the current minute, so an article published this minute is included.
  const until = currentMinuteIso(ctx.now + 60_000);
  const [site, articles] = await Promise.all([
    siteInfo(ctx.strapi, ctx.siteUrl),
    findAll<Pick<Article, 'documentId' | 'slug' | 'title' | 'publishDate'>>(
      ctx.strapi,
      'articles',
      inSourceLocale({
        fields: ['title', 'slug', 'publishDate'],
        filters: { publishDate: { $gte: since, $lt: until } },
        sort: ['publishDate:desc', 'documentId:asc'],
      }),
      { range: { firstPage: 1, pageCount: MAX_NEWS_URLS / CMS_MAX_PAGE_SIZE } },
    ),
  ]);
  return newsSitemapXml(
    ctx.siteUrl,
    { name: site.name, language: DEFAULT_LOCALE },
    articles.map((article) => ({
      path: articlePath(article),
      title: article.title,
      publicationDate: article.publishDate,
    })),
  );
}

/**
 * One sitemap file by name (see {@link parseSitemapFile}).
 * @returns the XML, or `null` when there is no such file (unknown name, a news year without
 *   articles, a part past the last one): a 404. A type without documents gives an empty `<urlset>`.
 * @throws StrapiError when the CMS fails.
 */
export async function buildSitemapFile(ctx: SitemapContext, file: string): Promise<string | null> {
  const parsed = parseSitemapFile(file);
  if (!parsed) return null;
  if (parsed.kind === 'pages') return urlsetXml(ctx.siteUrl, await pagesUrls(ctx));
  if (parsed.kind === 'news') return buildNewsSitemap(ctx);
  const source =
    parsed.kind === 'news-year'
      ? newsYearSource(parsed.year)
      : collectionSource(parsed.name, currentMinuteIso(ctx.now));
  const urls = await sourceUrls(ctx, source, parsed.part);
  if (urls.length === 0 && (parsed.part > 1 || parsed.kind === 'news-year')) return null;
  return urlsetXml(ctx.siteUrl, urls);
}
