/** Route module of the `register` page (src/shared/pages/register/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { redirect } from 'react-router';
import { registerForm, withinPasswordBytes } from '../../shared/features/accounts/account-forms.ts';
import { safeRedirectPath } from '../../shared/features/accounts/redirect-target.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { RegisterData } from '../../shared/pages/register/register.page.tsx';
import { accountPage, done, invalid, queryParam, redirectTo, refused } from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import type { RegisterResponse } from '../auth/cms-auth.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Registration action: validates the form (password policy, confirmation, terms),
 * limits per IP and per address, clears the old session and calls `POST /auth/local/register`
 * with the e-mail address as username. When the CMS requires e-mail confirmation (the default,
 * CMS env EMAIL_CONFIRMATION) the page tells the visitor to check their mail; otherwise the
 * answer carries a JWT, the session starts and the visitor goes to the account page (or back to
 * `redirect`). A taken address is `email-already-in-use`; an outage keeps what was typed.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const result = validateForm(registerForm, formData, context.locale);
  if (!result.success) return invalid(registerForm, result);
  const { email, password } = result.values;
  if (!withinPasswordBytes(password)) return refused(registerForm, result, 'weak-password');
  if (context.rateLimits.ipLimited || (await context.rateLimits.countAttempt(identifierKey('mail', email)))) {
    return refused(registerForm, result, 'too-many-requests');
  }
  context.session.clear();
  let answer: RegisterResponse;
  try {
    answer = await context.session.auth.register({ username: email, email, password });
  } catch (error) {
    return refused(registerForm, result, authErrorCode(error));
  }
  context.analytics.record({ eventType: 'UserSignUp' });
  if (!answer.jwt) return done('registered', { email });
  context.session.set(answer.jwt, answer.user);
  const back = safeRedirectPath(formData.get('redirect'));
  const headers = context.session.headers();
  return back ? redirect(back, { headers }) : redirectTo('/account', context.locale, 'welcome', headers);
}

/* `/registreren`: the registration page; a signed-in visitor goes to the account page. */

export async function loader({ request, context }: PortalLoaderArgs) {
  const session = await context.session.current();
  if (session.status === 'signed-in') throw redirect(localizePath('/account', context.locale));
  const body: RegisterData = { redirect: safeRedirectPath(queryParam(request, 'redirect')) };
  return accountPage(body);
}
