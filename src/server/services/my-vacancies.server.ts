/**
 * The portal's calls for an account holder's own vacancies: every call carries the
 * visitor's session JWT, so the CMS sees `ctx.state.user`, sets the owner itself and answers 404 for
 * anybody else's vacancy (cms/src/api/vacancy, policy `is-owner`). Also the job categories for the
 * form's select and the mapping of CMS refusals onto the form.
 */
import { data } from 'react-router';
import type { JobCategory, StrapiList } from '../../shared/cms-types.ts';
import type {
  OwnVacancy,
  OwnVacancySummary,
  VacancyActionData,
  VacancyFormError,
} from '../../shared/features/vacancies/my-vacancies-data.ts';
import type {
  CategoryOption,
  VacancyForm,
  VacancyFormValues,
} from '../../shared/features/vacancies/vacancy-form.ts';
import type { FieldErrors } from '../../shared/forms/validate-form.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { fixedT } from '../../shared/i18n/translations.ts';
import { ACCOUNT_PAGE_HEADERS } from '../auth/account-pages.server.ts';
import type { StrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';
import { type SubmitOutcome, submitOnce } from './submit-once.server.ts';

/** Owner's list page size. */
const MY_VACANCIES_PAGE_SIZE = 10;

/** A Strapi documentId as it may appear in a URL (`{id}` of `/jobs/mijn/{id}`). */
export const DOCUMENT_ID = /^[a-z0-9]{1,64}$/;

/**
 * A personal answer of a vacancy page (never stored by any cache): an action's answer, or a loader's
 * with a status other than 200.
 */
export function vacancyAnswer<T = VacancyActionData>(body: T, status: number) {
  return data(body, { status, headers: ACCOUNT_PAGE_HEADERS });
}

type Context = Pick<PortalContext, 'strapi' | 'logger' | 'session'>;

/** The session JWT of the request (the page has made sure there is a signed-in user). */
function jwtOf(context: Context): string {
  return context.session.token() ?? '';
}

/** The job categories for the select, by name (a cached public read). */
export async function loadCategories(context: Context): Promise<CategoryOption[]> {
  const list = await context.strapi.find<JobCategory>('job-categories', {
    fields: ['name'],
    sort: ['name:asc'],
    pagination: { page: 1, pageSize: 100 },
  });
  return list.data.map((category) => ({ documentId: category.documentId, name: category.name }));
}

/**
 * One page of the visitor's vacancies, newest first.
 * @param page 1-based
 * @throws StrapiError when the CMS fails
 */
export async function loadMyVacancies(
  context: Context,
  page: number,
): Promise<StrapiList<OwnVacancySummary>> {
  return context.strapi.request<StrapiList<OwnVacancySummary>>('/vacancies/mine', {
    query: { page, pageSize: MY_VACANCIES_PAGE_SIZE },
    jwt: jwtOf(context),
  });
}

/**
 * One of the visitor's vacancies.
 * @throws StrapiError 404 when it does not exist or belongs to somebody else
 */
export async function loadMyVacancy(context: Context, documentId: string): Promise<OwnVacancy> {
  const body = await context.strapi.request<{ data: OwnVacancy }>(
    `/vacancies/mine/${encodeURIComponent(documentId)}`,
    { jwt: jwtOf(context) },
  );
  return body.data;
}

/** What the portal sends the CMS for a vacancy (plain text description; the CMS makes blocks). */
function payload(values: VacancyFormValues, locale: Locale): Record<string, unknown> {
  return { ...values, terms: values.terms === true, locale };
}

/** The CMS's answer to a placed vacancy. */
export interface PlacedVacancy {
  documentId: string;
  status: 'pending';
  confirmationSent: boolean;
}

/**
 * Places a vacancy for review once (`POST /api/vacancies/mine` with the form's idempotency key and
 * the visitor's JWT; services/submit-once.server.ts).
 * @param key the form's idempotency key
 * @returns how the write ended (never throws for CMS failures)
 */
export function placeVacancy(
  context: Context,
  values: VacancyFormValues,
  locale: Locale,
  key: string,
): Promise<SubmitOutcome<PlacedVacancy>> {
  return submitOnce<PlacedVacancy>(context, {
    path: '/vacancies/mine',
    data: payload(values, locale),
    key,
    jwt: jwtOf(context),
  });
}

/** Saves new content; the vacancy goes back to review (`PUT /api/vacancies/mine/{id}`). @throws StrapiError */
export async function updateMyVacancy(
  context: Context,
  documentId: string,
  values: VacancyFormValues,
  locale: Locale,
): Promise<void> {
  await context.strapi.request(`/vacancies/mine/${encodeURIComponent(documentId)}`, {
    method: 'PUT',
    body: { data: payload(values, locale) },
    jwt: jwtOf(context),
  });
}

/** Withdraws a vacancy (`POST /api/vacancies/mine/{id}/withdraw`). @throws StrapiError */
export async function withdrawMyVacancy(context: Context, documentId: string): Promise<void> {
  await context.strapi.request(`/vacancies/mine/${encodeURIComponent(documentId)}/withdraw`, {
    method: 'POST',
    jwt: jwtOf(context),
  });
}

/** A CMS refusal of a vacancy post, as the form shows it. */
export interface Refusal {
  status: number;
  error?: VacancyFormError;
  errors: FieldErrors;
}

/**
 * Maps a CMS failure of a vacancy post onto the form: an outage (5xx, timeout, network) is
 * `unavailable` (503); a refused field (400 with `details.field`, e.g. a category removed meanwhile)
 * gets a message next to it (422); a withdrawn vacancy is `withdrawn` (409); anything else `failed`.
 * @param form the form the values were posted with (to tell its fields)
 */
export function refusalOf(error: StrapiError, form: VacancyForm, locale: Locale): Refusal {
  if (error.status >= 500 || error.status === 499) return { status: 503, error: 'unavailable', errors: {} };
  const details = error.details as { field?: unknown; code?: unknown } | null;
  if (error.status === 409 && details?.code === 'withdrawn')
    return { status: 409, error: 'withdrawn', errors: {} };
  const field = typeof details?.field === 'string' ? details.field : '';
  if (error.status === 400 && form.names.includes(field)) {
    return { status: 422, errors: { [field]: [fixedT(locale)('myVacancies.errors.fieldRefused')] } };
  }
  return { status: 400, error: 'failed', errors: {} };
}
