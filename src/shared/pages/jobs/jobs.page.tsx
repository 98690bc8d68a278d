/**
 * Vacancy list, used by `/jobs` and `/jobs/cat/{id}`: category links, a filter GET form (category,
 * place, employment type; options and counts from the open vacancies; works without JavaScript),
 * the result count, the vacancies and pagination that keeps the filters.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { EmploymentType, JobCategory, StrapiPagination, Vacancy } from '../../cms-types.ts';
import { JobListItem } from '../../features/vacancies/job-list-item.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { PAGE_PARAM } from '../../paging.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import {
  JOB_FILTER_PARAMS,
  JOBS_PATH,
  jobCategoryPath,
  MY_VACANCIES_PATH,
  PLACE_VACANCY_PATH,
  withQuery,
} from '../../urls.ts';
import '../../ui/listing.css';
import '../../features/vacancies/jobs.css';

/** Active filters; null means not filtered. `category` is a job category documentId. */
export interface JobFilters {
  /** Words that every vacancy shown has in its title, employer, summary or place. */
  keyword: string | null;
  category: string | null;
  location: string | null;
  employmentType: EmploymentType | null;
}

export interface JobsData {
  /** The category of `/jobs/cat/{id}`; null on `/jobs`. */
  category: JobCategory | null;
  filters: JobFilters;
  /** Categories with open vacancies (and the page's own), with counts over all open vacancies. */
  categories: Array<{ documentId: string; name: string; slug: string; count: number }>;
  /** Places of the open vacancies in scope (the page's category), with counts. */
  locations: Array<{ value: string; count: number }>;
  /** Employment types of the open vacancies in scope, with counts. */
  employmentTypes: Array<{ value: EmploymentType; count: number }>;
  /** Number of open vacancies in all categories. */
  total: number;
  vacancies: Vacancy[];
  pagination: StrapiPagination;
}

export function JobsPage() {
  const { category, filters, categories, locations, employmentTypes, total, vacancies, pagination } =
    useLoaderData() as JobsData;
  const { t } = useTranslation();
  const locale = useLocale();
  const listPath = category ? jobCategoryPath(category) : JOBS_PATH;
  const query = {
    [JOB_FILTER_PARAMS.keyword]: filters.keyword,
    [JOB_FILTER_PARAMS.category]: category ? null : filters.category,
    [JOB_FILTER_PARAMS.location]: filters.location,
    [JOB_FILTER_PARAMS.employmentType]: filters.employmentType,
  };
  const filtered = Object.values(query).some(Boolean);
  /** Filters in use, shown on the phone's "Filters" button (the category has its own pills). */
  const activeFilters = [
    filters.keyword,
    filters.location,
    filters.employmentType,
    category ? null : filters.category,
  ].filter(Boolean).length;
  const names = useTaxonomyNames();
  const categoryName = category ? names.jobCategory(category) : '';
  const heading = category ? t('jobs.categoryTitle', { category: categoryName }) : t('jobs.title');
  const pageSuffix = pagination.page > 1 ? ` · ${t('pagination.page', { page: pagination.page })}` : '';
  return (
    <div className="container jobs-page">
      <Seo
        title={`${heading}${pageSuffix}`}
        description={
          category
            ? t('jobs.categoryDescription', { category: categoryName, count: pagination.total })
            : t('jobs.description', { count: total })
        }
        path={withQuery(listPath, { ...query, [PAGE_PARAM]: pagination.page > 1 ? pagination.page : null })}
        noindex={filtered || pagination.total === 0}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('jobs.title'), path: JOBS_PATH },
          ...(category ? [{ name: categoryName, path: listPath }] : []),
        ]}
      />
      <header className="page-header">
        <p className="card__kicker">
          {category ? <AppLink to={JOBS_PATH}>{t('jobs.title')}</AppLink> : t('jobs.kicker')}
        </p>
        <h1>{heading}</h1>
        <p>{category ? t('jobs.categoryIntro', { category: categoryName }) : t('jobs.intro')}</p>
        <p className="jobs-employer">
          <AppLink to={PLACE_VACANCY_PATH} className="button button--secondary">
            {t('jobs.placeVacancy')}
          </AppLink>{' '}
          <AppLink to={MY_VACANCIES_PATH}>{t('jobs.myVacancies')}</AppLink>
        </p>
      </header>
      <nav className="job-categories" aria-label={t('jobs.categories')}>
        <ul className="tag-list">
          <li>
            <AppLink to={JOBS_PATH} className="tag" aria-current={category ? undefined : 'page'}>
              {t('jobs.allVacancies')} <span className="job-categories__count">{total}</span>
            </AppLink>
          </li>
          {categories.map((item) => (
            <li key={item.documentId}>
              <AppLink
                to={jobCategoryPath(item)}
                className="tag"
                aria-current={item.documentId === category?.documentId ? 'page' : undefined}
              >
                {names.jobCategory(item)} <span className="job-categories__count">{item.count}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="jobs-layout">
        <details className="jobs-filters">
          <summary className="jobs-filters__toggle">
            {activeFilters
              ? t('jobs.filtersToggleActive', { count: activeFilters })
              : t('jobs.filtersToggle')}
          </summary>
          <form
            key={`${listPath}|${filters.keyword ?? ''}|${filters.category ?? ''}|${filters.location ?? ''}|${filters.employmentType ?? ''}`}
            method="get"
            action={localizePath(listPath, locale)}
            className="filter-form"
            aria-labelledby="jobs-filter-title"
          >
            <h2 id="jobs-filter-title" className="filter-form__title">
              {t('jobs.filters')}
            </h2>
            <div className="filter-form__field">
              <label htmlFor="jobs-keyword">{t('jobs.keyword')}</label>
              <input
                id="jobs-keyword"
                type="search"
                name={JOB_FILTER_PARAMS.keyword}
                defaultValue={filters.keyword ?? ''}
                maxLength={100}
                autoComplete="off"
              />
            </div>
            {category ? null : (
              <div className="filter-form__field">
                <label htmlFor="jobs-category">{t('jobs.category')}</label>
                <select
                  id="jobs-category"
                  name={JOB_FILTER_PARAMS.category}
                  defaultValue={filters.category ?? ''}
                >
                  <option value="">{t('jobs.allCategories')}</option>
                  {categories.map((item) => (
                    <option key={item.documentId} value={item.documentId}>
                      {t('jobs.option', { label: names.jobCategory(item), count: item.count })}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="filter-form__field">
              <label htmlFor="jobs-location">{t('jobs.location')}</label>
              <select
                id="jobs-location"
                name={JOB_FILTER_PARAMS.location}
                defaultValue={filters.location ?? ''}
              >
                <option value="">{t('jobs.allLocations')}</option>
                {locations.map((item) => (
                  <option key={item.value} value={item.value}>
                    {t('jobs.option', { label: item.value, count: item.count })}
                  </option>
                ))}
              </select>
            </div>
            <div className="filter-form__field">
              <label htmlFor="jobs-type">{t('jobs.employmentType')}</label>
              <select
                id="jobs-type"
                name={JOB_FILTER_PARAMS.employmentType}
                defaultValue={filters.employmentType ?? ''}
              >
                <option value="">{t('jobs.allEmploymentTypes')}</option>
                {employmentTypes.map((item) => (
                  <option key={item.value} value={item.value}>
                    {t('jobs.option', {
                      label: t(`vacancy.employmentType.${item.value}`),
                      count: item.count,
                    })}
                  </option>
                ))}
              </select>
            </div>
            <div className="filter-form__actions">
              <button type="submit" className="button">
                {t('jobs.submitFilters')}
              </button>
              {filtered ? <AppLink to={listPath}>{t('jobs.reset')}</AppLink> : null}
            </div>
          </form>
        </details>
        <section className="jobs-results" aria-labelledby="jobs-results-title">
          <h2 id="jobs-results-title" className="list-count">
            {filtered
              ? t('jobs.found', { count: pagination.total })
              : t('jobs.count', { count: pagination.total })}
          </h2>
          {vacancies.length ? (
            <ul className="job-list">
              {vacancies.map((vacancy) => (
                <JobListItem key={vacancy.documentId} vacancy={vacancy} hideCategory={Boolean(category)} />
              ))}
            </ul>
          ) : (
            <div className="empty-state">
              <p>{filtered ? t('jobs.emptyFiltered') : t('jobs.empty')}</p>
              <p>
                {filtered ? (
                  <AppLink to={listPath}>{t('jobs.reset')}</AppLink>
                ) : (
                  <AppLink to={JOBS_PATH}>{t('jobs.allVacancies')}</AppLink>
                )}
              </p>
            </div>
          )}
          <Pagination
            path={listPath}
            hrefFor={(p) => withQuery(listPath, { ...query, [PAGE_PARAM]: p > 1 ? p : null })}
            param={PAGE_PARAM}
            page={pagination.page}
            pageCount={pagination.pageCount}
          />
        </section>
      </div>
    </div>
  );
}
