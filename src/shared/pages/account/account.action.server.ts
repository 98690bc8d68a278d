/**
 * Actions of `/account` (issue 4), chosen by the posted `intent`:
 * - `logout` (also posted by the header's user menu): clears the session and goes to the login page;
 * - `change-password`: current password, new password twice (policy, and different from the
 *   current one); a wrong current password is `wrong-password`; the CMS answers a fresh JWT, which
 *   replaces the session; at most AUTH_RATE_LIMIT_IDENTIFIER attempts per account and window;
 * - `resend-confirmation`: sends the confirmation e-mail to the account's address again.
 * Anonymous posts (other than logout) go to the login page.
 */
import { data } from 'react-router';
import {
  ACCOUNT_PAGE_HEADERS,
  done,
  invalid,
  redirectTo,
  refused,
  requireUser,
} from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { countAttempt, identifierKey } from '../../../server/auth/rate-limit.server.ts';
import { clearSession, requireScope, sessionToken, setSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { getI18n } from '../../i18n/i18n.ts';
import type { AccountActionData } from '../accounts/account-data.ts';
import { changePasswordForm, withinPasswordBytes } from '../accounts/account-forms.ts';
import { resendConfirmation } from '../email-confirm/email-confirm.action.server.ts';

export async function accountAction({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'logout') {
    clearSession();
    return redirectTo('/inloggen', context.locale, 'logged-out');
  }
  const user = await requireUser(request, context);
  if (intent === 'resend-confirmation') {
    const problem = await resendConfirmation(user.email);
    if (problem) {
      const body: AccountActionData = { form: 'confirmation', error: problem };
      return data(body, {
        status: problem === 'too-many-requests' ? 429 : 503,
        headers: ACCOUNT_PAGE_HEADERS,
      });
    }
    return done('confirmation-sent', { form: 'confirmation', email: user.email });
  }
  if (intent !== 'change-password') {
    return data({ message: 'Bad Request' } as const, { status: 400, headers: ACCOUNT_PAGE_HEADERS });
  }
  const form = { form: 'password' };
  const result = validateForm(changePasswordForm, formData, context.locale);
  if (!result.success) return invalid(changePasswordForm, result, form);
  const { current_password, password, password_confirm } = result.values;
  if (password === current_password) {
    const message = getI18n(context.locale).t('accounts.account.samePassword');
    return invalid(changePasswordForm, { values: result.values, errors: { password: [message] } }, form);
  }
  if (!withinPasswordBytes(password)) return refused(changePasswordForm, result, 'weak-password', form);
  if (await countAttempt(identifierKey('password', user.id))) {
    return refused(changePasswordForm, result, 'too-many-requests', form);
  }
  const jwt = sessionToken(request);
  try {
    const answer = await requireScope().auth.changePassword(jwt ?? '', {
      currentPassword: current_password,
      password,
      passwordConfirmation: password_confirm,
    });
    setSession(answer.jwt, answer.user);
  } catch (error) {
    return refused(changePasswordForm, result, authErrorCode(error, jwt), form);
  }
  return redirectTo('/account', context.locale, 'password-changed');
}
