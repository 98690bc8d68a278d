/**
 * Pagination with real links (`?page=2`), so every page of a list works without JavaScript and
 * can be crawled. Page 1 links to the bare path (its canonical URL). Lists with filters or a query
 * pass `hrefFor`, so every page link keeps them.
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link.tsx';

export interface PaginationProps {
  /** Unprefixed path of the list, without query. */
  path: string;
  page: number;
  pageCount: number;
  /** Link of a page (unprefixed), e.g. with filters kept; default `path` or `path?page=n`. */
  hrefFor?: (page: number) => string;
}

function defaultHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}?page=${page}`;
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

/** Navigation between list pages; renders nothing for a single page. */
export function Pagination({
  path,
  page,
  pageCount,
  hrefFor = (p) => defaultHref(path, p),
}: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
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
