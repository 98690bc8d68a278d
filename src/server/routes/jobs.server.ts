/**
 * Vacancy lists (docs/product.md#routes-and-layouts): `/jobs` with all open vacancies and `/jobs/cat/{id}`
 * with those of one job category (`{id}` = documentId), newest first, 10 a page (`?pagina=n`, as the
 * news lists: docs/decisions/099-paged-news-lists.md; the older `?page=n` answers with a permanent
 * redirect there). Filters come from a GET form: `?trefwoord=` (words in the title, employer,
 * summary or place), `?categorie={documentId}` (on `/jobs`), `?plaats={location}` and
 * `?dienstverband={FULL_TIME|…}`; the options and counts of the last three are built from the open
 * vacancies. An unknown category, an unknown employment type, an overlong location or keyword or a
 * page out of range is a 404 (docs/product.md#errors: route validation fails).
 */
import { data, redirect } from 'react-router';
import type { EmploymentType, JobCategory, Vacancy } from '../../shared/cms-types.ts';
import { EMPLOYMENT_TYPES, isEmploymentType } from '../../shared/features/vacancies/employment-types.ts';
import type { JobFilters, JobsData } from '../../shared/pages/jobs/jobs.page.tsx';
import { PAGE_PARAM } from '../../shared/paging.ts';
import { JOB_FILTER_PARAMS } from '../../shared/urls.ts';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { findPage, notFound, pageParam } from '../cms/paging.server.ts';
import { openVacancyFilter, VACANCY_CARD_QUERY } from '../cms/queries/vacancies.server.ts';
import { inSourceLocale, translateList } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Vacancies per list page. */
const JOBS_PAGE_SIZE = 10;
/** Longest accepted `?plaats` value (characters). */
const MAX_LOCATION_LENGTH = 100;
/** Longest accepted `?trefwoord` value (characters). */
const MAX_KEYWORD_LENGTH = 100;
/** The page parameter the vacancy lists had before they followed the news lists. */
const OLD_PAGE_PARAM = 'page';
/** Page size (the CMS maximum) and page limit when collecting the filter options. */
const FACET_PAGE_SIZE = 100;
const FACET_MAX_PAGES = 20;

type FacetVacancy = Pick<Vacancy, 'location' | 'employmentType' | 'category'>;

/** Reads the filter parameters; empty values mean "no filter". @throws 404 for invalid values. */
function readFilters(url: URL, fixedCategory: JobCategory | null): JobFilters {
  const value = (name: string) => url.searchParams.get(name)?.trim() || null;
  const category = fixedCategory ? fixedCategory.documentId : value(JOB_FILTER_PARAMS.category);
  const location = value(JOB_FILTER_PARAMS.location);
  const employmentType = value(JOB_FILTER_PARAMS.employmentType);
  const keyword = value(JOB_FILTER_PARAMS.keyword)?.replace(/\s+/g, ' ') ?? null;
  if (location && location.length > MAX_LOCATION_LENGTH) throw notFound();
  if (keyword && keyword.length > MAX_KEYWORD_LENGTH) throw notFound();
  if (employmentType && !isEmploymentType(employmentType)) throw notFound();
  return { keyword, category, location, employmentType: employmentType as EmploymentType | null };
}

/**
 * The conditions of a keyword: every word in the title, the employer, the summary or the place
 * (case-insensitive), so "magazijn venlo" finds a warehouse job in Venlo.
 */
function keywordConditions(keyword: string): object[] {
  return keyword.split(' ').map((word) => ({
    $or: ['title', 'employer', 'summary', 'location'].map((field) => ({ [field]: { $containsi: word } })),
  }));
}

/** Every open vacancy's location, employment type and category (for the filter options). */
async function facetVacancies(ctx: PortalContext, open: object): Promise<FacetVacancy[]> {
  const all: FacetVacancy[] = [];
  for (let page = 1; page <= FACET_MAX_PAGES; page++) {
    const list = await ctx.strapi.find<FacetVacancy>(
      'vacancies',
      inSourceLocale({
        fields: ['location', 'employmentType'],
        populate: { category: { fields: ['name'] } },
        filters: open,
        pagination: { page, pageSize: FACET_PAGE_SIZE },
      }),
    );
    all.push(...list.data);
    if (page >= (list.meta.pagination?.pageCount ?? 1)) break;
  }
  return all;
}

/** Counts values; `keep` (the active filter) is listed even when nothing matches it. */
function countBy<T extends string>(values: Array<T | null | undefined>, keep: T | null): Map<T, number> {
  const counts = new Map<T, number>();
  if (keep) counts.set(keep, 0);
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Loads one page of a vacancy list with its filter options.
 * @param categoryId documentId of the category of `/jobs/cat/{id}`, or null for `/jobs`
 * @throws 404 (see module docs); a missing category document is a CMS 404, mapped by the wrapper
 */
async function loadJobList({ request, context }: PortalLoaderArgs, categoryId: string | null) {
  const url = new URL(request.url);
  if (url.searchParams.has(OLD_PAGE_PARAM)) {
    const moved = new URL(url);
    const old = moved.searchParams.get(OLD_PAGE_PARAM);
    moved.searchParams.delete(OLD_PAGE_PARAM);
    if (old && old !== '1' && !moved.searchParams.has(PAGE_PARAM)) moved.searchParams.set(PAGE_PARAM, old);
    throw redirect(moved.pathname + moved.search, 301);
  }
  const page = pageParam(request, PAGE_PARAM);
  const [category, categoryList] = await Promise.all([
    categoryId === null
      ? Promise.resolve(null)
      : context.strapi.findOne<JobCategory>('job-categories', categoryId, { fields: ['name', 'slug'] }),
    context.strapi.find<JobCategory>('job-categories', {
      fields: ['name', 'slug'],
      sort: ['name:asc'],
      pagination: { page: 1, pageSize: 100 },
    }),
  ]);
  const filters = readFilters(url, category);
  if (filters.category && !categoryList.data.some((c) => c.documentId === filters.category)) throw notFound();

  const open = openVacancyFilter(currentMinuteIso());
  const conditions: object[] = [open];
  if (filters.category) conditions.push({ category: { documentId: { $eq: filters.category } } });
  if (filters.location) conditions.push({ location: { $eq: filters.location } });
  if (filters.employmentType) conditions.push({ employmentType: { $eq: filters.employmentType } });
  if (filters.keyword) conditions.push(...keywordConditions(filters.keyword));
  const [list, facets] = await Promise.all([
    findPage<Vacancy>(
      context.strapi,
      'vacancies',
      inSourceLocale({
        ...VACANCY_CARD_QUERY,
        fields: [...VACANCY_CARD_QUERY.fields, 'summary', 'publishedAt'],
        filters: { $and: conditions },
        sort: ['publishedAt:desc', 'title:asc'],
      }),
      page,
      JOBS_PAGE_SIZE,
    ),
    facetVacancies(context, open),
  ]);
  const { pagination } = list;

  // Category counts over all open vacancies; location and type options within the page's category.
  const categoryCounts = countBy(
    facets.map((v) => v.category?.documentId),
    categoryId === null ? filters.category : null,
  );
  const scoped = category ? facets.filter((v) => v.category?.documentId === category.documentId) : facets;
  const locationCounts = countBy(
    scoped.map((v) => v.location),
    filters.location,
  );
  const typeCounts = countBy(
    scoped.map((v) => v.employmentType),
    filters.employmentType,
  );
  const body: JobsData = {
    category,
    filters,
    categories: categoryList.data
      .filter((c) => categoryCounts.has(c.documentId) || c.documentId === category?.documentId)
      .map((c) => ({
        documentId: c.documentId,
        name: c.name,
        slug: c.slug,
        count: categoryCounts.get(c.documentId) ?? 0,
      })),
    locations: [...locationCounts]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => a.value.localeCompare(b.value, 'nl')),
    employmentTypes: EMPLOYMENT_TYPES.filter((type) => typeCounts.has(type)).map((value) => ({
      value,
      count: typeCounts.get(value) ?? 0,
    })),
    total: facets.length,
    vacancies: await translateList(context, 'vacancies', list.data),
    pagination,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `jobs` (`/jobs`). */
export function loader(args: PortalLoaderArgs) {
  return loadJobList(args, null);
}

/** Loader of `jobs-cat-id` (`/jobs/cat/{id}`). */
export function categoryLoader(args: PortalLoaderArgs) {
  return loadJobList(args, args.params.id ?? '');
}
