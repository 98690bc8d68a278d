/** Route module of the `place-vacancy` page (src/shared/pages/place-vacancy/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { redirect } from 'react-router';
import { amsterdamToday } from '../../shared/features/subscriptions/order-form.ts';
import type { VacancyFormError } from '../../shared/features/vacancies/my-vacancies-data.ts';
import {
  type CategoryOption,
  crossFieldErrors,
  vacancyForm,
} from '../../shared/features/vacancies/vacancy-form.ts';
import { formFailure, validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { PlaceVacancyData } from '../../shared/pages/place-vacancy/place-vacancy.page.tsx';
import { MY_VACANCY_QUERY, PLACE_VACANCY_PATH } from '../../shared/urls.ts';
import { accountPage, requireUser } from '../auth/account-pages.server.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import {
  vacancyAnswer as answer,
  DOCUMENT_ID,
  loadCategories,
  loadMyVacancy,
  placeVacancy,
  refusalOf,
} from '../services/my-vacancies.server.ts';
import { newIdempotencyKey, postedIdempotencyKey } from '../services/submit-once.server.ts';

/**
 * Action of `/jobs/plaatsen` (route `jobs-plaatsen`): validates the vacancy form (plus the
 * two rules that compare fields) and places the vacancy once with `POST /api/vacancies/mine`, the
 * form's idempotency key and the visitor's JWT; the CMS stores it as a draft for review owned by that
 * account and e-mails the confirmation. Success redirects to `?verzonden=1&vacature={documentId}`
 * (Post/Redirect/Get; the same post sent again gets the same vacancy, never a second one). A
 * rejected post keeps every value it was sent (422); a vacancy that was not stored says so
 * (503 `unavailable`), one the CMS did not confirm in time says that sending it again is safe (503
 * `unconfirmed`), a key that could not be used comes back as a new one (422 `resubmit`). Those
 * answers carry the job categories the action saw, so the page can show the form even when its
 * loader cannot reach the CMS. Anonymous posts go to the login page.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  await requireUser(request, context);
  const formData = await request.formData();
  const posted = postedIdempotencyKey(formData);
  const today = amsterdamToday();
  let categories: CategoryOption[] | null = null;
  try {
    categories = await loadCategories(context);
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
  }
  const form = vacancyForm({ today, categories: categories ?? [], mode: 'place' });
  const result = validateForm(form, formData, context.locale);
  /** The form again with what was typed, a form-level problem and the categories the action saw. */
  const problem = (error: VacancyFormError, status: number, key = posted.key) =>
    answer(
      {
        ...formFailure(form, { values: result.values, errors: {} }),
        error,
        categories: categories ?? [],
        idempotencyKey: key,
      },
      status,
    );
  if (!categories) return problem('unavailable', 503);
  const pairs = crossFieldErrors(form, result.values, result.errors, context.locale);
  const errors = { ...result.errors, ...pairs };
  if (!result.success || Object.keys(pairs).length > 0)
    return answer(
      { ...formFailure(form, { values: result.values, errors }), idempotencyKey: posted.key },
      422,
    );
  if (posted.kind === 'malformed') return problem('resubmit', 422);

  const outcome = await placeVacancy(context, result.values, context.locale, posted.key);
  switch (outcome.kind) {
    case 'stored': {
      const placed = outcome.data;
      if (!placed) return problem('failed', 502);
      const query = new URLSearchParams({
        [MY_VACANCY_QUERY.placed]: '1',
        [MY_VACANCY_QUERY.vacancy]: placed.documentId,
      });
      if (!placed.confirmationSent) query.set(MY_VACANCY_QUERY.mail, '0');
      return redirect(localizePath(`${PLACE_VACANCY_PATH}?${query}`, context.locale));
    }
    case 'refused': {
      context.logger.warn({ strapi: outcome.error.toJSON() }, 'vacancy not placed');
      const refusal = refusalOf(outcome.error, form, context.locale);
      return answer(
        {
          ...formFailure(form, { values: result.values, errors: refusal.errors }),
          ...(refusal.error ? { error: refusal.error } : {}),
          idempotencyKey: posted.key,
        },
        refusal.status,
      );
    }
    case 'key-reused':
      return problem('resubmit', 422, newIdempotencyKey());
    case 'unconfirmed':
      return problem('unconfirmed', 503);
    case 'not-sent':
      return problem('unavailable', 503);
  }
}

/**
 * Loader of `/jobs/plaatsen` (route `jobs-plaatsen`): account holders only (anonymous
 * visitors go to `/inloggen?redirect=%2Fjobs%2Fplaatsen`). The job categories for the form's select
 * and today's date (the publication start may not lie before it). After a placed vacancy
 * (`?verzonden=1&vacature={documentId}`, `&mail=0` when the confirmation e-mail failed) the page
 * confirms it by title — read back from the CMS as the visitor's own vacancy, so the link cannot
 * show anybody else's. The form carries a new idempotency key. When the CMS cannot give the
 * categories (an outage, or a slow answer after a post's write), the page says so with status 503;
 * after a post it still shows the form with what was typed. Personal page: `Cache-Control:
 * private, no-store`.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const query = new URL(request.url).searchParams;
  let categories: CategoryOption[] = [];
  let unavailable = false;
  try {
    categories = await loadCategories(context);
  } catch (error) {
    if (!isStrapiError(error) || !isOutage(error)) throw error;
    context.logger.warn({ strapi: error.toJSON() }, 'job categories not loaded');
    unavailable = true;
  }
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
  const body: PlaceVacancyData = {
    today: amsterdamToday(),
    categories,
    placed,
    email: user.email,
    unavailable,
    idempotencyKey: placed ? null : newIdempotencyKey(),
  };
  return unavailable ? answer(body, 503) : accountPage(body);
}
