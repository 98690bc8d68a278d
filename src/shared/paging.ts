/**
 * Paged lists, the parts both sides share: the query parameter of a page number, reading and
 * checking it, the link of a page and the links to the previous and next page
 * (docs/decisions/099-paged-news-lists.md).
 *
 * How a paged list uses it:
 * - server loader: `const page = pageParam(request, PAGE_PARAM)` (src/server/cms/paging.server.ts;
 *   a malformed number is a 404), then `findPage(...)` (a page past the last is a 404);
 * - view: `<Seo path={pageHref(path, page)} …/>` (the canonical of page n is page n itself, page 1
 *   is the bare path) and `<Pagination path={path} page={page} pageCount={pageCount}
 *   param={PAGE_PARAM} />` (src/shared/ui/pagination.tsx), which renders the visible pager and
 *   the `<link rel="prev">`/`<link rel="next">` React hoists into `<head>`.
 */

/** The query parameter of the page number in the news lists: `?pagina=2` (Dutch, like the paths). */
export const PAGE_PARAM = 'pagina';

/** A page number as it may appear in a URL: 1 to 99 999, no sign, no leading zero. */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;

/**
 * Reads a page number from the raw query value.
 * @param raw the value of the page parameter, or null when the URL has none
 * @returns the page (1-based; 1 when absent), or null when `raw` is not a page number
 *   (`0`, `-1`, `02`, `abc`, `1.5`, empty, over 99 999)
 */
export function readPageNumber(raw: string | null): number | null {
  if (raw === null) return 1;
  return PAGE_NUMBER.test(raw) ? Number(raw) : null;
}

/**
 * The unprefixed link of page `page` of the list at `path`: the bare path for page 1 (its only
 * URL), else `path?{param}={page}`.
 * @param path unprefixed path of the list, without query (`/ecommerce`)
 * @param page 1-based page number
 * @param param the page parameter (default {@link PAGE_PARAM})
 */
export function pageHref(path: string, page: number, param: string = PAGE_PARAM): string {
  return page <= 1 ? path : `${path}?${param}=${page}`;
}

/** The neighbours of a page: unprefixed links, null at either end. */
export interface PageLinks {
  prev: string | null;
  next: string | null;
}

/**
 * The previous and next page of page `page` of `pageCount` pages.
 * @param hrefFor the link of a page (e.g. `(p) => pageHref(path, p)`)
 */
export function pageLinks(page: number, pageCount: number, hrefFor: (page: number) => string): PageLinks {
  return {
    prev: page > 1 ? hrefFor(page - 1) : null,
    next: page < pageCount ? hrefFor(page + 1) : null,
  };
}
