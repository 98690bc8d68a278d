/**
 * The flow that password reset (`/wachtwoord-reset`) and account activation
 * (`/account-activeren`) share: the e-mailed code and the new password twice (the
 * portal's policy), the per-IP limit, then — with the old session cleared first — one CMS call that
 * sets the password and answers a JWT, which starts the new session. A used or unknown code is
 * `invalid-action-code`; the visitor lands on `/account` with `notice`.
 */

import type { EventType } from '../../shared/analytics/events.ts';
import type { AccountNotice } from '../../shared/features/accounts/account-data.ts';
import { newPasswordForm, withinPasswordBytes } from '../../shared/features/accounts/account-forms.ts';
import type { AuthErrorCode } from '../../shared/features/accounts/auth-errors.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { invalid, plausibleCode, redirectTo, refused } from './account-pages.server.ts';
import { authErrorCode } from './auth-errors.server.ts';
import type { AuthResponse, CmsAuth } from './cms-auth.server.ts';

export interface PasswordWithCodeOptions {
  /** The CMS call that sets the password (`resetPassword` or `activate`). */
  setPassword: (
    auth: CmsAuth,
    input: { code: string; password: string; passwordConfirmation: string },
  ) => Promise<AuthResponse>;
  /** Maps the error code shown to the visitor (e.g. to conceal whether an account exists). */
  mapError?: (code: AuthErrorCode) => AuthErrorCode;
  /** Notice on `/account` after success. */
  notice: AccountNotice;
  /** The analytics event of a success (docs/analytics.md). */
  recorded: EventType;
}

/** Runs the shared flow for one posted form; answers 422 with messages or redirects to `/account`. */
export async function passwordWithCodeAction(
  { request, context }: PortalLoaderArgs,
  { setPassword, mapError = (code) => code, notice, recorded }: PasswordWithCodeOptions,
) {
  const formData = await request.formData();
  const result = validateForm(newPasswordForm, formData, context.locale);
  const code = plausibleCode(formData.get('code'));
  if (!code) return refused(newPasswordForm, result, 'invalid-action-code');
  if (!result.success) return invalid(newPasswordForm, result);
  const { password, password_confirm } = result.values;
  if (!withinPasswordBytes(password)) return refused(newPasswordForm, result, 'weak-password');
  if (context.rateLimits.ipLimited) return refused(newPasswordForm, result, 'too-many-requests');
  context.session.clear();
  try {
    const { jwt, user } = await setPassword(context.session.auth, {
      code,
      password,
      passwordConfirmation: password_confirm,
    });
    context.session.set(jwt, user);
    context.analytics.record({ eventType: recorded });
  } catch (error) {
    return refused(newPasswordForm, result, mapError(authErrorCode(error)));
  }
  return redirectTo('/account', context.locale, notice, context.session.headers());
}
