/** Route module of the `account` page (src/shared/pages/account/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import type { AccountActionData } from '../../shared/features/accounts/account-data.ts';
import { isAccountNotice } from '../../shared/features/accounts/account-data.ts';
import { changePasswordForm, withinPasswordBytes } from '../../shared/features/accounts/account-forms.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { fixedT } from '../../shared/i18n/translations.ts';
import type { AccountData } from '../../shared/pages/account/account.page.tsx';
import {
  ACCOUNT_PAGE_HEADERS,
  accountPage,
  done,
  invalid,
  queryParam,
  redirectTo,
  refused,
  requireUser,
  resendConfirmation,
} from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import { toPublicUser } from '../auth/session.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { loadMyRegistrations } from '../services/my-registrations.server.ts';

/**
 * Actions of `/account`, chosen by the posted `intent`:
 * - `logout` (also posted by the header's user menu): ends the session at the CMS (its token is
 *   refused from then on), clears the cookie and goes to the login page;
 * - `logout-everywhere`: ends every session of the account (other browsers and devices too) and
 *   goes to the login page; when the CMS cannot confirm it, the page says so (503) and nothing
 *   changes (docs/decisions/049-sessions-that-end.md);
 * - `change-password`: current password, new password twice (policy, and different from the
 *   current one); a wrong current password is `wrong-password`; the CMS answers a fresh JWT, which
 *   replaces the session; at most AUTH_RATE_LIMIT_IDENTIFIER attempts per account and window;
 * - `resend-confirmation`: sends the confirmation e-mail to the account's address again.
 * Anonymous posts (other than logout) go to the login page.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent === 'logout') {
    if (context.session.token()) context.analytics.record({ eventType: 'UserSignOut' });
    await context.session.end();
    return redirectTo('/inloggen', context.locale, 'logged-out', context.session.headers());
  }
  const user = await requireUser(request, context);
  if (intent === 'logout-everywhere') {
    if (await context.session.end(true)) {
      context.analytics.record({ eventType: 'UserSignOut' });
      return redirectTo('/inloggen', context.locale, 'logged-out-everywhere', context.session.headers());
    }
    const body: AccountActionData = { form: 'sessions', error: 'network-request-failed' };
    return data(body, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
  }
  if (intent === 'resend-confirmation') {
    const problem = await resendConfirmation(context, user.email);
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
    const message = fixedT(context.locale)('accounts.account.samePassword');
    return invalid(changePasswordForm, { values: result.values, errors: { password: [message] } }, form);
  }
  if (!withinPasswordBytes(password)) return refused(changePasswordForm, result, 'weak-password', form);
  if (await context.rateLimits.countAttempt(identifierKey('password', user.id))) {
    return refused(changePasswordForm, result, 'too-many-requests', form);
  }
  const jwt = context.session.token();
  try {
    const answer = await context.session.auth.changePassword(jwt ?? '', {
      currentPassword: current_password,
      password,
      passwordConfirmation: password_confirm,
    });
    context.session.set(answer.jwt, answer.user);
    context.analytics.record({ eventType: 'UpdatePassword' });
  } catch (error) {
    return refused(changePasswordForm, result, authErrorCode(error, jwt), form);
  }
  return redirectTo('/account', context.locale, 'password-changed', context.session.headers());
}

/**
 * `/account`: the signed-in user's profile, their event registrations, change
 * password, send the confirmation e-mail again and log out. Anonymous visitors are sent to `/inloggen?redirect=/account`.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const status = queryParam(request, 'status');
  const body: AccountData = {
    profile: {
      ...toPublicUser(user),
      createdAt: typeof user.createdAt === 'string' ? user.createdAt : null,
      provider: typeof user.provider === 'string' ? user.provider : 'local',
    },
    notice: isAccountNotice(status) ? status : null,
    // Event registrations made while signed in; null when the CMS could not answer.
    myRegistrations: await loadMyRegistrations(context),
  };
  return accountPage(body);
}
