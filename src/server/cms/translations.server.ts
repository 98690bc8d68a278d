/**
 * Content in its own language (docs/decisions/061-untranslated-content.md): articles, events,
 * vacancies and magazines are Strapi i18n types. Every document exists in Dutch (`nl`, the CMS's
 * default locale) and may have an English (`en`) translation of its texts.
 *
 * The portal reads every list and detail in Dutch (order, filters, paging, relations, media and
 * the URL's slug come from the Dutch version) and, under `/en`, replaces the texts of the
 * documents that have a published English version with it: one extra CMS call per list or
 * detail (`locale=en`, `documentId` in the ids read). Each document gets `locale`, the language
 * its texts are in; a detail also gets `locales`, the languages it exists in (hreflang, sitemaps).
 */
import type { StrapiEntity } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locale.ts';
import type { PortalContext } from '../context.server.ts';
import { DETAIL_MEDIA_FIELDS } from './queries/fields.server.ts';
import type { StrapiClient } from './strapi-client.server.ts';

/** The translated collections and the fields their English version replaces (cms/src/api schemas). */
export const TRANSLATED_FIELDS = {
  articles: ['title', 'summary', 'body', 'seo'],
  events: ['title', 'summary', 'description'],
  vacancies: ['title', 'summary', 'description'],
  magazines: ['title', 'summary', 'description'],
} as const;

/** A collection whose documents may have an English translation. */
export type TranslatedCollection = keyof typeof TRANSLATED_FIELDS;

/** True for a collection whose documents may have an English translation. */
export function isTranslated(collection: string): collection is TranslatedCollection {
  return Object.hasOwn(TRANSLATED_FIELDS, collection);
}

/** The language every document of a translated collection exists in, and lists are read in. */
export const SOURCE_LOCALE: Locale = DEFAULT_LOCALE;

/** The locale the translations are read in. */
export const TRANSLATION_LOCALE: Locale = 'en';

/** Components among the translated fields: populated, not selected (`seo` with its share image). */
const COMPONENT_POPULATE: Record<string, object> = {
  seo: { populate: { shareImage: { fields: DETAIL_MEDIA_FIELDS } } },
};

/** `query` read in the source language: every read of a translated collection names its locale. */
export function inSourceLocale<Q extends object>(query: Q): Q & { locale: Locale } {
  return { ...query, locale: SOURCE_LOCALE };
}

/**
 * The English versions of `documentIds` with the translated fields in `fields`, by documentId.
 * Only published translations (the public role's reads) are found.
 * @throws StrapiError when the CMS fails
 */
export async function readTranslations<T extends StrapiEntity>(
  strapi: StrapiClient,
  collection: TranslatedCollection,
  documentIds: readonly string[],
  fields: readonly string[] = TRANSLATED_FIELDS[collection],
): Promise<Map<string, Partial<T>>> {
  const ids = [...new Set(documentIds)];
  if (ids.length === 0) return new Map();
  const scalar = fields.filter((field) => !(field in COMPONENT_POPULATE));
  const populate = Object.fromEntries(
    fields.filter((field) => field in COMPONENT_POPULATE).map((field) => [field, COMPONENT_POPULATE[field]]),
  );
  const list = await strapi.find<T>(collection, {
    locale: TRANSLATION_LOCALE,
    fields: [...scalar, 'updatedAt'],
    ...(Object.keys(populate).length ? { populate } : {}),
    filters: { documentId: { $in: ids } },
    pagination: { page: 1, pageSize: ids.length },
  });
  return new Map(list.data.map((doc) => [doc.documentId, doc as Partial<T>]));
}

/** The translated fields a document read with some query carries (a list reads fewer). */
function presentFields(collection: TranslatedCollection, doc: object): string[] {
  return TRANSLATED_FIELDS[collection].filter((field) => field in doc);
}

/** `doc` with the translated fields of `translation` (kept as they are where it has none). */
function overlay<T extends StrapiEntity>(doc: T, translation: Partial<T>, fields: readonly string[]): T {
  const copy: Record<string, unknown> = { ...(doc as object), locale: TRANSLATION_LOCALE };
  for (const field of fields) {
    const value = (translation as Record<string, unknown>)[field];
    if (value !== undefined && value !== null && value !== '') copy[field] = value;
  }
  return copy as T;
}

/**
 * The documents of a list in the request's language: under `/en` those with an English
 * translation carry its texts (`locale: 'en'`), the others stay Dutch (`locale: 'nl'`); in Dutch no
 * call is made. Order and everything but the texts stay as read.
 * @throws StrapiError when the CMS fails
 */
export async function translateList<T extends StrapiEntity>(
  ctx: Pick<PortalContext, 'strapi' | 'locale'>,
  collection: TranslatedCollection,
  docs: readonly T[],
): Promise<T[]> {
  const dutch = docs.map((doc) => ({ ...doc, locale: SOURCE_LOCALE }));
  if (ctx.locale === SOURCE_LOCALE || docs.length === 0) return dutch;
  const fields = presentFields(collection, docs[0] as object);
  const translations = await readTranslations<T>(
    ctx.strapi,
    collection,
    docs.map((doc) => doc.documentId),
    fields,
  );
  return dutch.map((doc) => {
    const translation = translations.get(doc.documentId);
    return translation ? overlay(doc, translation, fields) : doc;
  });
}

/**
 * One document (read in Dutch) for its detail page: in the request's language when it has a
 * translation, with `locales`, the languages it exists in (Dutch first). Always asks for the
 * translation, in both languages, since the Dutch page names the English one as an alternate.
 * @throws StrapiError when the CMS fails
 */
export async function translateDetail<T extends StrapiEntity>(
  ctx: Pick<PortalContext, 'strapi' | 'locale'>,
  collection: TranslatedCollection,
  doc: T,
): Promise<T & { locale: Locale; locales: Locale[] }> {
  const translations = await readTranslations<T>(ctx.strapi, collection, [doc.documentId]);
  const translation = translations.get(doc.documentId);
  const locales: Locale[] = translation ? [SOURCE_LOCALE, TRANSLATION_LOCALE] : [SOURCE_LOCALE];
  if (translation && ctx.locale === TRANSLATION_LOCALE) {
    return {
      ...overlay(doc, translation, TRANSLATED_FIELDS[collection]),
      locale: TRANSLATION_LOCALE,
      locales,
    };
  }
  return { ...doc, locale: SOURCE_LOCALE, locales };
}
