/**
 * Paged lists: the `page` query parameter, the one paged read (`findPage`) and the 404 every list
 * answers past its last page or for a malformed page number (docs/product.md#errors).
 */
import { data } from 'react-router';
import type { StrapiList, StrapiPagination } from '../../shared/cms-types.ts';
import { readPageNumber } from '../../shared/paging.ts';
import type { ReadOptions, StrapiClient } from './strapi-client.server.ts';

/** A 404 route error response (the error page names the path). */
export function notFound() {
  return data({ message: 'Not Found' }, { status: 404 });
}

/**
 * Reads the page number from the query parameter `param`: a positive integer (up to 99 999), 1 when
 * absent. The news lists pass `PAGE_PARAM` (`pagina`, src/shared/paging.ts); the older lists
 * use the default `page` (docs/decisions/099-paged-news-lists.md).
 * @throws a 404 route error for anything else (`abc`, `0`, `02`: it is not a page of the list)
 */
export function pageParam(request: Request, param = 'page'): number {
  const page = readPageNumber(new URL(request.url).searchParams.get(param));
  if (page === null) throw notFound();
  return page;
}

/** One page of a list and where it stands. */
export interface ListPage<T> {
  data: T[];
  pagination: StrapiPagination;
}

/**
 * Page `page` (1-based) of `collection` with `query` (its `pagination` is set here), `pageSize`
 * entries a page. Page 1 of an empty list is a page; any later page past the last is not.
 * @throws a 404 route error past the last page; StrapiError when the CMS fails
 */
export async function findPage<T>(
  strapi: StrapiClient,
  collection: string,
  query: object,
  page: number,
  pageSize: number,
  options?: ReadOptions,
): Promise<ListPage<T>> {
  const list: StrapiList<T> = await strapi.find<T>(
    collection,
    { ...query, pagination: { page, pageSize } },
    options,
  );
  const pagination = list.meta.pagination ?? { page, pageSize, pageCount: 1, total: list.data.length };
  if (page > 1 && page > pagination.pageCount) throw notFound();
  return { data: list.data, pagination };
}
