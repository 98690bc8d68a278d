/**
 * Pagination for filtered lists (agenda and vacancies): the shared `Pagination` when no filter is
 * active, otherwise the same markup whose links keep the filter query (`?plaats=Utrecht&page=2`),
 * so paging through filtered results works without JavaScript. Page 1 links without `page`.
 */
import { useTranslation } from 'react-i18next';
import { withQuery } from '../../events-jobs-paths.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Pagination, pageWindow } from '../../ui/pagination.tsx';

export interface ListPaginationProps {
  /** Unprefixed path of the list, without query. */
  path: string;
  /** Active filters (name → value; empty values are left out), kept on every page link. */
  query: Record<string, string | null | undefined>;
  page: number;
  pageCount: number;
}

/** Navigation between the pages of a filtered list; renders nothing for a single page. */
export function ListPagination({ path, query, page, pageCount }: ListPaginationProps) {
  const { t } = useTranslation();
  const filtered = Object.values(query).some((value) => value);
  if (!filtered) return <Pagination path={path} page={page} pageCount={pageCount} />;
  if (pageCount <= 1) return null;
  const hrefFor = (p: number) => withQuery(path, { ...query, page: p > 1 ? p : null });
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
