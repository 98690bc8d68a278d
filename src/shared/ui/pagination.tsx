/**
 * The one pager of the portal's lists: real links (`?pagina=2`), so every page of a list works
 * without JavaScript and can be crawled, and `<link rel="prev">`/`<link rel="next">` with absolute
 * URLs, which React hoists into `<head>`. Page 1 links to the bare path (its canonical URL). Lists
 * with filters or a query pass `hrefFor`, so every page link keeps them. Its texts are in the
 * shell's `common` namespace (`pagination.*`), loaded on every page.
 *
 * Use: `<Pagination path="/ecommerce" page={page} pageCount={pageCount} param={PAGE_PARAM} />`
 * with the loader's page from `pageParam(request, PAGE_PARAM)` (src/shared/paging.ts has the
 * whole recipe; docs/decisions/099-paged-news-lists.md).
 */
import { useTranslation } from 'react-i18next';
import { localizePath } from '../i18n/locale.ts';
import { pageHref, pageLinks } from '../paging.ts';
import { AppLink } from './app-link.tsx';
import { useLocale, useRootData } from './root-data.ts';

export interface PaginationProps {
  /** Unprefixed path of the list, without query. */
  path: string;
  /** The current page, 1-based. */
  page: number;
  pageCount: number;
  /**
   * The page parameter of the default links: `pagina` (PAGE_PARAM) for the news lists; the older
   * lists (jobs, events, magazines, tags, sitemap, search) still use `page`, the default here.
   */
  param?: string;
  /** Link of a page (unprefixed), e.g. with filters kept; default `path` or `path?{param}=n`. */
  hrefFor?: (page: number) => string;
}

/** Page numbers around the current one, with first/last and gaps (0 marks a gap). */
export function pageWindow(page: number, pageCount: number): number[] {
  const pages = new Set<number>([1, pageCount, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: number[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && p - last > 1) out.push(0);
    out.push(p);
  }
  return out;
}

/**
 * `<link rel="prev">` and `<link rel="next">` of a page of a list (absolute URLs in the page's
 * language); React hoists them into `<head>` and swaps them on client navigations
 * (docs/decisions/071-react-document-metadata.md). Rendered by {@link Pagination}.
 */
export function PageRelLinks({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const locale = useLocale();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const { prev, next } = pageLinks(page, pageCount, hrefFor);
  return (
    <>
      {prev ? <link rel="prev" href={`${siteUrl}${localizePath(prev, locale)}`} /> : null}
      {next ? <link rel="next" href={`${siteUrl}${localizePath(next, locale)}`} /> : null}
    </>
  );
}

/** Navigation between list pages and its head links; renders nothing for a single page. */
export function Pagination({
  path,
  page,
  pageCount,
  param = 'page',
  hrefFor = (p) => pageHref(path, p, param),
}: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <PageRelLinks page={page} pageCount={pageCount} hrefFor={hrefFor} />
      {page > 1 ? (
        <AppLink to={hrefFor(page - 1)} rel="prev" className="pagination__step">
          {t('pagination.previous')}
        </AppLink>
      ) : null}
      <ol>
        {pageWindow(page, pageCount).map((p, index) =>
          p === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={
                  p === page
                    ? t('pagination.pageOf', { page: p, pageCount })
                    : t('pagination.page', { page: p })
                }
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <AppLink to={hrefFor(page + 1)} rel="next" className="pagination__step">
          {t('pagination.next')}
        </AppLink>
      ) : null}
    </nav>
  );
}
