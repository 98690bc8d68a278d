/**
 * Shared pieces of the account pages' loaders and actions: the answers of a rejected or
 * finished submit, the login requirement of account-only pages, and the request's query values.
 */
import { data, redirect } from 'react-router';
import type { AccountActionData, AccountNotice } from '../../shared/features/accounts/account-data.ts';
import type { AuthErrorCode } from '../../shared/features/accounts/auth-errors.ts';
import type { FieldMap, FormDefinition } from '../../shared/forms/define-form.ts';
import { type FormValidationResult, formFailure } from '../../shared/forms/validate-form.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import { pagePathOf } from '../../shared/urls.ts';
import type { PortalContext } from '../context.server.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.server.ts';
import { authErrorCode, statusOfCode } from './auth-errors.server.ts';
import type { CmsUser } from './cms-auth.server.ts';
import { identifierKey } from './rate-limit.server.ts';

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

/**
 * A 302 to an unprefixed site path in the visitor's locale, with an optional `?status=`.
 * @param headers response headers, e.g. the session's `Set-Cookie` (`context.session.headers()`)
 */
export function redirectTo(
  path: string,
  locale: Locale,
  status?: AccountNotice,
  headers?: Headers,
): Response {
  const target = localizePath(path, locale);
  const url = status ? `${target}${target.includes('?') ? '&' : '?'}status=${status}` : target;
  return redirect(url, headers ? { headers } : undefined);
}

/** A query parameter of the request, or null. */
export function queryParam(request: Request, name: string): string | null {
  return new URL(request.url).searchParams.get(name);
}

/**
 * The signed-in user of an account-only page. Anonymous visitors are sent to the login page with
 * `?redirect=` back here; during a CMS outage the page is a 503 (nobody is logged out).
 * @throws a redirect Response, or a 503 route error
 */
export async function requireUser(
  request: Request,
  context: Pick<PortalContext, 'session' | 'locale'>,
): Promise<CmsUser> {
  const state = await context.session.current();
  if (state.status === 'signed-in') return state.user;
  if (state.status === 'unavailable') {
    throw data({ message: 'Service Unavailable' }, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
  }
  const url = new URL(request.url);
  const here = `${pagePathOf(url.pathname)}${url.search}`;
  throw redirect(`${localizePath('/inloggen', context.locale)}?redirect=${encodeURIComponent(here)}`);
}

/** A one-time code from the URL or a form, or null when missing or implausible. */
export function plausibleCode(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(value) ? value : null;
}

/**
 * Sends the confirmation e-mail to `email`.
 * @returns null when it went out (or the CMS refused for a reason that must not be shown), else
 *   the code to show (`too-many-requests`, `network-request-failed`)
 */
export async function resendConfirmation(context: PortalContext, email: string) {
  if (await context.rateLimits.countAttempt(identifierKey('mail', email)))
    return 'too-many-requests' as const;
  try {
    await context.session.auth.sendEmailConfirmation(email);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed' || code === 'too-many-requests') return code;
  }
  return null;
}
