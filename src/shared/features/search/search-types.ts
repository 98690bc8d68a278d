/**
 * Browser-safe types of the site search (`/zoeken`): what the server's search index
 * returns and the search page renders, and the list of searchable types (no Node or server code).
 */

/** Kinds of content the search covers; the page shows them as Nieuws, Evenement, Vacature, Pagina, Magazine. */
export const SEARCH_TYPES = ['news', 'event', 'vacancy', 'page', 'magazine'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** True when `value` is one of {@link SEARCH_TYPES} (the `type` filter of the search URL). */
export function isSearchType(value: unknown): value is SearchType {
  return typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** A piece of highlighted text: `mark` pieces are the words that matched the query. */
export interface HighlightSegment {
  text: string;
  mark?: true;
}

/** One search result. */
export interface SearchHit {
  /** Index id, unique per result (`news:<documentId>`, `page:nl:<documentId>`, …). */
  id: string;
  type: SearchType;
  /** Unprefixed site path of the item (`/news/<documentId>/<slug>`). */
  path: string;
  /** ISO 8601 date shown with the result (publication, start or issue date); null for pages. */
  date: string | null;
  title: HighlightSegment[];
  /** Up to about 200 characters of summary or body text around the best match. */
  snippet: HighlightSegment[];
}

/** Number of results per type for the current query (before the type filter), plus `all`. */
export type SearchTypeCounts = Record<SearchType | 'all', number>;

/**
 * How the words of the query were combined: `all` (every word matches) or `any` (no item matched
 * every word, so items matching some of them are shown).
 */
export type SearchMatchMode = 'all' | 'any';

/**
 * A query word the search corrected, for the "Bedoelde je …?" link of the search page
 * (docs/decisions/111-search-tolerates-swapped-letters.md): `word` as it stands in the query, which
 * found nothing by itself, and `suggestion`, the word it was probably meant as (folded: lower case,
 * no diacritics), through which the results were found.
 */
export interface SearchCorrection {
  word: string;
  suggestion: string;
}
