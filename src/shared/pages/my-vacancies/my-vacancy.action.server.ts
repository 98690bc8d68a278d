/**
 * Actions of `/jobs/mijn/{id}` (route `jobs-mijn-id`, issue 5), chosen by the posted `intent`:
 * - `withdraw` (the confirmation step's button): `POST /api/vacancies/mine/{id}/withdraw`, then
 *   `?ingetrokken=1`; the CMS sets `reviewStatus: withdrawn` and takes the vacancy offline;
 * - otherwise the edit form: validated like `/jobs/plaatsen` (an empty IBAN keeps the stored one),
 *   saved with `PUT /api/vacancies/mine/{id}`, then `?opgeslagen=1`. The vacancy goes back to review:
 *   a published vacancy goes offline until the editors approve the changes (docs/decisions/040).
 * Somebody else's vacancy is a 404 (the CMS's answer); a CMS outage keeps the input (503).
 */
import { redirect } from 'react-router';
import { requireUser } from '../../../server/auth/account-pages.server.ts';
import { notFound } from '../../../server/loaders/content.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isStrapiError } from '../../../server/strapi/strapi-client.server.ts';
import { formFailure, validateForm } from '../../forms/validate-form.ts';
import { localizePath } from '../../i18n/locale.ts';
import { MY_VACANCY_QUERY, myVacancyPath, withFlag } from '../../my-vacancies-paths.ts';
import { amsterdamToday } from '../subscriptions/order-form.ts';
import {
  vacancyAnswer as answer,
  DOCUMENT_ID,
  loadCategories,
  refusalOf,
  updateMyVacancy,
  withdrawMyVacancy,
} from './my-vacancies.server.ts';
import { crossFieldErrors, vacancyForm } from './vacancy-form.ts';

export async function myVacancyAction({ request, params, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const documentId = params.id ?? '';
  if (!DOCUMENT_ID.test(documentId)) throw notFound();
  const formData = await request.formData();
  const done = (flag: string) =>
    redirect(localizePath(withFlag(myVacancyPath(documentId), flag), context.locale));

  if (formData.get('intent') === 'withdraw') {
    try {
      await withdrawMyVacancy(request, context, documentId);
    } catch (error) {
      if (!isStrapiError(error)) throw error;
      if (error.status === 404) throw notFound();
      context.logger.warn({ strapi: error.toJSON() }, 'vacancy not withdrawn');
      return answer({ values: {}, errors: {}, error: 'unavailable' }, 503);
    }
    return done(MY_VACANCY_QUERY.withdrawn);
  }

  const form = vacancyForm({
    today: amsterdamToday(),
    categories: await loadCategories(context),
    mode: 'edit',
  });
  const result = validateForm(form, formData, context.locale);
  const pairs = crossFieldErrors(form, result.values, result.errors, context.locale);
  const errors = { ...result.errors, ...pairs };
  if (!result.success || Object.keys(pairs).length > 0)
    return answer(formFailure(form, { values: result.values, errors }), 422);
  try {
    await updateMyVacancy(request, context, documentId, result.values, context.locale);
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    if (error.status === 404) throw notFound();
    context.logger.warn({ strapi: error.toJSON() }, 'vacancy not saved');
    const refusal = refusalOf(error, form, context.locale);
    return answer(
      {
        ...formFailure(form, { values: result.values, errors: refusal.errors }),
        ...(refusal.error ? { error: refusal.error } : {}),
      },
      refusal.status,
    );
  }
  return done(MY_VACANCY_QUERY.saved);
}
