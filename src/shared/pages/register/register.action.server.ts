/**
 * Registration action (issue 4): validates the form (password policy, confirmation, terms),
 * limits per IP and per address, clears the old session and calls `POST /auth/local/register`
 * with the e-mail address as username. When the CMS requires e-mail confirmation (the default,
 * CMS env EMAIL_CONFIRMATION) the page tells the visitor to check their mail; otherwise the
 * answer carries a JWT, the session starts and the visitor goes to the account page (or back to
 * `redirect`). A taken address is `email-already-in-use`; an outage keeps what was typed.
 */
import { redirect } from 'react-router';
import { done, invalid, redirectTo, refused } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import type { RegisterResponse } from '../../../server/auth/cms-auth.server.ts';
import { countAttempt, identifierKey, ipLimitExceeded } from '../../../server/auth/rate-limit.server.ts';
import { clearSession, requireScope, setSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { registerForm, withinPasswordBytes } from '../accounts/account-forms.ts';
import { safeRedirectPath } from '../accounts/redirect-target.ts';

export async function registerAction({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const result = validateForm(registerForm, formData, context.locale);
  if (!result.success) return invalid(registerForm, result);
  const { email, password } = result.values;
  if (!withinPasswordBytes(password)) return refused(registerForm, result, 'weak-password');
  if (ipLimitExceeded() || (await countAttempt(identifierKey('mail', email)))) {
    return refused(registerForm, result, 'too-many-requests');
  }
  clearSession();
  let answer: RegisterResponse;
  try {
    answer = await requireScope().auth.register({ username: email, email, password });
  } catch (error) {
    return refused(registerForm, result, authErrorCode(error));
  }
  if (!answer.jwt) return done('registered', { email });
  setSession(answer.jwt, answer.user);
  const back = safeRedirectPath(formData.get('redirect'));
  return back ? redirect(back) : redirectTo('/account', context.locale, 'welcome');
}
