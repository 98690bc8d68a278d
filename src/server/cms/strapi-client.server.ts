/**
 * Server-only Strapi REST client (product docs/product.md#cms-calls, docs/product.md#errors).
 *
 * - All HTTP goes through undici `request` with an injectable `dispatcher` (tests use MockAgent).
 * - URL = `url` + prefix (`/api`, none for v3) + path + bracket-style `qs` query.
 * - `Authorization: Bearer` from the per-request user JWT, else the server API token.
 * - One attempt per call (never retried), per-request timeout via `AbortSignal.timeout`
 *   combined with the caller's signal (`AbortSignal.any`).
 * - Every failure is a {@link StrapiError}, emitted as `strapi:error` and logged (no tokens/bodies);
 *   every HTTP exchange, answered or not, is emitted as `strapi:call` (metrics).
 * - A request's view ({@link StrapiClient.withDeadline}) sends the request's id as `x-request-id`.
 * - Anonymous GETs are cached in-process (lru-cache, keyed by full URL) and de-duplicated while
 *   in flight; JWT and non-GET requests never are.
 * - During an outage the last known good answer is served (stale if error, RFC 5861). Queries
 *   filtered on the current minute ({@link currentMinuteIso}: upcoming events, open vacancies)
 *   change URL every minute, so their answers are also kept under the URL with that minute left
 *   out ({@link timelessKey}): an outage that lasts past the minute still finds them.
 * - A preview's view ({@link StrapiClient.withDraft}) reads one document's draft: only the reads
 *   of that document ask for `status=draft` with the signed `x-portal-preview` header, and they
 *   are never cached nor served from the cache (docs/decisions/101-signed-preview-links.md).
 */
import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import qs from 'qs';
import { type Dispatcher, request as undiciRequest } from 'undici';
import type { StrapiList } from '../../shared/cms-types.ts';
import { DEFAULT_CMS_TIMEOUT_MS } from '../defaults.server.ts';
import { currentMinuteIso } from './clock.server.ts';
import { normalizeResponse, type StrapiApiVersion, trimMediaFormats } from './normalize.server.ts';
import { errorFromResponse, errorFromTransport, isOutage, StrapiError } from './strapi-error.server.ts';

export type { StrapiApiVersion } from './normalize.server.ts';
export { isOutage, isStrapiError, StrapiError } from './strapi-error.server.ts';

/** HTTP methods the client sends. */
export type StrapiHttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Constructor options of {@link StrapiClient} (docs/product.md#cms-calls). */
export interface StrapiClientOptions {
  /** Strapi origin (and optional base path), e.g. `http://localhost:1337`; trailing `/` ignored. */
  url: string;
  /** REST API generation; default `v5`. Selects the default prefix and the response normaliser. */
  apiVersion?: 'v3' | 'v4' | 'v5';
  /** Path prefix; default `/api` (v4/v5) and `''` (v3). */
  prefix?: string;
  /** Server API token sent as `Authorization: Bearer <token>` unless a request carries a user JWT. */
  token?: string;
  /** Per-request timeout in ms (default 5000), covering connect, headers and body. */
  timeoutMs?: number;
  /** undici dispatcher (Agent, MockAgent, …); default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
  /** pino logger; nothing is logged when omitted. */
  logger?: Logger;
  /** Anonymous GET cache: `max` entries (default 500), `ttlMs` in ms (default 10000); `false` disables. */
  cache?: false | { max?: number; ttlMs?: number };
}

/**
 * Hears the anonymous GETs of a request's client view: `path` after the API prefix, `body` the raw
 * JSON answer (cached or not), or undefined when the read failed.
 */
export interface ReadRecorder {
  recordRead(path: string, body: unknown): void;
}

/**
 * What a preview may read (docs/decisions/101-signed-preview-links.md): the draft of one document
 * of one collection, with the signed fields the CMS checks.
 */
export interface DraftGrant {
  /** REST collection, e.g. `articles`. */
  collection: string;
  documentId: string;
  /** Value of the `x-portal-preview` header: the preview link's signed query (`uid=…&signature=…`). */
  header: string;
}

/** The request header that carries a {@link DraftGrant}'s signed fields to the CMS. */
export const DRAFT_GRANT_HEADER = 'x-portal-preview';

/**
 * Whether a GET of `apiPath` with `query` reads the granted document: `/{collection}/{documentId}`,
 * or `/{collection}` filtered on nothing but that documentId (`$eq`, or `$in` with it alone) or on
 * a slug (`$eq`; the CMS answers a preview only with the granted document, so another slug finds
 * nothing). Lists (`documentId: { $ne }`, dates, topics) stay published.
 */
export function readsGrantedDocument(grant: DraftGrant, apiPath: string, query: unknown): boolean {
  if (apiPath === `/${grant.collection}/${encodeURIComponent(grant.documentId)}`) return true;
  if (apiPath !== `/${grant.collection}`) return false;
  const filters = (query as { filters?: unknown } | undefined)?.filters;
  if (filters === null || typeof filters !== 'object') return false;
  const keys = Object.keys(filters);
  if (keys.length !== 1) return false;
  const condition = (filters as Record<string, Record<string, unknown> | undefined>)[keys[0] as string];
  if (condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1)
    return false;
  if (keys[0] === 'slug') return typeof condition.$eq === 'string';
  if (keys[0] !== 'documentId') return false;
  if (condition.$eq !== undefined) return condition.$eq === grant.documentId;
  const ids = condition.$in;
  return Array.isArray(ids) && ids.length === 1 && ids[0] === grant.documentId;
}

/** Per-request options (docs/product.md#cms-calls). */
export interface RequestOptions {
  /** Default `GET`. */
  method?: StrapiHttpMethod;
  /** Serialised bracket-style: `qs.stringify(query, { encodeValuesOnly: true })`. */
  query?: Record<string, unknown>;
  /** JSON-serialised request body (sent with `content-type: application/json`). */
  body?: unknown;
  /** User JWT; takes precedence over the server token and disables caching. */
  jwt?: string | null;
  /** Caller abort signal (combined with the timeout). */
  signal?: AbortSignal;
  /**
   * Use the anonymous GET cache; default `true`. `'no-cache'` always asks the CMS (as HTTP's
   * `no-cache`) but keeps the answer as the last known good one for outages. Ignored (no caching)
   * for JWT and non-GET requests.
   */
  cache?: boolean | 'no-cache';
  /** Extra request headers (e.g. `x-forwarded-for` of auth calls); a request with them is never cached. */
  headers?: Record<string, string>;
  /**
   * The time (ms since the epoch) by which the caller's whole request must be answered: the call
   * waits at most until then (and never longer than `timeoutMs`); past it, it fails at once with
   * `TimeoutError`. Default: the client's own deadline ({@link StrapiClient.withDeadline}).
   */
  deadline?: number;
  /**
   * This call's timeout in ms, instead of the client's `timeoutMs`: a form's write waits longer than
   * a read (docs/decisions/094-a-write-has-its-own-deadline.md). Pass a `deadline` as well, or the
   * view's deadline still cuts it short. An anonymous GET that other callers share keeps the
   * client's timeout.
   */
  timeoutMs?: number;
}

/** Options of the typed read helpers (`find`, `findOne`, …). */
export type ReadOptions = Omit<RequestOptions, 'method' | 'query' | 'body'>;

/** Options of `create`. */
export type WriteOptions = Omit<RequestOptions, 'method' | 'query' | 'body' | 'cache'> & {
  query?: Record<string, unknown>;
};

/** Payload of the `strapi:error` event: the error, the HTTP method and the API path (no query). */
export interface StrapiErrorEvent {
  error: StrapiError;
  method: StrapiHttpMethod;
  path: string;
}

/**
 * How one HTTP exchange with the CMS ended: by the answer's status class, or how it failed
 * without an answer. A 2xx answer that is not JSON counts as `server_error`.
 */
export type StrapiCallOutcome =
  | 'success'
  | 'client_error'
  | 'server_error'
  | 'timeout'
  | 'network_error'
  | 'aborted';

/**
 * Payload of the `strapi:call` event: one HTTP exchange with the CMS (answered from the cache
 * means no exchange, no event), for metrics (src/server/metrics/portal-metrics.server.ts).
 */
export interface StrapiCallEvent {
  method: StrapiHttpMethod;
  /** API path after the prefix, without query. */
  path: string;
  /** HTTP status of the answer; 0 when there was none. */
  status: number;
  outcome: StrapiCallOutcome;
  /** From sending to the whole body read (or the failure), in seconds. */
  seconds: number;
}

/** Events emitted by {@link StrapiClient}. */
export type StrapiClientEvents = {
  'strapi:error': [StrapiErrorEvent];
  'strapi:call': [StrapiCallEvent];
};

/** The outcome of an exchange that ended with an HTTP answer of `status`. */
function outcomeOfStatus(status: number): StrapiCallOutcome {
  if (status >= 200 && status < 300) return 'success';
  return status >= 400 && status < 500 ? 'client_error' : 'server_error';
}

/**
 * The outage key of a request URL built at `now` (ms since the epoch): the URL with the current
 * minute as {@link currentMinuteIso} writes it (`2026-11-27T12:03:00.000Z`, percent-encoded as qs
 * encodes values) replaced by `{now}`, which no built URL contains; the URL itself when it holds no
 * such minute. Only the outage fallback reads it, so an answer from an earlier minute is served
 * only when the CMS cannot answer at all.
 */
export function timelessKey(url: string, now = Date.now()): string {
  const minute = encodeURIComponent(currentMinuteIso(now));
  return url.includes(minute) ? url.replaceAll(minute, '{now}') : url;
}

/** Default per-request timeout (ms), docs/product.md#cms-calls. */
/** Query strings by the JSON of their query: the same few queries serve every page (decision 068). */
const queryStrings = new Map<string, string>();
const QUERY_STRINGS_MAX = 1000;

/** Nesting deeper than this is not remembered (and a cyclic query is left to qs). */
const MEMO_MAX_DEPTH = 32;

/**
 * Whether `value`'s JSON names it unambiguously for the memo: no value whose JSON could equal
 * another's with a different query string (`NaN`, `Infinity`, bigints, functions, symbols,
 * `undefined` in an array). A walk in JavaScript: `JSON.stringify` with a replacer function
 * calls back into JavaScript for every value, several times slower.
 */
function memoizable(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value);
    case 'bigint':
    case 'function':
    case 'symbol':
      return false;
    case 'object': {
      if (value === null) return true;
      if (depth > MEMO_MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (const item of value) if (item === undefined || !memoizable(item, depth + 1)) return false;
        return true;
      }
      for (const key in value) {
        if (Object.hasOwn(value, key) && !memoizable((value as Record<string, unknown>)[key], depth + 1))
          return false;
      }
      return true;
    }
    default:
      return true;
  }
}

/**
 * `qs.stringify(query, { encodeValuesOnly: true })`, remembered by the query's JSON (several
 * times faster than qs for the nested queries of every page). Queries whose JSON could equal
 * another's with a different query string (see {@link memoizable}) are stringified by qs every
 * time; a date's JSON is its ISO string, as in qs.
 */
export function queryString(query: object): string {
  let key: string | undefined;
  if (memoizable(query)) {
    try {
      key = JSON.stringify(query);
    } catch {
      key = undefined;
    }
  }
  const known = key === undefined ? undefined : queryStrings.get(key);
  if (known !== undefined) return known;
  const search = qs.stringify(query, { encodeValuesOnly: true });
  if (key !== undefined) {
    if (queryStrings.size >= QUERY_STRINGS_MAX) queryStrings.clear();
    queryStrings.set(key, search);
  }
  return search;
}

/** Default cache size (entries), docs/product.md#cms-calls. */
const DEFAULT_CACHE_MAX = 500;
/** Default cache TTL (ms), docs/product.md#cms-calls. */
const DEFAULT_CACHE_TTL_MS = 10_000;

interface CacheEntry {
  value: unknown;
  /** The cache generation it was stored in; older generations only serve during outages. */
  generation: number;
}

interface SendInput {
  method: StrapiHttpMethod;
  path: string;
  url: string;
  token: string | undefined;
  body: unknown;
  signal: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /** This exchange's timeout in ms (the client's, or less to meet a deadline). */
  timeoutMs: number;
}

function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Strapi REST client (docs/product.md#cms-calls, docs/product.md#errors). Emits `strapi:error` ({@link StrapiErrorEvent}) for
 * every failed call. Values returned from the cache are shared between callers: treat them as
 * read-only.
 */
export class StrapiClient extends EventEmitter<StrapiClientEvents> {
  /** The configured API version (default `v5`). */
  readonly apiVersion: StrapiApiVersion;
  /** `url` + prefix, without trailing slash, e.g. `http://localhost:1337/api`. */
  readonly baseUrl: string;
  /** Per-request timeout in ms. */
  readonly timeoutMs: number;

  readonly #url: string;
  readonly #prefix: string | undefined;
  readonly #token: string | undefined;
  readonly #dispatcher: Dispatcher | undefined;
  readonly #logger: Logger | undefined;
  #cache: LRUCache<string, CacheEntry> | undefined;
  #inFlight = new Map<string, Promise<unknown>>();
  /** Shared with every {@link StrapiClient.withDeadline} view, so invalidation reaches them all. */
  #state = { generation: 0 };
  /** The client whose listeners hear this view's errors (itself unless a deadline view). */
  #root: StrapiClient = this;
  #deadline: number | undefined;
  /** Where this request's view records its anonymous reads (surrogate keys), if anywhere. */
  #reads: ReadRecorder | undefined;
  /** The id of the request this view serves, sent as `x-request-id` (docs/decisions/092-request-ids.md). */
  #requestId: string | undefined;
  /** `#logger` with the request id, made when this view first logs. */
  #requestLogger: Logger | undefined;
  /** The draft this view may read: a preview's ({@link StrapiClient.withDraft}). */
  #draft: DraftGrant | undefined;

  /**
   * @param options see {@link StrapiClientOptions}.
   * @throws TypeError when `url` is not an absolute http(s) URL or a numeric option is invalid.
   */
  constructor(options: StrapiClientOptions) {
    super();
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new TypeError(`StrapiClient: invalid url ${JSON.stringify(options.url)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError('StrapiClient: url must be http(s)');
    }
    this.#url = options.url;
    this.#prefix = options.prefix;
    this.apiVersion = options.apiVersion ?? 'v5';
    const prefix = normalizePrefix(options.prefix ?? (this.apiVersion === 'v3' ? '' : '/api'));
    this.baseUrl = `${options.url.replace(/\/+$/, '')}${prefix}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CMS_TIMEOUT_MS;
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new TypeError('StrapiClient: timeoutMs must be a positive number of milliseconds');
    }
    this.#token = options.token === '' ? undefined : options.token;
    this.#dispatcher = options.dispatcher;
    this.#logger = options.logger;
    if (options.cache === false) {
      this.#cache = undefined;
    } else {
      const max = options.cache?.max ?? DEFAULT_CACHE_MAX;
      const ttl = options.cache?.ttlMs ?? DEFAULT_CACHE_TTL_MS;
      if (!Number.isInteger(max) || max < 1 || !Number.isFinite(ttl) || ttl <= 0) {
        throw new TypeError(
          'StrapiClient: cache.max must be a positive integer and cache.ttlMs a positive number (ms)',
        );
      }
      // Expired entries stay (until the LRU evicts them) as the last known good answer for outages.
      this.#cache = new LRUCache<string, CacheEntry>({ max, ttl, noDeleteOnStaleGet: true });
    }
  }

  /**
   * How many answers the cache holds, fresh or expired (expired ones stay as the last known good
   * answers for outages until the LRU evicts them); 0 without a cache. Shared by every view
   * (`withRequest`). Readiness reads it: a replica holding answers can serve during an outage
   * (docs/decisions/107-readiness-can-serve.md).
   */
  get lastKnownAnswers(): number {
    return this.#cache?.size ?? 0;
  }

  /**
   * Builds the full request URL: base URL + prefix + `path` + bracket-style query
   * (`qs.stringify(query, { encodeValuesOnly: true })`), docs/product.md#cms-calls.
   */
  buildUrl(path: string, query?: object): string {
    const cleanPath = path.startsWith('/') ? path : `/${path}`;
    const search = query === undefined ? '' : queryString(query);
    if (search === '') return `${this.baseUrl}${cleanPath}`;
    return `${this.baseUrl}${cleanPath}${cleanPath.includes('?') ? '&' : '?'}${search}`;
  }

  /**
   * Sends one request and returns the raw parsed JSON (not normalised); an empty body (204/202) → `null`.
   * Anonymous GETs are served from / stored in the cache and share in-flight promises.
   *
   * @param path API path after the prefix, e.g. `/articles`.
   * @throws StrapiError for non-2xx answers (Strapi's status/name/message/details), unreadable
   *   bodies (`UnknownError` 500), network failures (`NetworkError` 503), timeouts
   *   (`TimeoutError` 504) and caller aborts (`AbortError` 499). Never retried.
   */
  async request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const draft = this.#draft;
    if (
      draft !== undefined &&
      (options.method ?? 'GET') === 'GET' &&
      readsGrantedDocument(draft, path.startsWith('/') ? path : `/${path}`, options.query)
    ) {
      // With a header the read is neither cached, nor shared, nor recorded as a page's document.
      return this.#request<T>(path, {
        ...options,
        query: { ...options.query, status: 'draft' },
        headers: { ...options.headers, [DRAFT_GRANT_HEADER]: draft.header },
        cache: false,
      });
    }
    const reads = this.#reads;
    const anonymousRead =
      (options.method ?? 'GET') === 'GET' &&
      (typeof options.jwt !== 'string' || options.jwt === '') &&
      options.headers === undefined;
    if (reads === undefined || !anonymousRead) return this.#request<T>(path, options);
    const apiPath = path.startsWith('/') ? path : `/${path}`;
    try {
      const body = await this.#request<T>(path, options);
      reads.recordRead(apiPath, body);
      return body;
    } catch (error) {
      reads.recordRead(apiPath, undefined);
      throw error;
    }
  }

  /** {@link StrapiClient.request} without recording the read. */
  async #request<T>(path: string, options: RequestOptions): Promise<T> {
    const method = options.method ?? 'GET';
    const url = this.buildUrl(path, options.query);
    const jwt = typeof options.jwt === 'string' && options.jwt !== '' ? options.jwt : undefined;
    const token = jwt ?? this.#token;
    const apiPath = path.startsWith('/') ? path : `/${path}`;
    const cache = this.#cache;

    if (options.signal?.aborted) {
      throw this.#report(errorFromTransport(options.signal.reason, 'abort', this.timeoutMs), method, apiPath);
    }
    const deadline = options.deadline ?? this.#deadline;
    const callTimeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timeoutMs = deadline === undefined ? callTimeoutMs : Math.min(callTimeoutMs, deadline - Date.now());
    if (timeoutMs <= 0) {
      throw this.#report(
        errorFromTransport(new Error('request deadline passed'), 'timeout', this.timeoutMs),
        method,
        apiPath,
      );
    }

    const cacheable =
      method === 'GET' &&
      jwt === undefined &&
      cache !== undefined &&
      options.cache !== false &&
      options.headers === undefined;
    if (!cacheable) {
      return (await this.#send({
        method,
        path: apiPath,
        url,
        token,
        body: options.body,
        signal: options.signal,
        headers: options.headers,
        timeoutMs,
      })) as T;
    }

    const hit = options.cache === 'no-cache' ? undefined : cache.get(url);
    if (hit !== undefined && hit.generation === this.#state.generation) return hit.value as T;

    const outageKey = timelessKey(url);
    /** The last known good answer for this URL, fresh or stale (RFC 5861's stale-if-error). */
    const lastKnown = () =>
      cache.get(url, { allowStale: true }) ??
      (outageKey !== url ? cache.get(outageKey, { allowStale: true }) : undefined);
    let shared = this.#inFlight.get(url);
    if (shared === undefined) {
      const generation = this.#state.generation;
      // A shared call gets the client's full timeout; each caller waits no longer than its deadline.
      const started = this.#send({
        method,
        path: apiPath,
        url,
        token,
        body: undefined,
        signal: undefined,
        timeoutMs: this.timeoutMs,
      });
      shared = started.then(
        (value) => {
          if (generation === this.#state.generation) {
            cache.set(url, { value, generation });
            if (outageKey !== url) cache.set(outageKey, { value, generation });
          }
          return value;
        },
        (error: unknown) => {
          // Stale if error (RFC 5861): during an outage the last known good answer beats an error page.
          // A 401 to the portal's own API token counts too: Strapi answers it while it cannot look
          // the token up, as during a restart of its database (the container test's PostgreSQL
          // restart: 131 of 3,465 pages failed so); a revoked token still shows in the error log
          // (decision 048, addendum 2). Not in isOutage: to a visitor's JWT a 401 is an answer.
          const stale =
            error instanceof StrapiError && (isOutage(error) || error.status === 401)
              ? lastKnown()
              : undefined;
          if (stale === undefined) throw error;
          this.#log()?.warn(
            { path: apiPath, strapi: { status: (error as StrapiError).status } },
            'CMS outage: serving the last known answer',
          );
          return stale.value;
        },
      );
      const cleanup = (): void => {
        if (this.#inFlight.get(url) === shared) this.#inFlight.delete(url);
      };
      shared.then(cleanup, cleanup);
      this.#inFlight.set(url, shared);
    }
    const waitMs = timeoutMs < this.timeoutMs ? timeoutMs : undefined;
    return (await this.#withCallerSignal(shared, options.signal, method, apiPath, waitMs, lastKnown)) as T;
  }

  /**
   * Lists a collection: `GET /{collection}` with `query`, normalised (v3/v4/v5 → v5 flat shape).
   * @returns `{ data: T[], meta: { pagination? } }`.
   * @throws StrapiError (see {@link StrapiClient.request}).
   */
  async find<T>(collection: string, query?: object, options: ReadOptions = {}): Promise<StrapiList<T>> {
    const body = await this.request<unknown>(`/${collection}`, this.#readOptions(options, query));
    const normalized = normalizeResponse<T>(body, this.apiVersion);
    const { data } = normalized;
    return { data: data === null ? [] : Array.isArray(data) ? data : [data], meta: normalized.meta };
  }

  /**
   * Reads one entry: `GET /{collection}/{documentId}`, normalised; returns `.data`.
   * @throws StrapiError 404 `NotFoundError` when Strapi answers 404 or `data` is null; others as request().
   */
  async findOne<T>(
    collection: string,
    documentId: string,
    query?: object,
    options: ReadOptions = {},
  ): Promise<T> {
    const path = `/${collection}/${encodeURIComponent(documentId)}`;
    const body = await this.request<unknown>(path, this.#readOptions(options, query));
    const { data } = normalizeResponse<T>(body, this.apiVersion);
    if (data === null || Array.isArray(data)) {
      throw this.#report(
        new StrapiError({
          status: 404,
          name: 'NotFoundError',
          message: 'Not Found',
          details: { collection, documentId },
        }),
        'GET',
        path,
      );
    }
    return data;
  }

  /**
   * Returns the first entry matching `query` (pagination page 1, pageSize 1; `_limit=1` on v3), or `null`.
   * @throws StrapiError (see {@link StrapiClient.request}).
   */
  async findFirst<T>(collection: string, query: object, options: ReadOptions = {}): Promise<T | null> {
    const limited =
      this.apiVersion === 'v3' ? { ...query, _limit: 1 } : { ...query, pagination: { page: 1, pageSize: 1 } };
    const list = await this.find<T>(collection, limited, options);
    return list.data[0] ?? null;
  }

  /**
   * Reads a single type: `GET /{singleType}`, normalised; returns `.data`.
   * @throws StrapiError 404 `NotFoundError` when Strapi answers 404 or `data` is null; others as request().
   */
  async findSingle<T>(singleType: string, query?: object, options: ReadOptions = {}): Promise<T> {
    const path = `/${singleType}`;
    const body = await this.request<unknown>(path, this.#readOptions(options, query));
    const { data } = normalizeResponse<T>(body, this.apiVersion);
    if (data === null || Array.isArray(data)) {
      throw this.#report(
        new StrapiError({
          status: 404,
          name: 'NotFoundError',
          message: 'Not Found',
          details: { singleType },
        }),
        'GET',
        path,
      );
    }
    return data;
  }

  /**
   * Creates an entry: `POST /{collection}` with body `{ data }` (v3: the bare `data`), never cached.
   * @returns the normalised created entry, or `null` for an empty answer (e.g. 202 from `/statistics`).
   * @throws StrapiError (see {@link StrapiClient.request}).
   */
  async create<T>(collection: string, data: unknown, options: WriteOptions = {}): Promise<T | null> {
    const requestOptions: RequestOptions = {
      method: 'POST',
      body: this.apiVersion === 'v3' ? data : { data },
    };
    if (options.query !== undefined) requestOptions.query = options.query;
    if (options.jwt !== undefined) requestOptions.jwt = options.jwt;
    if (options.signal !== undefined) requestOptions.signal = options.signal;
    const body = await this.request<unknown>(`/${collection}`, requestOptions);
    if (body === null) return null;
    const normalized = normalizeResponse<T>(body, this.apiVersion).data;
    if (Array.isArray(normalized)) return normalized[0] ?? null;
    return normalized;
  }

  /**
   * Invalidates the anonymous GET cache and detaches in-flight requests from it (e.g. on CMS
   * webhooks): no cached answer is served again while the CMS answers, but each stays as the last
   * known good answer for an outage.
   */
  clearCache(): void {
    this.#state.generation += 1;
    this.#inFlight.clear();
  }

  /**
   * Moves this view's deadline to `deadline` (ms since the epoch) when that is later: after a form's
   * write, which has its own longer deadline, the reads of the page that shows its outcome get a
   * budget of their own (docs/decisions/094-a-write-has-its-own-deadline.md). Only for a request's
   * view ({@link StrapiClient.withDeadline}); a client without a deadline keeps none.
   */
  extendDeadline(deadline: number): void {
    if (this.#deadline !== undefined && deadline > this.#deadline) this.#deadline = deadline;
  }

  #readOptions(options: ReadOptions, query: object | undefined): RequestOptions {
    const out: RequestOptions = { ...options, method: 'GET' };
    if (query !== undefined) out.query = query as Record<string, unknown>;
    return out;
  }

  /** Performs exactly one HTTP exchange; reports and throws StrapiError on failure. */
  async #send(input: SendInput): Promise<unknown> {
    const { method, path, url, token, body, signal } = input;
    const headers: Record<string, string> = { ...input.headers, accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (this.#requestId !== undefined) headers['x-request-id'] = this.#requestId;
    let payload: string | undefined;
    if (body !== undefined && method !== 'GET') {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }

    const timeoutSignal = AbortSignal.timeout(input.timeoutMs);
    const combined = signal === undefined ? timeoutSignal : AbortSignal.any([timeoutSignal, signal]);
    const requestOptions: NonNullable<Parameters<typeof undiciRequest>[1]> = {
      method,
      headers,
      signal: combined,
    };
    if (payload !== undefined) requestOptions.body = payload;
    if (this.#dispatcher !== undefined) requestOptions.dispatcher = this.#dispatcher;

    const startedAt = performance.now();
    let statusCode: number;
    let text: string;
    try {
      const response = await undiciRequest(url, requestOptions);
      statusCode = response.statusCode;
      text = await response.body.text();
    } catch (cause) {
      const reason = timeoutSignal.aborted ? 'timeout' : signal?.aborted ? 'abort' : 'network';
      this.#called(
        method,
        path,
        0,
        reason === 'timeout' ? 'timeout' : reason === 'abort' ? 'aborted' : 'network_error',
        startedAt,
      );
      throw this.#report(errorFromTransport(cause, reason, input.timeoutMs), method, path, startedAt);
    }

    const parsed = text.trim() === '' ? undefined : parseJson(text);
    this.#called(
      method,
      path,
      statusCode,
      parsed?.ok === false && statusCode < 300 ? 'server_error' : outcomeOfStatus(statusCode),
      startedAt,
    );
    if (statusCode >= 200 && statusCode < 300) {
      if (parsed === undefined) return null;
      // Read answers lose the upload formats' fields no reader uses (decision 068).
      if (parsed.ok) return method === 'GET' ? trimMediaFormats(parsed.value) : parsed.value;
      throw this.#report(
        new StrapiError({
          status: 500,
          name: 'UnknownError',
          message: `Strapi answered ${statusCode} with a body that is not JSON`,
          details: { httpStatus: statusCode },
        }),
        method,
        path,
        startedAt,
      );
    }
    const errorBody = parsed?.ok ? parsed.value : undefined;
    throw this.#report(errorFromResponse(statusCode, errorBody), method, path, startedAt);
  }

  /** Lets one caller stop waiting for a shared in-flight promise without cancelling it for others. */
  #withCallerSignal(
    shared: Promise<unknown>,
    signal: AbortSignal | undefined,
    method: StrapiHttpMethod,
    path: string,
    waitMs?: number,
    lastKnown?: () => { value: unknown } | undefined,
  ): Promise<unknown> {
    if (signal === undefined && waitMs === undefined) return shared;
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        cleanup();
        reject(this.#report(errorFromTransport(signal?.reason, 'abort', this.timeoutMs), method, path));
      };
      const timer =
        waitMs === undefined
          ? undefined
          : setTimeout(() => {
              cleanup();
              // The shared call outlives this request's deadline (a CMS that hangs, e.g. while its
              // database restarts): the last known answer beats an error page, as for an outage.
              const stale = lastKnown?.();
              if (stale !== undefined) {
                this.#log()?.warn(
                  { path, strapi: { deadlineMs: waitMs } },
                  'CMS slower than the request deadline: serving the last known answer',
                );
                resolve(stale.value);
                return;
              }
              reject(
                this.#report(
                  errorFromTransport(new Error('request deadline passed'), 'timeout', waitMs),
                  method,
                  path,
                ),
              );
            }, waitMs);
      const cleanup = (): void => {
        signal?.removeEventListener('abort', onAbort);
        if (timer !== undefined) clearTimeout(timer);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.then(
        (value) => {
          cleanup();
          resolve(value);
        },
        (error: unknown) => {
          cleanup();
          reject(error);
        },
      );
    });
  }

  /** The time (ms since the epoch) by which this view's calls must be answered, if it has one. */
  get deadline(): number | undefined {
    return this.#deadline;
  }

  /** The client this one is a view of (itself unless made by {@link StrapiClient.withDeadline}). */
  get root(): StrapiClient {
    return this.#root;
  }

  /**
   * A view of this client for one incoming request: the same cache, in-flight calls and event
   * listeners, but every call must be answered by `deadline` (ms since the epoch), so the CMS calls
   * of one request share one timeout budget instead of each spending a whole one. `reads`, when
   * given, hears every anonymous GET of the view, answered or failed (the page's surrogate keys,
   * src/server/http/surrogate-keys.server.ts). `requestId`, when given, goes with every exchange
   * the view makes as `x-request-id` and into its log lines (docs/decisions/092-request-ids.md);
   * an anonymous GET that other requests join carries the id of the request that sent it.
   */
  withDeadline(deadline: number, reads?: ReadRecorder, requestId?: string): StrapiClient {
    const view = new StrapiClient({
      url: this.#url,
      token: this.#token,
      apiVersion: this.apiVersion,
      prefix: this.#prefix,
      timeoutMs: this.timeoutMs,
      logger: this.#logger,
      dispatcher: this.#dispatcher,
      cache: false,
    });
    view.#cache = this.#cache;
    view.#inFlight = this.#inFlight;
    view.#state = this.#state;
    view.#root = this.#root;
    view.#deadline = deadline;
    view.#reads = reads;
    view.#requestId = requestId;
    return view;
  }

  /**
   * A view of this view (same deadline, reads, request id, cache) that reads `grant`'s document as
   * its draft: those reads send `status=draft` and the grant's header, never cached; every other
   * read stays as it was (docs/decisions/101-signed-preview-links.md).
   */
  withDraft(grant: DraftGrant): StrapiClient {
    const view = this.withDeadline(this.#deadline ?? Number.POSITIVE_INFINITY, this.#reads, this.#requestId);
    view.#deadline = this.#deadline;
    view.#draft = grant;
    return view;
  }

  /** The draft this view reads in place of the published version, if it is a preview's. */
  get draft(): DraftGrant | undefined {
    return this.#draft;
  }

  /** The logger of this view: with the request id when it serves a request. */
  #log(): Logger | undefined {
    if (this.#requestId === undefined || this.#logger === undefined) return this.#logger;
    this.#requestLogger ??= this.#logger.child({ requestId: this.#requestId });
    return this.#requestLogger;
  }

  /** Emits `strapi:call` for one exchange that began at `startedAt` (`performance.now()`). */
  #called(
    method: StrapiHttpMethod,
    path: string,
    status: number,
    outcome: StrapiCallOutcome,
    startedAt: number,
  ): void {
    const root = this.#root;
    if (root.listenerCount('strapi:call') === 0) return;
    const seconds = (performance.now() - startedAt) / 1000;
    try {
      root.emit('strapi:call', { method, path, status, outcome, seconds });
    } catch (listenerError) {
      this.#log()?.error({ listenerError: String(listenerError) }, 'strapi:call listener threw');
    }
  }

  /**
   * Emits `strapi:error` and logs (warn for 4xx, error for 5xx/network/timeout, debug for caller
   * aborts). Only status, name, message, method and path are logged — never tokens, bodies or details.
   */
  #report(error: StrapiError, method: StrapiHttpMethod, path: string, startedAt?: number): StrapiError {
    const logger = this.#log();
    if (logger !== undefined) {
      const fields: Record<string, unknown> = {
        strapi: { status: error.status, name: error.name, message: error.message },
        method,
        path,
      };
      if (startedAt !== undefined) fields.durationMs = Math.round(performance.now() - startedAt);
      const message = `Strapi ${method} ${path} failed: ${error.status} ${error.name}`;
      if (error.name === 'AbortError') logger.debug(fields, message);
      else if (error.status >= 400 && error.status < 500) logger.warn(fields, message);
      else logger.error(fields, message);
    }
    try {
      this.#root.emit('strapi:error', { error, method, path });
    } catch (listenerError) {
      // A faulty listener must not replace the Strapi error the caller is about to receive.
      logger?.error({ listenerError: String(listenerError) }, 'strapi:error listener threw');
    }
    return error;
  }
}
