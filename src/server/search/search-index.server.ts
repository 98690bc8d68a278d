/**
 * The in-memory search index of `/zoeken` (design and measurements in
 * docs/decisions/012-site-search.md). MiniSearch (BM25+) over title, keywords, summary and body,
 * with the Dutch text processing of `text.server.ts`.
 *
 * Ranking: field boosts put title matches above body matches; a recency factor (half-life 180
 * days, at most ×1.5) puts recent items above old ones; prefix matching (terms of 3+ characters)
 * and fuzzy matching (1 edit from 5 characters, 2 from 9) absorb typing errors, weighted below
 * exact matches. A swap of two neighbouring letters counts as one edit (Damerau / optimal string
 * alignment): where a word may differ by 1 edit, its swapped forms (`retuor` → `retour`) are
 * looked up as well, weighted as a fuzzy match of 1 edit; from 9 characters 2 edits cover a swap
 * (docs/decisions/111-search-tolerates-swapped-letters.md). All words must match; when nothing
 * matches all of them, items matching any word are shown instead (`mode: 'any'`). A word that found
 * nothing by itself but through a correction is reported with the word it probably meant
 * (`corrections`, the page's "Bedoelde je …?" link).
 *
 * Freshness: built from the CMS on first use (or at start in production), swapped atomically on
 * rebuild, and rebuilt when older than `maxAgeMs` and on content changes that name no single
 * searchable document (`refresh`). A change of one article, event, vacancy, magazine or page
 * (`apply`, from the CMS webhook or another instance's broadcast) re-reads just that document and
 * replaces it in the index (MiniSearch `discard` + `add`), without a rebuild
 * (docs/decisions/066-postgres-full-text-search.md). Builds never overlap; a refresh during a build
 * runs one more build afterwards; updates wait for a running build. A failed rebuild keeps the
 * previous index; a failed update rebuilds.
 */
import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import type { Logger } from 'pino';
import {
  SEARCH_TYPES,
  type SearchCorrection,
  type SearchHit,
  type SearchMatchMode,
  type SearchTypeCounts,
} from '../../shared/features/search/search-types.ts';
import { isStrapiError, type StrapiClient, StrapiError } from '../cms/strapi-client.server.ts';
import {
  type ContentChange,
  type DocumentUpdate,
  fetchDocumentUpdate,
  fetchSearchDocuments,
  type SearchDocument,
} from './documents.server.ts';
import { type CmsSearchBackend, PostgresSearch } from './postgres-search.server.ts';
import type { SearchRequest, SearchResponse, SiteSearch } from './site-search.server.ts';
import {
  highlight,
  indexTerms,
  queryTerm,
  snippet,
  type TokenizedText,
  tokenize,
  tokenizeText,
  transpositions,
} from './text.server.ts';

/** Results per page of `/zoeken`. */
const SEARCH_PAGE_SIZE = 10;
/** Age (ms) after which the next search triggers a background rebuild: 5 minutes. */
const DEFAULT_MAX_AGE_MS = 5 * 60_000;

/** Field boosts: a title match counts 4×, keywords (tags, employer, …) 2×, the summary 1.5× the body. */
const FIELD_BOOST = { title: 4, keywords: 2, summary: 1.5, body: 1 } as const;
/** Weights of prefix and fuzzy matches, against 1 for an exact match (decision 012). */
const MATCH_WEIGHTS = { prefix: 0.4, fuzzy: 0.3 } as const;
/** Prefix matching from this many characters of a query term. */
const PREFIX_FROM = 3;

/**
 * Edits (Levenshtein, MiniSearch's `fuzzy`) a query term may differ by from a document term:
 * 1 from 5 characters, 2 from 9, none below.
 */
function fuzzyEdits(term: string): number {
  return term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
}

/** True when document term `term` is query term `query` itself or, from 3 characters, starts with it. */
function ownMatch(term: string, query: string): boolean {
  return term === query || (query.length >= PREFIX_FROM && term.startsWith(query));
}

/** One word of a query: the token as typed, its query term and its swapped forms. */
interface QueryWord {
  token: string;
  term: string;
  /** {@link transpositions} of the token where its term may differ by 1 edit, else none. */
  swapped: string[];
}

/**
 * The words of a query that can match (stop words and single characters left out), each with its
 * swapped forms where the term may differ by exactly 1 edit: at 2 edits (9+ characters) a swap is
 * already within MiniSearch's fuzzy distance, and looking it up again would count it twice.
 */
function queryWords(query: string): QueryWord[] {
  return tokenize(query).flatMap((token) => {
    const term = queryTerm(token);
    if (term === null) return [];
    return [{ token, term, swapped: fuzzyEdits(term) === 1 ? transpositions(token) : [] }];
  });
}

/**
 * The MiniSearch query of one word: the token (exact, prefix, fuzzy), or any of its swapped forms
 * as whole words, scored as a fuzzy match of 1 edit (MiniSearch weighs one by
 * `fuzzy × length / (length + distance)`), through the field boosts.
 */
function wordQuery(word: QueryWord): Query {
  if (word.swapped.length === 0) return word.token;
  const n = word.term.length;
  const weight = (MATCH_WEIGHTS.fuzzy * n) / (n + 1);
  const boost = Object.fromEntries(
    Object.entries(FIELD_BOOST).map(([field, value]) => [field, value * weight]),
  );
  return {
    combineWith: 'OR',
    queries: [word.token, { combineWith: 'OR', queries: word.swapped, prefix: false, fuzzy: false, boost }],
  };
}

/** Largest extra factor of the recency boost (brand-new items score ×1.5). */
const RECENCY_WEIGHT = 0.5;
/** Age in days at which the recency bonus has halved. */
const RECENCY_HALF_LIFE_DAYS = 180;
const DAY_MS = 86_400_000;

/**
 * Score factor for an item's age: `1 + 0.5 × 0.5^(ageDays / 180)`, so 1.5 today, 1.25 after six
 * months, towards 1 for old items. Future dates (upcoming events) count as today; undated items
 * (CMS pages) get the middle value 1.25.
 * @param recencyAt ms since epoch, or null
 * @param now ms since epoch
 */
export function recencyBoost(recencyAt: number | null, now: number): number {
  if (recencyAt === null) return 1 + RECENCY_WEIGHT / 2;
  const ageDays = Math.max(0, now - recencyAt) / DAY_MS;
  return 1 + RECENCY_WEIGHT * 0.5 ** (ageDays / RECENCY_HALF_LIFE_DAYS);
}

/** Numbers about the current index. */
export interface SearchIndexStats {
  documents: number;
  /** ms since epoch of the last completed build, or null. */
  builtAt: number | null;
  /** Duration of the last build in ms (CMS reads included). */
  buildMs: number | null;
  /** Completed builds since the index was created. */
  generation: number;
  /** Single-document updates applied since the index was created. */
  updates: number;
}

/** Options of {@link SearchIndex}. */
export interface SearchIndexOptions {
  /** Reads every searchable item (normally from the CMS). */
  source: () => Promise<SearchDocument[]>;
  /**
   * Reads the documents of one changed CMS document; resolves null when the change is not of a
   * searchable type (then the index rebuilds). Without it every change rebuilds.
   */
  sourceOf?: (change: ContentChange) => Promise<DocumentUpdate | null>;
  logger?: Logger;
  /** See {@link DEFAULT_MAX_AGE_MS}. */
  maxAgeMs?: number;
  /** Clock in ms since epoch (tests). */
  clock?: () => number;
}

/** Cached hits per built index (a few hundred bytes each). */
const HITS_MAX = 5000;

interface BuiltIndex {
  mini: MiniSearch<SearchDocument>;
  /**
   * The written words of the indexed text (folded; the first index term of each token), without
   * the bare stems the index also holds (`bedrijv`): what a suggestion may name. Filled while
   * documents are added, never emptied until the next build.
   */
  words: Set<string>;
  documents: Map<string, SearchDocument>;
  /** Tokenised title, summary and body per document id, made the first time it is a result. */
  prepared: Map<string, PreparedDocument>;
  /**
   * Highlighted title and snippet per document id and matched terms: the same query shows the
   * same results again without scanning their text (decision 068). At most {@link HITS_MAX}.
   */
  hits: Map<string, SearchHit>;
  builtAt: number;
  buildMs: number;
}

interface PreparedDocument {
  title: TokenizedText;
  summary: TokenizedText;
  body: TokenizedText;
}

/**
 * Creates the empty MiniSearch index with the portal's fields, text processing and ranking.
 * @param words collects the written words of what is indexed ({@link BuiltIndex.words})
 */
function createMiniSearch(words: Set<string>): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    idField: 'id',
    fields: ['title', 'keywords', 'summary', 'body'],
    storeFields: [],
    tokenize,
    processTerm: (token) => {
      const terms = indexTerms(token);
      if (terms[0] !== undefined) words.add(terms[0]);
      // MiniSearch only iterates the array; the cached terms are never changed.
      return terms as string[];
    },
    searchOptions: {
      tokenize,
      processTerm: (term) => queryTerm(term),
      boost: { ...FIELD_BOOST },
      prefix: (term) => term.length >= PREFIX_FROM,
      fuzzy: (term) => fuzzyEdits(term) || false,
      maxFuzzy: 2,
      weights: { ...MATCH_WEIGHTS },
    },
  });
}

function emptyCounts(): SearchTypeCounts {
  const counts = { all: 0 } as SearchTypeCounts;
  for (const type of SEARCH_TYPES) counts[type] = 0;
  return counts;
}

/**
 * The words of a search that were corrected, each with the word it probably meant: a word that
 * may be corrected (5+ characters) and finds nothing by itself (no document term equal to its term
 * or, from 3 characters, starting with it) among the visible documents, but found results through
 * a swapped form or a fuzzy match. Its suggestion is its first swapped form (left to right) that
 * finds a document, else the written word (never a bare stem) its fuzzy matches found in the most
 * documents, the best-scored first on a tie. Words without a suggestion are left out.
 *
 * Costs nothing extra for a query typed right: the first result holding every word's own term
 * ends the check. Only a word not seen so in any result is searched again, alone.
 * @param results every result of the search (not only the page), best first
 */
function corrected(
  built: BuiltIndex,
  words: readonly QueryWord[],
  results: readonly SearchResult[],
  boostDocument: NonNullable<SearchOptions['boostDocument']>,
): SearchCorrection[] {
  let open = words.filter((word) => fuzzyEdits(word.term) > 0);
  for (const result of results) {
    if (open.length === 0) return [];
    open = open.filter((word) => !result.terms.some((term) => ownMatch(term, word.term)));
  }
  const corrections: SearchCorrection[] = [];
  for (const word of open) {
    if (built.mini.search(word.token, { boostDocument, fuzzy: false }).length > 0) continue;
    // Documents per matched term, in the order first met (the results are best first).
    const found = new Map<string, number>();
    for (const result of built.mini.search(wordQuery(word), { boostDocument })) {
      for (const term of result.terms) found.set(term, (found.get(term) ?? 0) + 1);
    }
    const swappedTerms = word.swapped.map((swapped) => queryTerm(swapped));
    let suggestion = word.swapped.find((_, index) => found.has(swappedTerms[index] ?? '')) ?? null;
    if (suggestion === null) {
      let most = 0;
      for (const [term, documents] of found) {
        if (documents > most && built.words.has(term) && !swappedTerms.includes(term)) {
          suggestion = term;
          most = documents;
        }
      }
    }
    if (suggestion !== null) corrections.push({ word: word.token, suggestion });
  }
  return corrections;
}

/** The in-memory index with its build lifecycle. One per CMS client ({@link searchIndexFor}). */
export class SearchIndex implements SiteSearch {
  readonly #source: () => Promise<SearchDocument[]>;
  readonly #sourceOf: ((change: ContentChange) => Promise<DocumentUpdate | null>) | undefined;
  #updating: Promise<void> = Promise.resolve();
  #pendingUpdates = 0;
  #updates = 0;
  readonly #logger: Logger | undefined;
  readonly #maxAgeMs: number;
  readonly #clock: () => number;
  #current: BuiltIndex | null = null;
  #building: Promise<BuiltIndex> | null = null;
  #dirty = false;
  #generation = 0;

  constructor(options: SearchIndexOptions) {
    this.#source = options.source;
    this.#sourceOf = options.sourceOf;
    this.#logger = options.logger;
    this.#maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.#clock = options.clock ?? Date.now;
  }

  /** Size and age of the current index. */
  get stats(): SearchIndexStats {
    return {
      documents: this.#current?.documents.size ?? 0,
      builtAt: this.#current?.builtAt ?? null,
      buildMs: this.#current?.buildMs ?? null,
      generation: this.#generation,
      updates: this.#updates,
    };
  }

  /**
   * Searches. Builds the index first when there is none yet (the first search waits for it).
   * @throws the source's error (a StrapiError: the loader answers 503) when there is no index and
   *   it cannot be built.
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const built = await this.#ready();
    const now = request.now ?? this.#clock();
    const pageSize = request.pageSize ?? SEARCH_PAGE_SIZE;
    const page = request.page ?? 1;
    const boostDocument = (id: string): number => {
      const doc = built.documents.get(id);
      if (!doc) return 0;
      if (doc.locale !== null && doc.locale !== request.locale) return 0;
      if (doc.expiresAt !== null && doc.expiresAt <= now) return 0;
      return recencyBoost(doc.recencyAt, now);
    };
    const words = queryWords(request.query);
    const queries = words.map(wordQuery);
    let mode: SearchMatchMode = 'all';
    let results = built.mini.search({ combineWith: 'AND', queries }, { boostDocument });
    if (results.length === 0 && words.length > 1) {
      results = built.mini.search({ combineWith: 'OR', queries }, { boostDocument });
      mode = 'any';
    }
    const counts = emptyCounts();
    for (const result of results) {
      const doc = built.documents.get(result.id as string);
      if (!doc) continue;
      counts[doc.type] += 1;
      counts.all += 1;
    }
    const filtered = request.type
      ? results.filter((result) => built.documents.get(result.id as string)?.type === request.type)
      : results;
    const pageCount = Math.ceil(filtered.length / pageSize);
    const hits = filtered
      .slice((page - 1) * pageSize, page * pageSize)
      .map((result) => this.#hit(built, result))
      .filter((hit): hit is SearchHit => hit !== null);
    const corrections = results.length > 0 ? corrected(built, words, results, boostDocument) : [];
    return { hits, total: filtered.length, counts, page, pageCount, pageSize, mode, corrections };
  }

  /**
   * Content changed in the CMS: rebuild in the background (coalesced with a build in progress).
   * An index that was never built stays unbuilt: its first search reads fresh content anyway.
   */
  refresh(): void {
    if (this.#building) {
      this.#dirty = true;
      return;
    }
    if (!this.#current) return;
    this.#build().catch(() => {
      // Logged in #build; the previous index stays in use.
    });
  }

  /**
   * One CMS document changed: once any running build is done, re-reads just it and replaces its
   * entries (none when it was unpublished or deleted). Updates run one after another in arrival
   * order. An index that was never built stays unbuilt; a change the source cannot name, or an
   * update that fails, rebuilds instead.
   */
  apply(change: ContentChange): void {
    const sourceOf = this.#sourceOf;
    if (!sourceOf) {
      this.refresh();
      return;
    }
    if (!this.#current && !this.#building) return;
    this.#pendingUpdates += 1;
    this.#updating = this.#updating
      .then(async () => {
        await this.#waitForBuild();
        const update = await sourceOf(change);
        if (update === null) {
          this.refresh();
          return;
        }
        const built = this.#current;
        if (!built) return;
        for (const id of update.ids) {
          if (built.mini.has(id)) built.mini.discard(id);
          built.documents.delete(id);
          built.prepared.delete(id);
        }
        for (const doc of update.documents) {
          if (built.mini.has(doc.id)) built.mini.discard(doc.id);
          built.mini.add(doc);
          built.documents.set(doc.id, doc);
          built.prepared.delete(doc.id);
        }
        this.#updates += 1;
        this.#logger?.info(
          {
            event: change.event,
            uid: change.uid,
            documentId: change.documentId,
            documents: update.documents.length,
          },
          'search index updated',
        );
      })
      .catch((error: unknown) => {
        this.#logger?.warn({ err: error, change }, 'search index update failed; rebuilding');
        this.refresh();
      })
      .finally(() => {
        this.#pendingUpdates -= 1;
      });
  }

  /** Builds the index if there is none yet (app start in production). Never rejects; failures are logged. */
  async warm(): Promise<void> {
    if (this.#current) return;
    await (this.#building ?? this.#build()).then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * Resolves when no build and no single-document update is running (after a refresh or an
   * update: when the changed index is in use).
   */
  async whenIdle(): Promise<void> {
    while (this.#building || this.#pendingUpdates > 0) {
      await this.#waitForBuild();
      await this.#updating;
    }
  }

  async #waitForBuild(): Promise<void> {
    while (this.#building) {
      await this.#building.then(
        () => undefined,
        () => undefined,
      );
    }
  }

  /**
   * Rebuilds every `intervalMs` (the fallback when webhooks are lost), or builds when the index
   * does not exist yet. The timer does not keep the process alive.
   * @returns a function that stops the timer
   */
  startPeriodicRefresh(intervalMs = DEFAULT_MAX_AGE_MS): () => void {
    const timer = setInterval(() => {
      if (this.#current) this.refresh();
      else void this.warm();
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  #hit(built: BuiltIndex, result: SearchResult): SearchHit | null {
    const doc = built.documents.get(result.id as string);
    if (!doc) return null;
    const key = `${doc.id}\u0000${result.terms.join('\u0000')}`;
    const known = built.hits.get(key);
    if (known) return known;
    let prepared = built.prepared.get(doc.id);
    if (!prepared) {
      prepared = {
        title: tokenizeText(doc.title),
        summary: tokenizeText(doc.summary),
        body: tokenizeText(doc.body),
      };
      built.prepared.set(doc.id, prepared);
    }
    const matched = new Set(result.terms);
    const hit: SearchHit = {
      id: doc.id,
      type: doc.type,
      path: doc.path,
      date: doc.date,
      title: highlight(prepared.title, matched),
      snippet: snippet([prepared.summary, prepared.body], matched),
    };
    if (built.hits.size >= HITS_MAX) built.hits.clear();
    built.hits.set(key, hit);
    return hit;
  }

  async #ready(): Promise<BuiltIndex> {
    const current = this.#current;
    if (current) {
      if (this.#clock() - current.builtAt > this.#maxAgeMs) this.refresh();
      return current;
    }
    return this.#building ?? this.#build();
  }

  #build(): Promise<BuiltIndex> {
    const building = (async () => {
      try {
        let built: BuiltIndex;
        do {
          this.#dirty = false;
          built = await this.#buildOnce();
          this.#current = built;
          this.#generation += 1;
        } while (this.#dirty);
        return built;
      } catch (error) {
        this.#logger?.warn(
          { err: error, hasIndex: this.#current !== null },
          'search index build failed; searches use the previous index or retry',
        );
        throw error;
      } finally {
        this.#building = null;
      }
    })();
    this.#building = building;
    return building;
  }

  async #buildOnce(): Promise<BuiltIndex> {
    const started = performance.now();
    const documents = new Map<string, SearchDocument>();
    for (const doc of await this.#source()) documents.set(doc.id, doc);
    const words = new Set<string>();
    const mini = createMiniSearch(words);
    // In chunks, so a rebuild of a large site does not hold up requests being served.
    await mini.addAllAsync([...documents.values()], { chunkSize: 50 });
    const buildMs = Math.round(performance.now() - started);
    this.#logger?.info({ documents: documents.size, buildMs }, 'search index built');
    return {
      mini,
      words,
      documents,
      prepared: new Map(),
      hits: new Map(),
      builtAt: this.#clock(),
      buildMs,
    };
  }
}

/** Which backend answers `/zoeken` (env SEARCH_BACKEND; docs/decisions/066-postgres-full-text-search.md). */
export type SearchBackendSetting = 'auto' | 'postgres' | 'minisearch';

/**
 * The site search of one CMS client: the CMS's PostgreSQL full-text search or the in-memory
 * MiniSearch index, chosen once. `auto` asks the CMS (`GET /api/search/backend`) on first use and
 * takes PostgreSQL when the CMS says it serves it; a CMS without that route (404) gets MiniSearch;
 * any other failure fails the search (503 page) and asks again next time. Content changes and
 * periodic rebuilds reach the MiniSearch index only when it is the one in use.
 */
class ChosenSearch implements SiteSearch {
  readonly #strapi: StrapiClient;
  readonly #index: SearchIndex;
  readonly #postgres: PostgresSearch;
  readonly #setting: SearchBackendSetting;
  #choice: Promise<SiteSearch> | null = null;
  #chosen: SiteSearch | null = null;

  constructor(strapi: StrapiClient, index: SearchIndex, setting: SearchBackendSetting) {
    this.#strapi = strapi;
    this.#index = index;
    this.#postgres = new PostgresSearch(strapi);
    this.#setting = setting;
  }

  /** The backend in use, or null before the first search decided it. */
  get backend(): 'postgres' | 'minisearch' | null {
    if (this.#chosen === null) return null;
    return this.#chosen === this.#postgres ? 'postgres' : 'minisearch';
  }

  #choose(): Promise<SiteSearch> {
    if (this.#choice) return this.#choice;
    const decided = (search: SiteSearch): SiteSearch => {
      this.#chosen = search;
      return search;
    };
    if (this.#setting !== 'auto') {
      this.#choice = Promise.resolve(decided(this.#setting === 'postgres' ? this.#postgres : this.#index));
      return this.#choice;
    }
    this.#choice = this.#strapi.request<CmsSearchBackend>('/search/backend', { cache: false }).then(
      (answer) => decided(answer?.backend === 'postgres' ? this.#postgres : this.#index),
      (error: unknown) => {
        if (isStrapiError(error) && error.status === 404) return decided(this.#index);
        this.#choice = null;
        throw error;
      },
    );
    return this.#choice;
  }

  /**
   * Searches, answering by `deadline` (ms since the epoch; the request's one CMS deadline, decision
   * 048) when given: choosing the backend and a first index build go on in the background for the
   * searches after it, but this one fails with `TimeoutError` (504, an outage: the 503 page) once
   * the deadline passes, so a cold instance costs a search no more than any other page.
   * @throws StrapiError as {@link SiteSearch.search}; `TimeoutError` past `deadline`.
   */
  async search(request: SearchRequest, deadline?: number): Promise<SearchResponse> {
    const searched = this.#choose().then((search) => search.search(request));
    if (deadline === undefined) return searched;
    return untilDeadline(searched, deadline);
  }

  refresh(): void {
    this.#index.refresh();
  }

  apply(change: ContentChange): void {
    this.#index.apply(change);
  }

  async warm(): Promise<void> {
    await this.#choose().then(
      (search) => search.warm(),
      () => undefined,
    );
  }

  whenIdle(): Promise<void> {
    return this.#index.whenIdle();
  }

  startPeriodicRefresh(intervalMs = DEFAULT_MAX_AGE_MS): () => void {
    const timer = setInterval(() => {
      if (this.#chosen !== this.#index) return;
      this.#index.refresh();
      void this.#index.warm();
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/**
 * `work`'s outcome, or a `TimeoutError` StrapiError (504) once `deadline` (ms since the epoch)
 * passes first; `work` itself goes on (its outcome is then ignored here).
 */
function untilDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  const timedOut = () =>
    new StrapiError({ status: 504, name: 'TimeoutError', message: 'request deadline passed' });
  if (left <= 0) {
    work.catch(() => undefined);
    return Promise.reject(timedOut());
  }
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), left);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface Registered {
  index: SearchIndex;
  site: ChosenSearch | null;
}

/** The search of each CMS client (its root: the per-request deadline views share it). */
const registry = new WeakMap<StrapiClient, Registered>();

function registered(strapi: StrapiClient, logger?: Logger): Registered {
  const client = strapi.root;
  let entry = registry.get(client);
  if (!entry) {
    entry = {
      index: new SearchIndex({
        source: () => fetchSearchDocuments(client),
        sourceOf: (change) => fetchDocumentUpdate(client, change),
        logger,
      }),
      site: null,
    };
    registry.set(client, entry);
  }
  return entry;
}

/**
 * The in-memory MiniSearch index of a CMS client, created on first use and shared by every view
 * of the client (`withDeadline`): one index per process and CMS (decision 012).
 */
export function searchIndexFor(strapi: StrapiClient, logger?: Logger): SearchIndex {
  return registered(strapi, logger).index;
}

/**
 * The site search of a CMS client (what `/zoeken` uses), created on first use with `backend`
 * (default `auto`); later calls get the same one, whatever they pass.
 */
export function siteSearchFor(
  strapi: StrapiClient,
  logger?: Logger,
  backend: SearchBackendSetting = 'auto',
): ChosenSearch {
  const entry = registered(strapi, logger);
  entry.site ??= new ChosenSearch(strapi.root, entry.index, backend);
  return entry.site;
}
