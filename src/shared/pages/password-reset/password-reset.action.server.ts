/**
 * Password-reset action (issue 4): checks the new password twice against the policy, clears the
 * old session, sets the password with the e-mailed code (`POST /auth/reset-password`) and starts
 * the new session. A used or unknown code is `invalid-action-code`.
 */
import { invalid, redirectTo, refused } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { ipLimitExceeded } from '../../../server/auth/rate-limit.server.ts';
import { clearSession, requireScope, setSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { newPasswordForm, withinPasswordBytes } from '../accounts/account-forms.ts';
import { concealAccountExistence } from '../accounts/auth-errors.ts';
import { plausibleCode } from './password-reset.loader.server.ts';

export async function passwordResetAction({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const result = validateForm(newPasswordForm, formData, context.locale);
  const code = plausibleCode(formData.get('code'));
  if (!code) return refused(newPasswordForm, result, 'invalid-action-code');
  if (!result.success) return invalid(newPasswordForm, result);
  const { password, password_confirm } = result.values;
  if (!withinPasswordBytes(password)) return refused(newPasswordForm, result, 'weak-password');
  if (ipLimitExceeded()) return refused(newPasswordForm, result, 'too-many-requests');
  clearSession();
  try {
    const { jwt, user } = await requireScope().auth.resetPassword({
      code,
      password,
      passwordConfirmation: password_confirm,
    });
    setSession(jwt, user);
  } catch (error) {
    return refused(newPasswordForm, result, concealAccountExistence(authErrorCode(error)));
  }
  return redirectTo('/account', context.locale, 'password-reset');
}
