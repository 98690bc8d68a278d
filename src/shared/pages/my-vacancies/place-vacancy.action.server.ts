/**
 * Action of `/jobs/plaatsen` (route `jobs-plaatsen`, issue 5): validates the vacancy form (plus the
 * two rules that compare fields) and places the vacancy with `POST /api/vacancies/mine` and the
 * visitor's JWT; the CMS stores it as a draft for review owned by that account and e-mails the
 * confirmation. Success redirects to `?verzonden=1&vacature={documentId}` (Post/Redirect/Get, so
 * reloading never places it twice). A rejected post keeps every value except the IBAN (422); a CMS
 * outage says the vacancy was not sent and keeps the input (503). Anonymous posts go to the login page.
 */
import { redirect } from 'react-router';
import { requireUser } from '../../../server/auth/account-pages.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { formFailure, validateForm } from '../../forms/validate-form.ts';
import { localizePath } from '../../i18n/locale.ts';
import { MY_VACANCY_QUERY, PLACE_VACANCY_PATH } from '../../my-vacancies-paths.ts';
import { amsterdamToday } from '../subscriptions/order-form.ts';
import { vacancyAnswer as answer, loadCategories, placeVacancy, refusalOf } from './my-vacancies.server.ts';
import { crossFieldErrors, vacancyForm } from './vacancy-form.ts';

export async function placeVacancyAction({ request, context }: PortalLoaderArgs) {
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
    placed = await placeVacancy(request, context, result.values, context.locale);
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
