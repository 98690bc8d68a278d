/**
 * What `/zoeken` asks of a search backend and gets back, whichever backend answers: the
 * in-memory MiniSearch index (search-index.server.ts) or the CMS's PostgreSQL full-text search
 * (postgres-search.server.ts; docs/decisions/066-postgres-full-text-search.md). Types only.
 */
import type {
  SearchCorrection,
  SearchHit,
  SearchMatchMode,
  SearchType,
  SearchTypeCounts,
} from '../../shared/features/search/search-types.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import type { ContentChange } from './documents.server.ts';

/** A search request. */
export interface SearchRequest {
  /** The query, already cut to 200 characters (`cutQuery`). */
  query: string;
  /** Locale of the search page: CMS pages of this locale are searched. */
  locale: Locale;
  /** Only results of this type (the counts still cover every type). */
  type?: SearchType | null;
  /** 1-based page; a page past the end gives no hits (the loader answers 404). */
  page?: number;
  pageSize?: number;
  /** ms since epoch for recency and expiry; default now. */
  now?: number;
}

/** What a search returns. */
export interface SearchResponse {
  hits: SearchHit[];
  /** Results after the type filter. */
  total: number;
  counts: SearchTypeCounts;
  page: number;
  pageCount: number;
  pageSize: number;
  mode: SearchMatchMode;
  /**
   * The query words that found nothing by themselves and were corrected (a swap of two
   * neighbouring letters or another small typing error), with the word each probably meant; empty
   * when every word was found as typed or nothing was found at all.
   */
  corrections: SearchCorrection[];
}

/**
 * What `/zoeken` searches with, whichever backend answers: the in-memory MiniSearch index
 * (search-index.server.ts `SearchIndex`) or the CMS's PostgreSQL full-text search
 * (postgres-search.server.ts); search-index.server.ts `siteSearchFor` picks one.
 */
export interface SiteSearch {
  /** Searches. @throws StrapiError when the backend cannot answer (the page shows its 503 state). */
  search(request: SearchRequest): Promise<SearchResponse>;
  /** Content changed without naming one document: rebuild what is held in memory, if anything. */
  refresh(): void;
  /** One document changed: update just it where an index is held in memory. */
  apply(change: ContentChange): void;
  /** Prepares the first search (builds an in-memory index). Never rejects. */
  warm(): Promise<void>;
  /** Resolves when pending builds and updates are done. */
  whenIdle(): Promise<void>;
  /** Periodic safety-net rebuilds; returns a function that stops them. */
  startPeriodicRefresh(intervalMs?: number): () => void;
}
