/**
 * A cache of rendered anonymous pages (guides/performance.md: the same bytes served again cost
 * ~0.19 ms instead of a render; docs/decisions/008-rendered-page-cache.md). Keyed by URL (path and
 * query; the locale is part of the path), in at most `maxBytes` (default 64 MiB). Only complete
 * 200/404 documents without cookies whose `Cache-Control` lets them be shared are stored.
 *
 * - Fresh for `ttlMs` (default 300 000 ms): served as they are. Publishing in the CMS clears the
 *   cache (webhook, every instance), so the lifetime only bounds content that changes with time.
 * - Then stale for `staleMs` more (default 3 600 000 ms), served stale while one request per URL
 *   renders it again (stale-while-revalidate, RFC 5861): {@link PageCache.lookup} tells exactly
 *   one caller to render, until its render is stored or given up ({@link PageCache.release}), or
 *   {@link REFRESH_TIMEOUT_MS} passes.
 * - `clear()` drops everything; a render whose request arrived before a clear is not stored.
 */
import { LRUCache } from 'lru-cache';
import { sharedCacheMayReuse } from '../shared/http/shared-cache-rules.ts';
import { DEFAULT_PAGE_CACHE_STALE_MS, DEFAULT_PAGE_CACHE_TTL_MS } from './defaults.server.ts';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** The page route it shows, for metrics (src/server/render/entry-server.tsx `route`). */
  route?: string;
}

export interface PageCacheOptions {
  /** Fresh lifetime in ms (default 300 000). */
  ttlMs?: number;
  /** How long after that a page may be served stale while it is rendered again, in ms (default 3 600 000). */
  staleMs?: number;
  maxBytes?: number;
}

/** What {@link PageCache.lookup} found. */
export type PageLookup =
  | { state: 'fresh'; page: CachedPage }
  /** Stale, and another request is rendering it again: serve this. */
  | { state: 'stale'; page: CachedPage }
  /** Stale, and this request should render it again (and store it, or release it). */
  | { state: 'revalidate'; page: CachedPage }
  | { state: 'miss' };

/** After this many ms a refresh that neither stored nor released is given up, in ms. */
export const REFRESH_TIMEOUT_MS = 30_000;

interface Entry extends CachedPage {
  storedAt: number;
}

/** Statuses worth keeping: normal pages and not-found pages. */
const CACHEABLE_STATUS = new Set([200, 404]);

export class PageCache {
  readonly #cache: LRUCache<string, Entry>;
  readonly #ttlMs: number;
  readonly #clock: () => number;
  /** URLs being rendered again, with the time the render began. */
  readonly #refreshing = new Map<string, number>();
  /** Bumped by {@link clear}: a render that began before a clear is not stored after it. */
  #generation = 0;

  constructor(options: PageCacheOptions & { clock?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_PAGE_CACHE_TTL_MS;
    this.#clock = options.clock ?? Date.now;
    this.#cache = new LRUCache<string, Entry>({
      ttl: this.#ttlMs + (options.staleMs ?? DEFAULT_PAGE_CACHE_STALE_MS),
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => page.body.length + 256,
      perf: { now: () => this.#clock() },
    });
  }

  /** The page under `key` when it is fresh (stale pages are for {@link lookup}). */
  get(key: string): CachedPage | undefined {
    const entry = this.#cache.get(key);
    return entry && this.#clock() - entry.storedAt <= this.#ttlMs ? entry : undefined;
  }

  /** The page under `key` and what the caller should do with it (see {@link PageLookup}). */
  lookup(key: string): PageLookup {
    const entry = this.#cache.get(key);
    if (!entry) return { state: 'miss' };
    const now = this.#clock();
    if (now - entry.storedAt <= this.#ttlMs) return { state: 'fresh', page: entry };
    const since = this.#refreshing.get(key);
    if (since !== undefined && now - since < REFRESH_TIMEOUT_MS) return { state: 'stale', page: entry };
    this.#refreshing.set(key, now);
    return { state: 'revalidate', page: entry };
  }

  /** The render of `key` that {@link lookup} asked for ended without storing (error, not cacheable). */
  release(key: string): void {
    this.#refreshing.delete(key);
  }

  /** True when a page with this status may be stored. */
  static cacheable(status: number): boolean {
    return CACHEABLE_STATUS.has(status);
  }

  /**
   * True when a page's `Cache-Control` lets a shared cache keep it and serve it again without
   * asking (src/shared/http/shared-cache-rules.ts: not `private` or `no-store`, and fresh for more
   * than 0 s, so not `no-cache` or `max-age=0`). A page without the header is kept (decision 008:
   * only pages whose header says otherwise are not).
   */
  static shareable(cacheControl: string | undefined): boolean {
    return !cacheControl || sharedCacheMayReuse(cacheControl);
  }

  /**
   * Stores a rendered page under `key` (the caller checked {@link cacheable} and {@link shareable}),
   * unless its request arrived before the cache was cleared (it may show content from before the
   * change): pass the {@link generation} read when the request arrived. Ends a revalidation of `key`.
   * `route` is kept with the page for the metrics of the answers it serves.
   */
  store(
    key: string,
    status: number,
    headers: Array<[string, string]>,
    body: Buffer,
    generation = this.#generation,
    route?: string,
  ): void {
    if (generation === this.#generation) {
      this.#cache.set(key, { status, headers, body, route, storedAt: this.#clock() });
    }
    this.#refreshing.delete(key);
  }

  /** Changes with every {@link clear}; read it when a request arrives and give it to {@link store}. */
  get generation(): number {
    return this.#generation;
  }

  clear(): void {
    this.#generation += 1;
    this.#refreshing.clear();
    this.#cache.clear();
  }
}
