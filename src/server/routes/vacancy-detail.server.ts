/**
 * Vacancy detail `/jobs/vacature/{id}/{slug}` (docs/product.md#routes-and-layouts; `{id}` = documentId).
 * A wrong or outdated slug answers 301 to the canonical URL; an unknown id is a 404. An expired
 * vacancy (`validThrough` in the past) keeps its page but answers 410 Gone, with open vacancies
 * of the same category, so visitors and crawlers learn it is closed for good (RFC 9110 15.5.11).
 * Open vacancies carry their description as HTML for the JobPosting JSON-LD, rendered by the same
 * Strapi blocks renderer as the page. Under `/en` a vacancy with an English translation is shown
 * in English (docs/decisions/061-untranslated-content.md).
 */
import { BlocksRenderer } from '@strapi/blocks-react-renderer';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { data, redirect } from 'react-router';
import type { StrapiBlocks, Vacancy } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { VacancyDetailData } from '../../shared/pages/vacancy-detail/vacancy-detail.page.tsx';
import { vacancyPath } from '../../shared/urls.ts';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { notFound } from '../cms/paging.server.ts';
import {
  isExpired,
  openVacancyFilter,
  VACANCY_CARD_QUERY,
  VACANCY_DETAIL_QUERY,
} from '../cms/queries/vacancies.server.ts';
import { inSourceLocale, translateDetail, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Open vacancies of the same category shown on an open (3) and on an expired (6) vacancy. */
const SIMILAR_OPEN = 3;
const SIMILAR_EXPIRED = 6;

/** Strapi blocks as static HTML (the JobPosting `description` must be HTML). */
export function blocksToHtml(blocks: StrapiBlocks | null | undefined): string {
  if (!blocks?.length) return '';
  return renderToStaticMarkup(
    createElement(BlocksRenderer, { content: blocks as Parameters<typeof BlocksRenderer>[0]['content'] }),
  );
}

/** Loader of `jobs-vacature-id-slug`. */
export async function loader({ params, context, request }: PortalLoaderArgs) {
  const found = await context.strapi.findOne<Vacancy>(
    'vacancies',
    params.id ?? '',
    inSourceLocale(VACANCY_DETAIL_QUERY),
  );
  // An editor's preview shows the vacancy before it is approved (decision 101).
  const previewed = context.strapi.draft?.documentId === found.documentId;
  if (found.reviewStatus && found.reviewStatus !== 'approved' && !previewed) throw notFound();
  const vacancy = await translateDetail(context, 'vacancies', found);
  if (vacancy.slug !== params.slug) {
    const search = new URL(request.url).search;
    throw redirect(localizePath(vacancyPath(vacancy), context.locale) + search, 301);
  }
  const now = currentMinuteIso();
  const expired = isExpired(vacancy.validThrough, Date.parse(now));
  const similar = await context.strapi.find<Vacancy>(
    'vacancies',
    inSourceLocale({
      ...VACANCY_CARD_QUERY,
      fields: [...VACANCY_CARD_QUERY.fields, 'summary'],
      filters: {
        $and: [
          openVacancyFilter(now),
          { documentId: { $ne: vacancy.documentId } },
          ...(vacancy.category ? [{ category: { documentId: { $eq: vacancy.category.documentId } } }] : []),
        ],
      },
      sort: ['publishedAt:desc', 'title:asc'],
      pagination: { page: 1, pageSize: expired ? SIMILAR_EXPIRED : SIMILAR_OPEN },
    }),
  );
  const body: VacancyDetailData = {
    // A closed vacancy shows its summary only: no need to ship the whole description.
    vacancy: expired ? { ...vacancy, description: null } : vacancy,
    expired,
    descriptionHtml: expired ? null : blocksToHtml(vacancy.description),
    similar: await translateList(context, 'vacancies', similar.data),
  };
  return data(body, {
    status: expired ? 410 : 200,
    headers: { 'Cache-Control': PUBLIC_PAGE_CACHE },
  });
}
