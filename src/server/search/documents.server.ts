/**
 * The documents of the site search, read from the CMS: published articles, events,
 * magazines and CMS pages (per locale), and open vacancies. Every collection is read in pages of
 * 100 (Strapi's `maxLimit`) with only the fields the index needs, bypassing the CMS client cache:
 * on the demo data that is 6 calls (one per collection, two for the pages).
 */

import type {
  Article,
  Block,
  Event,
  Magazine,
  Page,
  StrapiBlocks,
  StrapiInlineNode,
  StrapiListBlock,
  StrapiListItemBlock,
  Vacancy,
} from '../../shared/cms-types.ts';
import type { SearchType } from '../../shared/features/search/search-types.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/i18n/locale.ts';
import { articlePath, eventPath, magazinePath, vacancyPath } from '../../shared/urls.ts';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { findAll } from '../cms/find-all.server.ts';
import { ARTICLE_SEARCH_QUERY } from '../cms/queries/articles.server.ts';
import { EVENT_SEARCH_QUERY } from '../cms/queries/events.server.ts';
import { MAGAZINE_SEARCH_QUERY } from '../cms/queries/magazines.server.ts';
import { PAGE_SEARCH_QUERY } from '../cms/queries/pages.server.ts';
import { VACANCY_SEARCH_QUERY } from '../cms/queries/vacancies.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { inSourceLocale } from '../cms/translations.server.ts';
import { joinBlocks } from './text.server.ts';

/** One searchable item, as indexed. */
export interface SearchDocument {
  /** Unique id: `<type>:<documentId>`, for pages `page:<locale>:<documentId>`. */
  id: string;
  type: SearchType;
  /** The locale whose search shows the item (CMS pages); null for items shown in every locale. */
  locale: Locale | null;
  title: string;
  /** Tags, topic, employer, location, venue and the like. */
  keywords: string;
  /** Summary or meta description. */
  summary: string;
  /** Plain text of the rich-text body. */
  body: string;
  /** Unprefixed site path. */
  path: string;
  /** ISO 8601 date shown with the result, or null. */
  date: string | null;
  /** Time (ms since epoch) the recency boost is computed from; null for evergreen pages. */
  recencyAt: number | null;
  /** Time (ms since epoch) from which the item is no longer shown (a vacancy's `validThrough`). */
  expiresAt: number | null;
}

/**
 * Words that name a type, indexed as a keyword of every item of it, so `vacature logistiek` finds
 * vacancies in logistics. Not for news: nearly every page mentions "nieuws".
 */
const TYPE_WORDS = { event: 'evenement event', vacancy: 'vacature', magazine: 'magazine' } as const;

/** Strapi's `maxLimit` (cms/config/api.js): the largest page the REST API returns. */

function inlineText(nodes: readonly StrapiInlineNode[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === 'link' ? inlineText(node.children) : node.text)).join('');
}

function listTexts(list: StrapiListBlock): string[] {
  return list.children.flatMap((item: StrapiListItemBlock | StrapiListBlock) =>
    item.type === 'list' ? listTexts(item) : [inlineText(item.children)],
  );
}

/** The text blocks (paragraphs, headings, quotes, list items, code) of a Strapi rich-text document. */
function blocksToTexts(blocks: StrapiBlocks | null | undefined): string[] {
  return (blocks ?? []).flatMap((block) => {
    if (block.type === 'list') return listTexts(block);
    if (block.type === 'image') return [];
    return [inlineText(block.children)];
  });
}

/** Plain text of a Strapi rich-text document, blocks separated as sentences. */
export function blocksToText(blocks: StrapiBlocks | null | undefined): string {
  return joinBlocks(blocksToTexts(blocks));
}

/**
 * `body` without the `summary` it opens with: the description of an event, a vacancy or a magazine
 * (a page's blocks: its meta description) may start with its summary paragraph, and the same words
 * indexed as summary and again as body counted twice (an event that mentions a word once in its
 * summary outranked the articles about it on PostgreSQL; a magazine whose summary mentions
 * "stadshubs" outranked the article titled with it in MiniSearch). The CMS's search rows do the
 * same (cms/src/lib/search-index.js, withoutLead).
 */
function withoutLead(body: string, summary: string | null | undefined): string {
  return summary && body.startsWith(summary) ? body.slice(summary.length).trimStart() : body;
}

/** The text of a page's dynamic-zone blocks. */
function pageBlocksText(blocks: Block[] | null | undefined): string {
  return joinBlocks(
    (blocks ?? []).flatMap((block) => {
      switch (block.__component) {
        case 'blocks.rich-text':
          return blocksToTexts(block.body);
        case 'blocks.call-to-action':
          return [block.title, block.text ?? ''];
        case 'blocks.content-list':
          return [block.title ?? ''];
        case 'blocks.image':
          return [block.caption ?? ''];
        case 'blocks.gallery':
          return [block.title ?? ''];
        default:
          return [];
      }
    }),
  );
}

/** Site path of a CMS page: `/` for the home page, `/l/{id}` for the empty layout, else `/{slug}`. */
export function pagePath(page: Pick<Page, 'slug' | 'documentId' | 'layout'>): string {
  if (page.slug === 'home') return '/';
  if (page.layout === 'empty') return `/l/${page.documentId}`;
  return `/${page.slug}`;
}

function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

function words(...values: Array<string | null | undefined>): string {
  return values.filter((value): value is string => Boolean(value?.trim())).join(' · ');
}

/**
 * Reads a whole collection fresh from the CMS (not from the client's cache), sorted by id so pages
 * do not overlap.
 * @throws StrapiError when a call fails.
 */
function readAll<T>(strapi: StrapiClient, collection: string, query: object): Promise<T[]> {
  return findAll<T>(strapi, collection, { ...query, sort: ['id:asc'] }, { cache: false });
}

/** Maps articles to search documents. */
export function articleDocuments(articles: readonly Article[]): SearchDocument[] {
  return articles.map((article) => ({
    id: `news:${article.documentId}`,
    type: 'news',
    locale: null,
    title: article.title,
    keywords: words(...(article.tags ?? []).map((tag) => tag.name), article.topic?.name, article.author),
    summary: article.summary ?? '',
    body: blocksToText(article.body),
    path: articlePath(article),
    date: article.publishDate,
    recencyAt: time(article.publishDate),
    expiresAt: null,
  }));
}

/** Maps events to search documents (dated by their start). */
export function eventDocuments(events: readonly Event[]): SearchDocument[] {
  return events.map((event) => ({
    id: `event:${event.documentId}`,
    type: 'event',
    locale: null,
    title: event.title,
    keywords: words(TYPE_WORDS.event, event.venue, event.address?.city, event.organiser, event.topic?.name),
    summary: event.summary ?? '',
    body: withoutLead(blocksToText(event.description), event.summary),
    path: eventPath(event),
    date: event.startsAt,
    recencyAt: time(event.startsAt),
    expiresAt: null,
  }));
}

/** Maps vacancies to search documents (dated by publication, hidden after `validThrough`). */
export function vacancyDocuments(vacancies: readonly Vacancy[]): SearchDocument[] {
  return vacancies.map((vacancy) => ({
    id: `vacancy:${vacancy.documentId}`,
    type: 'vacancy',
    locale: null,
    title: vacancy.title,
    keywords: words(TYPE_WORDS.vacancy, vacancy.employer, vacancy.location, vacancy.category?.name),
    summary: vacancy.summary ?? '',
    body: withoutLead(blocksToText(vacancy.description), vacancy.summary),
    path: vacancyPath(vacancy),
    date: vacancy.publishedAt ?? null,
    recencyAt: time(vacancy.publishedAt),
    expiresAt: time(vacancy.validThrough),
  }));
}

/** Maps magazines to search documents (dated by issue date). */
export function magazineDocuments(magazines: readonly Magazine[]): SearchDocument[] {
  return magazines.map((magazine) => ({
    id: `magazine:${magazine.documentId}`,
    type: 'magazine',
    locale: null,
    title: magazine.title,
    keywords: words(TYPE_WORDS.magazine, magazine.issue),
    summary: magazine.summary ?? '',
    body: withoutLead(blocksToText(magazine.description), magazine.summary),
    path: magazinePath(magazine),
    date: magazine.date,
    recencyAt: time(magazine.date),
    expiresAt: null,
  }));
}

/**
 * Maps the CMS pages of every locale to search documents: each locale gets its own pages plus the
 * Dutch pages it has no translation of (the portal shows the Dutch page there too).
 */
export function pageDocuments(pagesByLocale: Readonly<Record<Locale, readonly Page[]>>): SearchDocument[] {
  return LOCALES.flatMap((locale) => {
    const own = pagesByLocale[locale];
    const translated = new Set(own.map((page) => page.documentId));
    const fallback =
      locale === DEFAULT_LOCALE
        ? []
        : pagesByLocale[DEFAULT_LOCALE].filter((page) => !translated.has(page.documentId));
    return [...own, ...fallback].map(
      (page): SearchDocument => ({
        id: `page:${locale}:${page.documentId}`,
        type: 'page',
        locale,
        title: page.title,
        keywords: words(page.topic?.name),
        summary: page.seo?.metaDescription ?? '',
        body: withoutLead(pageBlocksText(page.blocks), page.seo?.metaDescription),
        path: pagePath(page),
        date: null,
        recencyAt: null,
        expiresAt: null,
      }),
    );
  });
}

/**
 * Reads every searchable item from the CMS, collections in parallel.
 * @param now ms since epoch; vacancies whose `validThrough` lies before it are left out.
 * @throws StrapiError when the CMS cannot be read (the caller keeps its previous index).
 */
export async function fetchSearchDocuments(
  strapi: StrapiClient,
  now = Date.now(),
): Promise<SearchDocument[]> {
  const [articles, events, vacancies, magazines, pageLists] = await Promise.all([
    // The index holds the Dutch texts of the translated types (docs/decisions/061).
    readAll<Article>(strapi, 'articles', inSourceLocale(ARTICLE_SEARCH_QUERY)),
    readAll<Event>(strapi, 'events', inSourceLocale(EVENT_SEARCH_QUERY)),
    readAll<Vacancy>(
      strapi,
      'vacancies',
      inSourceLocale({
        ...VACANCY_SEARCH_QUERY,
        filters: {
          $or: [{ validThrough: { $gte: currentMinuteIso(now) } }, { validThrough: { $null: true } }],
        },
      }),
    ),
    readAll<Magazine>(strapi, 'magazines', inSourceLocale(MAGAZINE_SEARCH_QUERY)),
    Promise.all(LOCALES.map((locale) => readAll<Page>(strapi, 'pages', { ...PAGE_SEARCH_QUERY, locale }))),
  ]);
  const pagesByLocale = Object.fromEntries(
    LOCALES.map((locale, index) => [locale, pageLists[index] ?? []]),
  ) as Record<Locale, Page[]>;
  return [
    ...articleDocuments(articles),
    ...eventDocuments(events),
    ...vacancyDocuments(vacancies),
    ...magazineDocuments(magazines),
    ...pageDocuments(pagesByLocale),
  ];
}

/** A change of one CMS document, as the CMS webhook reports it (Strapi's `{ event, uid, entry }`). */
export interface ContentChange {
  /** Strapi's event name, e.g. `entry.publish`, `entry.unpublish`, `entry.delete`. */
  event: string;
  /** Content type uid, e.g. `api::article.article`. */
  uid: string;
  /** The entry's documentId. */
  documentId: string;
}

/** Search type and REST collection of each searchable content type. */
const SEARCHABLE_UIDS: Readonly<Record<string, { type: SearchType; collection: string }>> = {
  'api::article.article': { type: 'news', collection: 'articles' },
  'api::event.event': { type: 'event', collection: 'events' },
  'api::vacancy.vacancy': { type: 'vacancy', collection: 'vacancies' },
  'api::magazine.magazine': { type: 'magazine', collection: 'magazines' },
  'api::page.page': { type: 'page', collection: 'pages' },
};

/** The new search documents of one CMS document, and the index ids they replace. */
export interface DocumentUpdate {
  /** Every index id the document may have had (pages: one per locale). */
  ids: string[];
  /** Its documents now: none when it is unpublished, deleted or not public. */
  documents: SearchDocument[];
}

/**
 * Reads the current search documents of one changed CMS document (incremental index update,
 * docs/decisions/066-postgres-full-text-search.md): the same public REST reads and mapping as
 * {@link fetchSearchDocuments}, filtered to its documentId.
 * @returns null when the change is not of a searchable content type (the caller rebuilds instead)
 * @throws StrapiError when the CMS cannot be read
 */
export async function fetchDocumentUpdate(
  strapi: StrapiClient,
  change: ContentChange,
  now = Date.now(),
): Promise<DocumentUpdate | null> {
  const searchable = SEARCHABLE_UIDS[change.uid];
  if (!searchable) return null;
  const byId = { documentId: { $eq: change.documentId } };
  const read = <T>(query: object, filters: object = byId) =>
    readAll<T>(strapi, searchable.collection, { ...query, filters });
  const { documentId } = change;
  switch (searchable.type) {
    case 'news':
      return {
        ids: [`news:${documentId}`],
        documents: articleDocuments(await read<Article>(ARTICLE_SEARCH_QUERY)),
      };
    case 'event':
      return {
        ids: [`event:${documentId}`],
        documents: eventDocuments(await read<Event>(EVENT_SEARCH_QUERY)),
      };
    case 'magazine':
      return {
        ids: [`magazine:${documentId}`],
        documents: magazineDocuments(await read<Magazine>(MAGAZINE_SEARCH_QUERY)),
      };
    case 'vacancy': {
      const open = {
        $or: [{ validThrough: { $gte: currentMinuteIso(now) } }, { validThrough: { $null: true } }],
      };
      return {
        ids: [`vacancy:${documentId}`],
        documents: vacancyDocuments(await read<Vacancy>(VACANCY_SEARCH_QUERY, { $and: [byId, open] })),
      };
    }
    case 'page': {
      const lists = await Promise.all(LOCALES.map((locale) => read<Page>({ ...PAGE_SEARCH_QUERY, locale })));
      const pagesByLocale = Object.fromEntries(
        LOCALES.map((locale, index) => [locale, lists[index] ?? []]),
      ) as Record<Locale, Page[]>;
      return {
        ids: LOCALES.map((locale) => `page:${locale}:${documentId}`),
        documents: pageDocuments(pagesByLocale),
      };
    }
  }
}
