/**
 * Login action (issue 4): validates the form, applies the per-IP and per-address limits (five
 * failed attempts per address and window), clears the old session, signs in with
 * `POST /auth/local` and sets the new session; then returns to the `redirect` target. Failures
 * never tell whether the address has an account (`invalid-credential`), and keep the address.
 */

import { redirect } from 'react-router';
import { invalid, refused } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import {
  countAttempt,
  identifierExhausted,
  identifierKey,
  ipLimitExceeded,
  resetAttempts,
} from '../../../server/auth/rate-limit.server.ts';
import { clearSession, requireScope, setSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { loginForm } from '../accounts/account-forms.ts';
import { concealAccountExistence } from '../accounts/auth-errors.ts';
import { afterLogin } from './login.loader.server.ts';

export async function loginAction({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const result = validateForm(loginForm, formData, context.locale);
  if (!result.success) return invalid(loginForm, result);
  if (ipLimitExceeded()) return refused(loginForm, result, 'too-many-requests');
  const key = identifierKey('login', result.values.email);
  if (await identifierExhausted(key)) return refused(loginForm, result, 'too-many-requests');
  clearSession();
  try {
    const { jwt, user } = await requireScope().auth.login(result.values.email, result.values.password);
    await resetAttempts(key);
    setSession(jwt, user);
  } catch (error) {
    const code = concealAccountExistence(authErrorCode(error));
    if (code === 'invalid-credential' && (await countAttempt(key))) {
      return refused(loginForm, result, 'too-many-requests');
    }
    return refused(loginForm, result, code);
  }
  return redirect(afterLogin(request, context.locale, formData.get('redirect')));
}
