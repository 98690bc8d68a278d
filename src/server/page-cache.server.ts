/**
 * A short-lived cache of rendered anonymous pages (guides/performance.md: the same bytes served
 * again cost ~0.19 ms instead of a render). Keyed by URL (path and query; the locale is part of
 * the path). Only complete 200/404 documents without cookies are stored, for `ttlMs` (default
 * 10 000 ms, the CMS client's cache lifetime), in at most `maxBytes` (default 64 MiB).
 * `clear()` drops everything (CMS webhook on publish).
 */
import { PassThrough, type Writable } from 'node:stream';
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface PageCacheOptions {
  ttlMs?: number;
  maxBytes?: number;
}

/** Statuses worth keeping: normal pages and not-found pages. */
const CACHEABLE_STATUS = new Set([200, 404]);

export class PageCache {
  readonly #cache: LRUCache<string, CachedPage>;
  /** Bumped by {@link clear}: a render that began before a clear is not stored after it. */
  #generation = 0;

  constructor(options: PageCacheOptions = {}) {
    this.#cache = new LRUCache<string, CachedPage>({
      ttl: options.ttlMs ?? 10_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => page.body.length + 256,
    });
  }

  get(key: string): CachedPage | undefined {
    return this.#cache.get(key);
  }

  /** True when a page with this status may be stored. */
  static cacheable(status: number): boolean {
    return CACHEABLE_STATUS.has(status);
  }

  /**
   * Returns a stream to render into: it forwards everything to `destination` and, when it ends,
   * stores the bytes under `key`. A render that is aborted (client gone, timeout) is not stored, nor
   * one whose request arrived before the cache was cleared (it may show content from before the
   * change): pass the {@link generation} read when the request arrived.
   */
  tee(
    key: string,
    destination: Writable,
    status: number,
    headers: Array<[string, string]>,
    generation = this.#generation,
  ): Writable {
    const chunks: Buffer[] = [];
    const tee = new PassThrough();
    let aborted = false;
    tee.on('data', (chunk: Buffer) => chunks.push(chunk));
    tee.on('end', () => {
      if (!aborted && generation === this.#generation) {
        this.#cache.set(key, { status, headers, body: Buffer.concat(chunks) });
      }
    });
    destination.on('close', () => {
      if (!destination.writableFinished) aborted = true;
    });
    tee.pipe(destination);
    return tee;
  }

  /** Changes with every {@link clear}; read it when a request arrives and give it to {@link tee}. */
  get generation(): number {
    return this.#generation;
  }

  clear(): void {
    this.#generation += 1;
    this.#cache.clear();
  }
}
