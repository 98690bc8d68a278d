/** Route module of the `login` page (src/shared/pages/login/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { redirect } from 'react-router';
import { isAccountNotice } from '../../shared/features/accounts/account-data.ts';
import { loginForm } from '../../shared/features/accounts/account-forms.ts';
import { concealAccountExistence, isAuthErrorCode } from '../../shared/features/accounts/auth-errors.ts';
import { safeRedirectPath } from '../../shared/features/accounts/redirect-target.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { type Locale, localizePath } from '../../shared/i18n/locale.ts';
import type { LoginData } from '../../shared/pages/login/login.page.tsx';
import { accountPage, invalid, queryParam, refused } from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Login action: validates the form, applies the per-IP limit and the failed-login limits (per
 * address and client, and more slowly per address; docs/decisions/023), clears the old session, signs in with
 * `POST /auth/local` and sets the new session; then returns to the `redirect` target. Failures
 * never tell whether the address has an account (`invalid-credential`), and keep the address.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const result = validateForm(loginForm, formData, context.locale);
  if (!result.success) return invalid(loginForm, result);
  if (context.rateLimits.ipLimited) return refused(loginForm, result, 'too-many-requests');
  const key = identifierKey('login', result.values.email);
  if (await context.rateLimits.identifierExhausted(key))
    return refused(loginForm, result, 'too-many-requests');
  context.session.clear();
  try {
    const { jwt, user } = await context.session.auth.login(result.values.email, result.values.password);
    await context.rateLimits.resetAttempts(key);
    context.session.set(jwt, user);
    context.analytics.record({ eventType: 'UserSignIn' });
  } catch (error) {
    const code = concealAccountExistence(authErrorCode(error));
    if (code === 'invalid-credential') context.analytics.record({ eventType: 'AuthFail' });
    if (code === 'invalid-credential' && (await context.rateLimits.countAttempt(key))) {
      return refused(loginForm, result, 'too-many-requests');
    }
    return refused(loginForm, result, code);
  }
  return redirect(afterLogin(request, context.locale, formData.get('redirect')), {
    headers: context.session.headers(),
  });
}

/**
 * `/inloggen`: the login page. A visitor who is already signed in goes straight to the
 * `redirect` target (or `/account`). `?error=` (an auth error code, from external sign-in) and
 * `?status=` (e.g. `logged-out`) are shown on the page; anything else in them is ignored.
 */
export function afterLogin(request: Request, locale: Locale, formValue?: FormDataEntryValue | null): string {
  return (
    safeRedirectPath(formValue) ??
    safeRedirectPath(queryParam(request, 'redirect')) ??
    localizePath('/account', locale)
  );
}

export async function loader({ request, context }: PortalLoaderArgs) {
  const session = await context.session.current();
  if (session.status === 'signed-in') throw redirect(afterLogin(request, context.locale));
  const error = queryParam(request, 'error');
  const status = queryParam(request, 'status');
  const body: LoginData = {
    redirect: safeRedirectPath(queryParam(request, 'redirect')),
    error: isAuthErrorCode(error) ? concealAccountExistence(error) : null,
    notice: isAccountNotice(status) ? status : null,
    providers: context.session.config.providers,
  };
  return accountPage(body);
}
