/**
 * Search results in the page's language (docs/decisions/112-english-pages-speak-english.md): the
 * search index holds the Dutch texts of articles, events, vacancies and magazines (decision 061,
 * both backends), so a result under `/en` would show the Dutch title of a document that has an
 * English version. Under `/en` the results of one page are given their English title and a
 * snippet of their English summary, with one CMS call per translated type among them (only
 * published translations, translations.server.ts); results without a translation, and CMS pages
 * (indexed per locale already), stay as the index gave them. Ranking, counts and paging are the
 * index's; in Dutch nothing is read.
 */

import type { Article } from '../../shared/cms-types.ts';
import type { SearchHit, SearchType } from '../../shared/features/search/search-types.ts';
import { readTranslations, SOURCE_LOCALE, type TranslatedCollection } from '../cms/translations.server.ts';
import type { PortalContext } from '../context.server.ts';
import { highlight, indexTerms, queryTerm, snippet, tokenize, tokenizeText } from './text.server.ts';

/** The translated collection of each search type whose index text is Dutch. */
const COLLECTIONS: Partial<Record<SearchType, TranslatedCollection>> = {
  news: 'articles',
  event: 'events',
  vacancy: 'vacancies',
  magazine: 'magazines',
};

/** Prefix matching starts at 3 characters, as in both search backends. */
const PREFIX_FROM = 3;

/** The documentId of a hit of a translated type (`news:<documentId>`). */
function documentIdOf(hit: SearchHit): string {
  return hit.id.slice(hit.id.indexOf(':') + 1);
}

/**
 * The index terms of `texts` that one of `queryTerms` matches (equal, or starting with it from 3
 * characters), as the backends mark their own texts: what {@link highlight} marks.
 */
function matchedTerms(texts: readonly string[], queryTerms: readonly string[]): Set<string> {
  const matched = new Set<string>();
  for (const text of texts) {
    for (const token of tokenize(text)) {
      for (const term of indexTerms(token)) {
        if (queryTerms.some((q) => term === q || (q.length >= PREFIX_FROM && term.startsWith(q)))) {
          matched.add(term);
        }
      }
    }
  }
  return matched;
}

/**
 * The hits of one result page in the request's language.
 * @param ctx the request's CMS client and locale
 * @param hits the hits as the search index returned them (Dutch texts for translated types)
 * @param query the visitor's query (cut), whose words are marked in the English texts
 * @returns the same hits in the same order; under `/en` those with a published English version
 *   carry its title and a snippet of its summary (none when it has no summary)
 * @throws StrapiError when the CMS fails
 */
export async function translateHits(
  ctx: Pick<PortalContext, 'strapi' | 'locale'>,
  hits: readonly SearchHit[],
  query: string,
): Promise<SearchHit[]> {
  if (ctx.locale === SOURCE_LOCALE) return [...hits];
  const byCollection = new Map<TranslatedCollection, string[]>();
  for (const hit of hits) {
    const collection = COLLECTIONS[hit.type];
    if (collection)
      byCollection.set(collection, [...(byCollection.get(collection) ?? []), documentIdOf(hit)]);
  }
  if (byCollection.size === 0) return [...hits];
  const read = await Promise.all(
    [...byCollection].map(async ([collection, ids]) => {
      const found = await readTranslations<Article>(ctx.strapi, collection, ids, ['title', 'summary']);
      return [collection, found] as const;
    }),
  );
  const translations = new Map(read);
  const queryTerms = tokenize(query)
    .map((token) => queryTerm(token))
    .filter((term): term is string => term !== null);
  return hits.map((hit) => {
    const collection = COLLECTIONS[hit.type];
    const english = collection ? translations.get(collection)?.get(documentIdOf(hit)) : undefined;
    if (!english?.title) return hit;
    const summary = english.summary ?? '';
    const matched = matchedTerms([english.title, summary], queryTerms);
    return {
      ...hit,
      title: highlight(english.title, matched),
      snippet: summary ? snippet([tokenizeText(summary)], matched) : [],
    };
  });
}
