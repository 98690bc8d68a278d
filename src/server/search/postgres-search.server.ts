/**
 * The site search served by the CMS from PostgreSQL full-text search (`GET /api/search`,
 * cms/src/lib/search-index.js; docs/decisions/066-postgres-full-text-search.md): one index in the
 * database for every portal instance, current as soon as an editor's write returns, nothing held in
 * memory here. The CMS ranks, counts and pages; this module highlights the hits with the portal's
 * own Dutch text processing (text.server.ts), so results look as the MiniSearch index's do. The
 * CMS also names the query words it corrected (`corrections`: a swap of two neighbouring letters or
 * a trigram correction, docs/decisions/111-search-tolerates-swapped-letters.md), passed on as the
 * MiniSearch index reports its own.
 */
import type { SearchHit } from '../../shared/features/search/search-types.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import type { SearchRequest, SearchResponse, SiteSearch } from './site-search.server.ts';
import {
  highlight,
  indexTerms,
  queryTerm,
  snippet,
  type TokenizedText,
  tokenizeText,
} from './text.server.ts';

/** A hit as the CMS returns it: plain text, highlighted here. */
interface CmsSearchHit {
  id: string;
  type: SearchHit['type'];
  path: string;
  date: string | null;
  title: string;
  summary: string;
  body: string;
}

/** `GET /api/search`'s answer (`corrections` missing from a CMS older than decision 111). */
type CmsSearchResponse = Omit<SearchResponse, 'hits' | 'corrections'> & {
  hits: CmsSearchHit[];
  terms: string[];
  corrections?: SearchResponse['corrections'];
};

/** Answer of `GET /api/search/backend`. */
export interface CmsSearchBackend {
  backend: 'postgres' | 'none';
  database: string;
}

/** Prefix matching starts at 3 characters, as in the CMS's query and the MiniSearch index. */
const PREFIX_FROM = 3;

/**
 * The index terms of `texts` that a query term matches (equal, or starting with it from 3
 * characters): what {@link highlight} marks.
 */
function matchedTerms(texts: readonly TokenizedText[], queryTerms: readonly string[]): Set<string> {
  const matched = new Set<string>();
  for (const text of texts) {
    for (const span of text.spans) {
      for (const term of indexTerms(span.token)) {
        if (queryTerms.some((q) => term === q || (q.length >= PREFIX_FROM && term.startsWith(q)))) {
          matched.add(term);
        }
      }
    }
  }
  return matched;
}

/** Search through the CMS's PostgreSQL full-text search. */
export class PostgresSearch implements SiteSearch {
  readonly #strapi: StrapiClient;

  constructor(strapi: StrapiClient) {
    this.#strapi = strapi;
  }

  /**
   * One page of results, with the same shape, counts and paging as the MiniSearch index.
   * @throws StrapiError when the CMS answers an error (400 on bad input, 501 when it does not run
   *   on PostgreSQL, 5xx) or cannot be reached: the search page shows its error state
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const answer = await this.#strapi.request<CmsSearchResponse>('/search', {
      query: {
        q: request.query,
        locale: request.locale,
        ...(request.type ? { type: request.type } : {}),
        page: request.page ?? 1,
        ...(request.pageSize ? { pageSize: request.pageSize } : {}),
      },
      cache: false,
    });
    const queryTerms = answer.terms
      .map((word) => queryTerm(word))
      .filter((term): term is string => term !== null);
    const hits = answer.hits.map((hit): SearchHit => {
      const title = tokenizeText(hit.title);
      const summary = tokenizeText(hit.summary);
      const body = tokenizeText(hit.body);
      const matched = matchedTerms([title, summary, body], queryTerms);
      return {
        id: hit.id,
        type: hit.type,
        path: hit.path,
        date: hit.date,
        title: highlight(title, matched),
        snippet: snippet([summary, body], matched),
      };
    });
    return {
      hits,
      total: answer.total,
      counts: answer.counts,
      page: answer.page,
      pageCount: answer.pageCount,
      pageSize: answer.pageSize,
      mode: answer.mode,
      corrections: answer.corrections ?? [],
    };
  }

  /** The database keeps the index current: nothing to rebuild. */
  refresh(): void {}

  /** The CMS updated its table before its webhook fired: nothing to do. */
  apply(): void {}

  async warm(): Promise<void> {}

  async whenIdle(): Promise<void> {}

  startPeriodicRefresh(): () => void {
    return () => {};
  }
}
