/**
 * Loader of `/jobs/mijn/{id}` (route `jobs-mijn-id`, issue 5; `{id}` = documentId): one of the
 * signed-in account holder's vacancies, prefilled in the vacancy form (the IBAN only masked), with
 * its status and the editors' note. The CMS answers 404 for a vacancy of somebody else, exactly as for
 * one that does not exist, and so does this page. `?intrekken=1` shows the confirmation step of
 * withdrawing, `?opgeslagen=1` / `?ingetrokken=1` confirm a save / a withdrawal.
 * Personal page: `Cache-Control: private, no-store`.
 */
import { accountPage, requireUser } from '../../../server/auth/account-pages.server.ts';
import { notFound } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { MY_VACANCY_QUERY } from '../../my-vacancies-paths.ts';
import { amsterdamToday } from '../subscriptions/order-form.ts';
import { DOCUMENT_ID, loadCategories, loadMyVacancy } from './my-vacancies.server.ts';
import type { MyVacancyData } from './my-vacancy.page.tsx';

export async function myVacancyLoader({ request, params, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const documentId = params.id ?? '';
  if (!DOCUMENT_ID.test(documentId)) throw notFound();
  const [vacancy, categories] = await Promise.all([
    loadMyVacancy(request, context, documentId),
    loadCategories(context),
  ]);
  const query = new URL(request.url).searchParams;
  const notice =
    query.get(MY_VACANCY_QUERY.withdrawn) === '1'
      ? 'withdrawn'
      : query.get(MY_VACANCY_QUERY.saved) === '1'
        ? 'saved'
        : null;
  const body: MyVacancyData = {
    vacancy,
    categories,
    today: amsterdamToday(),
    notice,
    confirmWithdraw: query.get(MY_VACANCY_QUERY.withdraw) === '1' && vacancy.status !== 'withdrawn',
  };
  return accountPage(body);
}
