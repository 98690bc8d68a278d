/** Route module of the `my-vacancy` page (src/shared/pages/my-vacancy/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { redirect } from 'react-router';
import { amsterdamToday } from '../../shared/features/subscriptions/order-form.ts';
import type { OwnVacancy } from '../../shared/features/vacancies/my-vacancies-data.ts';
import {
  type CategoryOption,
  crossFieldErrors,
  vacancyForm,
} from '../../shared/features/vacancies/vacancy-form.ts';
import { formFailure, validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { MyVacancyData } from '../../shared/pages/my-vacancy/my-vacancy.page.tsx';
import { MY_VACANCY_QUERY, myVacancyPath, withFlag } from '../../shared/urls.ts';
import { accountPage, requireUser } from '../auth/account-pages.server.ts';
import { notFound } from '../cms/paging.server.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import {
  vacancyAnswer as answer,
  DOCUMENT_ID,
  loadCategories,
  loadMyVacancy,
  refusalOf,
  updateMyVacancy,
  withdrawMyVacancy,
} from '../services/my-vacancies.server.ts';

/**
 * Actions of `/jobs/mijn/{id}` (route `jobs-mijn-id`), chosen by the posted `intent`:
 * - `withdraw` (the confirmation step's button): `POST /api/vacancies/mine/{id}/withdraw`, then
 *   `?ingetrokken=1`; the CMS sets `reviewStatus: withdrawn` and takes the vacancy offline;
 * - otherwise the edit form: validated like `/jobs/plaatsen` (an empty IBAN keeps the stored one),
 *   saved with `PUT /api/vacancies/mine/{id}`, then `?opgeslagen=1`. The vacancy goes back to review:
 *   a published vacancy goes offline until the editors approve the changes (docs/decisions/040).
 * Somebody else's vacancy is a 404 (the CMS's answer); a CMS outage keeps the input (503), also
 * when the categories cannot be loaded (then nothing is sent). Saving the same content twice changes
 * nothing, so the form carries no idempotency key (docs/decisions/093-idempotency-keys.md).
 */
export async function action({ request, params, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const documentId = params.id ?? '';
  if (!DOCUMENT_ID.test(documentId)) throw notFound();
  const formData = await request.formData();
  const done = (flag: string) =>
    redirect(localizePath(withFlag(myVacancyPath(documentId), flag), context.locale));

  if (formData.get('intent') === 'withdraw') {
    try {
      await withdrawMyVacancy(context, documentId);
    } catch (error) {
      if (!isStrapiError(error)) throw error;
      if (error.status === 404) throw notFound();
      context.logger.warn({ strapi: error.toJSON() }, 'vacancy not withdrawn');
      return answer({ values: {}, errors: {}, error: 'unavailable' }, 503);
    }
    return done(MY_VACANCY_QUERY.withdrawn);
  }

  let categories: CategoryOption[] | null = null;
  try {
    categories = await loadCategories(context);
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
  }
  const form = vacancyForm({ today: amsterdamToday(), categories: categories ?? [], mode: 'edit' });
  const result = validateForm(form, formData, context.locale);
  if (!categories) {
    // Nothing was sent: the form again with what was typed (the page may not reach the CMS either).
    return answer(
      { ...formFailure(form, { values: result.values, errors: {} }), error: 'unavailable', categories: [] },
      503,
    );
  }
  const pairs = crossFieldErrors(form, result.values, result.errors, context.locale);
  const errors = { ...result.errors, ...pairs };
  if (!result.success || Object.keys(pairs).length > 0)
    return answer(formFailure(form, { values: result.values, errors }), 422);
  try {
    await updateMyVacancy(context, documentId, result.values, context.locale);
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    if (error.status === 404) throw notFound();
    context.logger.warn({ strapi: error.toJSON() }, 'vacancy not saved');
    const refusal = refusalOf(error, form, context.locale);
    return answer(
      {
        ...formFailure(form, { values: result.values, errors: refusal.errors }),
        ...(refusal.error ? { error: refusal.error, categories } : {}),
      },
      refusal.status,
    );
  }
  return done(MY_VACANCY_QUERY.saved);
}

/**
 * Loader of `/jobs/mijn/{id}` (route `jobs-mijn-id`; `{id}` = documentId): one of the
 * signed-in account holder's vacancies, prefilled in the vacancy form (the IBAN only masked), with
 * its status and the editors' note. The CMS answers 404 for a vacancy of somebody else, exactly as for
 * one that does not exist, and so does this page. `?intrekken=1` shows the confirmation step of
 * withdrawing, `?opgeslagen=1` / `?ingetrokken=1` confirm a save / a withdrawal. When the CMS
 * cannot be reached the page says so (`vacancy: null`, status 503) and after a post still shows the
 * form with what was typed. Personal page: `Cache-Control: private, no-store`.
 */
export async function loader({ request, params, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const documentId = params.id ?? '';
  if (!DOCUMENT_ID.test(documentId)) throw notFound();
  let vacancy: OwnVacancy;
  let categories: CategoryOption[];
  try {
    [vacancy, categories] = await Promise.all([loadMyVacancy(context, documentId), loadCategories(context)]);
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
    // The CMS is out (or slow after a save): the page says so, and after a post keeps the form.
    context.logger.warn({ strapi: error.toJSON() }, 'own vacancy not loaded');
    const body: MyVacancyData = {
      vacancy: null,
      categories: [],
      today: amsterdamToday(),
      notice: null,
      confirmWithdraw: false,
    };
    return answer(body, 503);
  }
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
