/**
 * Shared pieces of the account pages' loaders and actions (issue 4): the answers of a rejected or
 * finished submit, the login requirement of account-only pages, and the request's query values.
 */
import { data, redirect } from 'react-router';
import type { FieldMap, FormDefinition } from '../../shared/forms/define-form.ts';
import { type FormValidationResult, formFailure } from '../../shared/forms/validate-form.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import type { AccountActionData, AccountNotice } from '../../shared/pages/accounts/account-data.ts';
import type { AuthErrorCode } from '../../shared/pages/accounts/auth-errors.ts';
import type { PortalContext } from '../render/context.server.ts';
import { statusOfCode } from './auth-errors.server.ts';
import type { CmsUser } from './cms-auth.server.ts';
import { currentSession, PRIVATE_NO_STORE } from './session.server.ts';

/** Headers of every account page: personal or carrying one-time codes, so never stored. */
export const ACCOUNT_PAGE_HEADERS = { 'Cache-Control': PRIVATE_NO_STORE };

/** A loader answer of an account page. */
export function accountPage<T>(body: T) {
  return data(body, { headers: ACCOUNT_PAGE_HEADERS });
}

/** 422 with the form's messages and values (passwords left out). */
export function invalid<F extends FieldMap>(
  form: FormDefinition<F>,
  result: Pick<FormValidationResult<F>, 'values' | 'errors'>,
  extra: Partial<AccountActionData> = {},
) {
  const body: AccountActionData = { ...formFailure(form, result), ...extra };
  return data(body, { status: 422, headers: ACCOUNT_PAGE_HEADERS });
}

/** A refused submit with an auth error code: the values are kept, the status follows the code. */
export function refused<F extends FieldMap>(
  form: FormDefinition<F>,
  result: Pick<FormValidationResult<F>, 'values'>,
  error: AuthErrorCode,
  extra: Partial<AccountActionData> = {},
) {
  const body: AccountActionData = {
    ...formFailure(form, { values: result.values, errors: {} }),
    error,
    ...extra,
  };
  return data(body, { status: statusOfCode(error), headers: ACCOUNT_PAGE_HEADERS });
}

/** A finished step the page confirms (the form starts empty again). */
export function done(notice: AccountNotice, extra: Partial<AccountActionData> = {}) {
  const body: AccountActionData = { done: notice, values: {}, errors: {}, ...extra };
  return data(body, { headers: ACCOUNT_PAGE_HEADERS });
}

/** A 302 to an unprefixed site path in the visitor's locale, with an optional `?status=`. */
export function redirectTo(path: string, locale: Locale, status?: AccountNotice): Response {
  const target = localizePath(path, locale);
  return redirect(status ? `${target}${target.includes('?') ? '&' : '?'}status=${status}` : target);
}

/** A query parameter of the request, or null. */
export function queryParam(request: Request, name: string): string | null {
  return new URL(request.url).searchParams.get(name);
}

/**
 * The signed-in user of an account-only page. Anonymous visitors are sent to the login page with
 * `?redirect=` back here (issue 4); during a CMS outage the page is a 503 (nobody is logged out).
 * @throws a redirect Response, or a 503 route error
 */
export async function requireUser(
  request: Request,
  context: Pick<PortalContext, 'strapi' | 'logger' | 'locale'>,
): Promise<CmsUser> {
  const state = await currentSession(request, context);
  if (state.status === 'signed-in') return state.user;
  if (state.status === 'unavailable') {
    throw data({ message: 'Service Unavailable' }, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
  }
  const url = new URL(request.url);
  const here = `${url.pathname.replace(/^\/__data(?=\/)/, '')}${url.search}`;
  throw redirect(`${localizePath('/inloggen', context.locale)}?redirect=${encodeURIComponent(here)}`);
}
