/** Route module of the `place-vacancy` page (src/shared/pages/place-vacancy/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { redirect } from 'react-router';
import { amsterdamToday } from '../../shared/features/subscriptions/order-form.ts';
import { crossFieldErrors, vacancyForm } from '../../shared/features/vacancies/vacancy-form.ts';
import { formFailure, validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { PlaceVacancyData } from '../../shared/pages/place-vacancy/place-vacancy.page.tsx';
import { MY_VACANCY_QUERY, PLACE_VACANCY_PATH } from '../../shared/urls.ts';
import { accountPage, requireUser } from '../auth/account-pages.server.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import {
  vacancyAnswer as answer,
  DOCUMENT_ID,
  loadCategories,
  loadMyVacancy,
  placeVacancy,
  refusalOf,
} from '../services/my-vacancies.server.ts';

/**
 * Action of `/jobs/plaatsen` (route `jobs-plaatsen`): validates the vacancy form (plus the
 * two rules that compare fields) and places the vacancy with `POST /api/vacancies/mine` and the
 * visitor's JWT; the CMS stores it as a draft for review owned by that account and e-mails the
 * confirmation. Success redirects to `?verzonden=1&vacature={documentId}` (Post/Redirect/Get, so
 * reloading never places it twice). A rejected post keeps every value except the IBAN (422); a CMS
 * outage says the vacancy was not sent and keeps the input (503). Anonymous posts go to the login page.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const formData = await request.formData();
  const form = vacancyForm({
    today: amsterdamToday(),
    categories: await loadCategories(context),
    mode: 'place',
  });
  const result = validateForm(form, formData, context.locale);
  const pairs = crossFieldErrors(form, result.values, result.errors, context.locale);
  const errors = { ...result.errors, ...pairs };
  if (!result.success || Object.keys(pairs).length > 0)
    return answer(formFailure(form, { values: result.values, errors }), 422);

  let placed: Awaited<ReturnType<typeof placeVacancy>>;
  try {
    placed = await placeVacancy(context, result.values, context.locale);
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'vacancy not placed');
    const refusal = refusalOf(error, form, context.locale);
    return answer(
      {
        ...formFailure(form, { values: result.values, errors: refusal.errors }),
        ...(refusal.error ? { error: refusal.error } : {}),
      },
      refusal.status,
    );
  }
  const query = new URLSearchParams({
    [MY_VACANCY_QUERY.placed]: '1',
    [MY_VACANCY_QUERY.vacancy]: placed.documentId,
  });
  if (!placed.confirmationSent) query.set(MY_VACANCY_QUERY.mail, '0');
  return redirect(localizePath(`${PLACE_VACANCY_PATH}?${query}`, context.locale));
}

/**
 * Loader of `/jobs/plaatsen` (route `jobs-plaatsen`): account holders only (anonymous
 * visitors go to `/inloggen?redirect=%2Fjobs%2Fplaatsen`). The job categories for the form's select
 * and today's date (the publication start may not lie before it). After a placed vacancy
 * (`?verzonden=1&vacature={documentId}`, `&mail=0` when the confirmation e-mail failed) the page
 * confirms it by title — read back from the CMS as the visitor's own vacancy, so the link cannot
 * show anybody else's. Personal page: `Cache-Control: private, no-store`.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  const categories = await loadCategories(context);
  let placed: PlaceVacancyData['placed'] = null;
  const documentId = query.get(MY_VACANCY_QUERY.vacancy) ?? '';
  if (query.get(MY_VACANCY_QUERY.placed) === '1' && DOCUMENT_ID.test(documentId)) {
    try {
      const vacancy = await loadMyVacancy(context, documentId);
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
