/**
 * Loader of `/jobs/mijn` (route `jobs-mijn`): the signed-in account holder's own vacancies
 * with their status (pending review, published, rejected, withdrawn, expired), newest first, 10 a
 * page (`?page=n`; a page past the end is a 404). Only the CMS decides whose vacancies these are
 * (`GET /api/vacancies/mine` with the visitor's JWT). Personal page: `Cache-Control: private, no-store`.
 */

import type { MyVacanciesData } from '../../shared/pages/my-vacancies/my-vacancies.page.tsx';
import { accountPage, requireUser } from '../auth/account-pages.server.ts';
import { notFound, pageParam } from '../cms/paging.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { loadMyVacancies } from '../services/my-vacancies.server.ts';

export async function loader({ request, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const page = pageParam(request);
  const list = await loadMyVacancies(context, page);
  const pagination = list.meta.pagination;
  const pageCount = pagination?.pageCount ?? 1;
  if (page > 1 && page > pageCount) throw notFound();
  const body: MyVacanciesData = {
    vacancies: list.data,
    page,
    pageCount,
    total: pagination?.total ?? list.data.length,
  };
  return accountPage(body);
}
