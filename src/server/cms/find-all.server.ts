/**
 * Reading a whole (filtered) collection from the CMS in as few calls as Strapi allows: Strapi caps
 * a page at `maxLimit` entries (100, cms/config/api.js), so the first page tells how many pages
 * there are and the rest are fetched in parallel. Anonymous GETs are cached 10 s by the CMS client
 * and concurrent identical requests share one call (decision 008), unless `cache: false`.
 * The one paged reader of the portal: pages, feeds and the search index use it.
 */
import type { StrapiClient } from './strapi-client.server.ts';

/** Largest page size the CMS answers (`api.rest.maxLimit` in cms/config/api.js). */
export const CMS_MAX_PAGE_SIZE = 100;

export interface FindAllOptions {
  /** Use the CMS client's cache (default true; the search index reads fresh data). */
  cache?: boolean;
  /**
   * Read only CMS pages `firstPage` … `firstPage + pageCount - 1` (1-based, 100 entries each), as a
   * sitemap part does; default every page.
   */
  range?: { firstPage: number; pageCount: number };
}

/**
 * Every entry matching `query` (its `fields`, `filters`, `populate`, `sort`, `locale`; any
 * `pagination` is replaced), in the CMS's order.
 * Cost: ceil(entries read / 100) CMS calls, at least one.
 * @throws StrapiError when a call fails (mapped to 404/503 by the loader wrapper).
 */
export async function findAll<T>(
  strapi: StrapiClient,
  collection: string,
  query: object,
  options: FindAllOptions = {},
): Promise<T[]> {
  const firstPage = options.range?.firstPage ?? 1;
  const read = (page: number) =>
    strapi.find<T>(
      collection,
      { ...query, pagination: { page, pageSize: CMS_MAX_PAGE_SIZE } },
      { cache: options.cache ?? true },
    );
  const first = await read(firstPage);
  const lastPage = Math.min(
    first.meta.pagination?.pageCount ?? firstPage,
    firstPage + (options.range?.pageCount ?? Number.POSITIVE_INFINITY) - 1,
  );
  const rest = await Promise.all(
    Array.from({ length: Math.max(lastPage - firstPage, 0) }, (_, index) => read(firstPage + index + 1)),
  );
  return [first.data, ...rest.map((list) => list.data)].flat();
}
