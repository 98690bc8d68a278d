/**
 * CMS filter of open vacancies, the one rule for the job pages, home, topic pages, content lists
 * and the sitemaps. A vacancy is open while it is approved by the
 * editors and its `validThrough` has not passed (or it has none); the CMS itself only serves
 * published, approved vacancies to the public role (cms/src/api/vacancy/controllers), the
 * approval filter here keeps the rule visible and holds for a token with wider rights too.
 */
import type { StrapiList, Vacancy } from '../../../shared/cms-types.ts';
import type { PortalContext } from '../../context.server.ts';
import { currentMinuteIso } from '../clock.server.ts';
import { inSourceLocale, translateList } from '../translations.server.ts';
import { MEDIA_FIELDS, NAME_SLUG_FIELDS } from './fields.server.ts';

/** Strapi filter: approved vacancies still open at `nowIso` (ISO 8601). */
export function openVacancyFilter(nowIso: string): object {
  return {
    $and: [
      { reviewStatus: { $eq: 'approved' } },
      { $or: [{ validThrough: { $gte: nowIso } }, { validThrough: { $null: true } }] },
    ],
  };
}

/** True when a vacancy with this `validThrough` has expired at `nowMs` (ms since the epoch). */
export function isExpired(validThrough: string | null | undefined, nowMs: number): boolean {
  if (!validThrough) return false;
  const end = Date.parse(validThrough);
  return !Number.isNaN(end) && end < nowMs;
}

/** Fields of a vacancy teaser. */
export const VACANCY_CARD_QUERY = {
  fields: [
    'title',
    'slug',
    'employer',
    'location',
    'employmentType',
    'salaryMin',
    'salaryMax',
    'salaryPeriod',
    'validThrough',
  ],
  populate: { category: { fields: NAME_SLUG_FIELDS } },
} as const;

/**
 * Fields and relations of the vacancy detail page: the teaser's, plus texts, review state, how to
 * apply, the workplace's address, the posting date and the employer's website or partner (with its
 * logo) for the JobPosting.
 */
export const VACANCY_DETAIL_QUERY = {
  fields: [
    ...VACANCY_CARD_QUERY.fields,
    'summary',
    'description',
    'reviewStatus',
    'applyUrl',
    'applyEmail',
    'employerWebsite',
    'street',
    'postalCode',
    'region',
    'publishFrom',
    'publishedAt',
    'updatedAt',
  ],
  populate: {
    ...VACANCY_CARD_QUERY.populate,
    partner: { fields: ['name', 'link', 'website'], populate: { logo: { fields: MEDIA_FIELDS } } },
  },
} as const;

/** Open vacancies ({@link openVacancyFilter}), newest first, in the request's language where translated. */
export async function openVacancies(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Vacancy>> {
  const list = await ctx.strapi.find<Vacancy>(
    'vacancies',
    inSourceLocale({
      ...VACANCY_CARD_QUERY,
      filters: { ...filters, ...openVacancyFilter(currentMinuteIso()) },
      sort: ['publishedAt:desc'],
      pagination: { page: 1, pageSize },
    }),
  );
  return { ...list, data: await translateList(ctx, 'vacancies', list.data) };
}

/** What the search index reads of a vacancy (the caller adds the open-vacancy filter). */
export const VACANCY_SEARCH_QUERY = {
  fields: ['title', 'slug', 'summary', 'description', 'employer', 'location', 'validThrough', 'publishedAt'],
  populate: { category: { fields: ['name'] } },
} as const;
