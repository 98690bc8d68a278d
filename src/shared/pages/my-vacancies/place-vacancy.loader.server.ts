/**
 * Loader of `/jobs/plaatsen` (route `jobs-plaatsen`, issue 5): account holders only (anonymous
 * visitors go to `/inloggen?redirect=%2Fjobs%2Fplaatsen`). The job categories for the form's select
 * and today's date (the publication start may not lie before it). After a placed vacancy
 * (`?verzonden=1&vacature={documentId}`, `&mail=0` when the confirmation e-mail failed) the page
 * confirms it by title — read back from the CMS as the visitor's own vacancy, so the link cannot
 * show anybody else's. Personal page: `Cache-Control: private, no-store`.
 */
import { accountPage, requireUser } from '../../../server/auth/account-pages.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { MY_VACANCY_QUERY } from '../../my-vacancies-paths.ts';
import { amsterdamToday } from '../subscriptions/order-form.ts';
import { DOCUMENT_ID, loadCategories, loadMyVacancy } from './my-vacancies.server.ts';
import type { PlaceVacancyData } from './place-vacancy.page.tsx';

export async function placeVacancyLoader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  const categories = await loadCategories(context);
  let placed: PlaceVacancyData['placed'] = null;
  const documentId = query.get(MY_VACANCY_QUERY.vacancy) ?? '';
  if (query.get(MY_VACANCY_QUERY.placed) === '1' && DOCUMENT_ID.test(documentId)) {
    try {
      const vacancy = await loadMyVacancy(request, context, documentId);
      placed = {
        documentId,
        title: vacancy.title,
        confirmationSent: query.get(MY_VACANCY_QUERY.mail) !== '0',
      };
    } catch (error) {
      // Not (or no longer) the visitor's vacancy: show the empty form instead.
      if (!isStrapiError(error) || error.status !== 404) throw error;
    }
  }
  const body: PlaceVacancyData = { today: amsterdamToday(), categories, placed, email: user.email };
  return accountPage(body);
}
