/** Route module of the `account` page (src/shared/pages/account/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import type { AccountActionData } from '../../shared/features/accounts/account-data.ts';
import { isAccountNotice } from '../../shared/features/accounts/account-data.ts';
import {
  accountNewsletterForm,
  changePasswordForm,
  deleteAccountForm,
  deleteProviderAccountForm,
  emailChangeForm,
  emailChangeProviderForm,
  nameForm,
  withinPasswordBytes,
} from '../../shared/features/accounts/account-forms.ts';
import type { AuthErrorCode } from '../../shared/features/accounts/auth-errors.ts';
import type { FieldMap, FormDefinition, FormValues } from '../../shared/forms/define-form.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { fixedT } from '../../shared/i18n/translations.ts';
import type { AccountData } from '../../shared/pages/account/account.page.tsx';
import {
  ACCOUNT_PAGE_HEADERS,
  accountPage,
  done,
  invalid,
  plausibleCode,
  queryParam,
  redirectTo,
  refused,
  requireUser,
  resendConfirmation,
} from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import type { CmsUser } from '../auth/cms-auth.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import { toPublicUser } from '../auth/session.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { loadMyRegistrations } from '../services/my-registrations.server.ts';
import {
  newIdempotencyKey,
  type PostedKey,
  postedIdempotencyKey,
  type SubmitOutcome,
  submitOnce,
} from '../services/submit-once.server.ts';

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
 * - `resend-confirmation`: sends the confirmation e-mail to the account's address again;
 * - `update-name`: the holder's name (empty removes it) → `?status=name-changed`;
 * - `change-email`: the new address and the current password (an external provider's account
 *   has none); the CMS mails a link to the new address, once per idempotency key (decision 093),
 *   and the current address stays until that link is followed → `?status=email-change-sent`;
 * - `newsletter-subscribe`: the newsletter's double opt-in for the account's address (topics and
 *   consent, as on `/nieuwsbrief`, once per key) → `?status=newsletter-check-mail`;
 *   `newsletter-unsubscribe` → `?status=newsletter-unsubscribed`;
 * - `delete-account`: the current password again (an account of an external provider types its
 *   e-mail address); the CMS deletes the account and its personal data and mails a confirmation
 *   (docs/personal-data.md), the cookie is cleared and the visitor goes to the login page with
 *   `?status=account-deleted`; a wrong password keeps the account (400), at most
 *   AUTH_RATE_LIMIT_IDENTIFIER attempts per account and window.
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
  if (intent === 'delete-account') return deleteAccount(formData, user, context);
  if (intent === 'update-name') return updateName(formData, context);
  if (intent === 'change-email') return changeEmail(formData, user, context);
  if (intent === 'newsletter-subscribe') return subscribeNewsletter(formData, user, context);
  if (intent === 'newsletter-unsubscribe') return unsubscribeNewsletter(context);
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

/** The `delete-account` intent of {@link action}. */
function deleteAccount(
  formData: FormData,
  user: { id: number; provider?: unknown },
  context: PortalLoaderArgs['context'],
) {
  const local = (typeof user.provider === 'string' ? user.provider : 'local') === 'local';
  return local
    ? deleteWithProof(deleteAccountForm, formData, user, context, (values) => ({
        password: values.password,
      }))
    : deleteWithProof(deleteProviderAccountForm, formData, user, context, (values) => ({
        email: values.email,
      }));
}

/**
 * Deletes the account when `definition`'s values prove it is the holder's; a refused proof of an
 * external provider's account (its e-mail address) is a message at that field.
 */
async function deleteWithProof<F extends FieldMap>(
  definition: FormDefinition<F>,
  formData: FormData,
  user: { id: number },
  context: PortalLoaderArgs['context'],
  proofOf: (values: FormValues<F>) => { password: string } | { email: string },
) {
  const form = { form: 'delete' };
  const result = validateForm(definition, formData, context.locale);
  if (!result.success) return invalid(definition, result, form);
  // Deleting asks the password: its attempts count with those of changing it.
  if (await context.rateLimits.countAttempt(identifierKey('password', user.id))) {
    return refused(definition, result, 'too-many-requests', form);
  }
  const jwt = context.session.token();
  const proof = proofOf(result.values);
  try {
    await context.session.auth.deleteAccount(jwt ?? '', proof);
  } catch (error) {
    const code = authErrorCode(error, jwt);
    if ('email' in proof && code === 'wrong-password') {
      const message = fixedT(context.locale)('accounts.account.deleteEmailMismatch');
      return invalid(definition, { values: result.values, errors: { email: [message] } as never }, form);
    }
    return refused(definition, result, code, form);
  }
  context.analytics.record({ eventType: 'UserSignOut' });
  context.session.clear();
  return redirectTo('/inloggen', context.locale, 'account-deleted', context.session.headers());
}

/** The `update-name` intent of {@link action}. */
async function updateName(formData: FormData, context: PortalLoaderArgs['context']) {
  const form = { form: 'name' };
  const result = validateForm(nameForm, formData, context.locale);
  if (!result.success) return invalid(nameForm, result, form);
  const jwt = context.session.token();
  const fullName = (result.values.fullName ?? '').trim();
  try {
    await context.session.auth.updateProfile(jwt ?? '', fullName === '' ? null : fullName);
  } catch (error) {
    return refused(nameForm, result, authErrorCode(error, jwt), form);
  }
  return redirectTo('/account', context.locale, 'name-changed', context.session.headers());
}

/** The auth error code a form shows for an outcome of {@link submitOnce} that stored nothing (yet). */
function outcomeCode(outcome: Exclude<SubmitOutcome<unknown>, { kind: 'stored' }>, jwt: string | null) {
  if (outcome.kind === 'refused') return authErrorCode(outcome.error, jwt);
  // Not sent, perhaps sent, or a key used for other values: sending it again is safe (its key).
  return 'network-request-failed' as const;
}

/** The key a refused form shows again: the posted one, or a new one when it cannot be used again. */
function keyAfter(posted: PostedKey, outcome?: SubmitOutcome<unknown>): string {
  return posted.kind === 'malformed' || outcome?.kind === 'key-reused' ? newIdempotencyKey() : posted.key;
}

/** The `change-email` intent of {@link action}. */
function changeEmail(formData: FormData, user: CmsUser, context: PortalLoaderArgs['context']) {
  const local = (typeof user.provider === 'string' ? user.provider : 'local') === 'local';
  return local
    ? requestEmailChange(emailChangeForm, formData, user, context, (values) => values.current_password)
    : requestEmailChange(emailChangeProviderForm, formData, user, context, () => undefined);
}

/** Asks the CMS to mail a confirmation link to the new address (see {@link action}). */
async function requestEmailChange<F extends FieldMap>(
  definition: FormDefinition<F>,
  formData: FormData,
  user: CmsUser,
  context: PortalLoaderArgs['context'],
  passwordOf: (values: FormValues<F>) => string | undefined,
) {
  const posted = postedIdempotencyKey(formData);
  const result = validateForm(definition, formData, context.locale);
  const form = { form: 'email', idempotencyKey: keyAfter(posted) };
  if (!result.success) return invalid(definition, result, form);
  const values = result.values as FormValues<F> & { email: string };
  const email = values.email.trim().toLowerCase();
  if (email === user.email.toLowerCase()) {
    const message = fixedT(context.locale)('accounts.account.sameEmail');
    return invalid(definition, { values: result.values, errors: { email: [message] } as never }, form);
  }
  if (posted.kind === 'malformed') return refused(definition, result, 'internal-error', form);
  if (await context.rateLimits.countAttempt(identifierKey('password', user.id))) {
    return refused(definition, result, 'too-many-requests', form);
  }
  const jwt = context.session.token();
  const outcome = await submitOnce(context, {
    path: '/account/email-change',
    data: { email, password: passwordOf(values) ?? '' },
    key: posted.key,
    jwt,
  });
  if (outcome.kind !== 'stored') {
    return refused(definition, result, outcomeCode(outcome, jwt), {
      form: 'email',
      idempotencyKey: keyAfter(posted, outcome),
    });
  }
  return redirectTo('/account', context.locale, 'email-change-sent', context.session.headers());
}

/** The `newsletter-subscribe` intent of {@link action}: the newsletter's own double opt-in. */
async function subscribeNewsletter(formData: FormData, user: CmsUser, context: PortalLoaderArgs['context']) {
  const posted = postedIdempotencyKey(formData);
  const form = { form: 'newsletter', idempotencyKey: keyAfter(posted) };
  const result = validateForm(accountNewsletterForm, formData, context.locale);
  if (!result.success) return invalid(accountNewsletterForm, result, form);
  if (posted.kind === 'malformed') return refused(accountNewsletterForm, result, 'internal-error', form);
  const fullName = typeof user.fullName === 'string' ? user.fullName.trim() : '';
  const firstName = fullName.split(/\s+/)[0]?.slice(0, 60) || null;
  const jwt = context.session.token();
  const outcome = await submitOnce(context, {
    path: '/newsletter-subscriptions',
    data: {
      email: user.email,
      firstName,
      topics: result.values.topics ?? [],
      consent: true,
      language: context.locale,
    },
    key: posted.key,
    jwt,
  });
  if (outcome.kind !== 'stored') {
    return refused(accountNewsletterForm, result, outcomeCode(outcome, jwt), {
      form: 'newsletter',
      idempotencyKey: keyAfter(posted, outcome),
    });
  }
  return redirectTo('/account', context.locale, 'newsletter-check-mail', context.session.headers());
}

/** The `newsletter-unsubscribe` intent of {@link action}. */
async function unsubscribeNewsletter(context: PortalLoaderArgs['context']) {
  const jwt = context.session.token();
  try {
    await context.session.auth.unsubscribeNewsletter(jwt ?? '');
  } catch (error) {
    const body: AccountActionData = { form: 'newsletter', error: authErrorCode(error, jwt) };
    return data(body, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
  }
  return redirectTo('/account', context.locale, 'newsletter-unsubscribed', context.session.headers());
}

/**
 * Follows the link of an e-mail change (`/account?email-wijziging=<code>`): the pending address
 * becomes the account's (`?status=email-changed`), or the code that refused it.
 * @throws the redirect Response after a confirmed change
 */
async function confirmEmailChange(
  code: string,
  context: PortalLoaderArgs['context'],
): Promise<AuthErrorCode> {
  const jwt = context.session.token();
  try {
    await context.session.auth.confirmEmailChange(jwt ?? '', code);
  } catch (error) {
    return authErrorCode(error, jwt);
  }
  throw redirectTo('/account', context.locale, 'email-changed', context.session.headers());
}

/** The pending e-mail change and newsletter state, or null when the CMS could not answer. */
async function loadOverview(context: PortalLoaderArgs['context']): Promise<AccountData['own']> {
  try {
    return (await context.session.auth.overview(context.session.token() ?? '')).data;
  } catch (error) {
    authErrorCode(error);
    return null;
  }
}

/**
 * `/account`: the signed-in user's profile (name, e-mail address and a pending change of it),
 * their event registrations, the newsletter state, change password, send the confirmation e-mail
 * again, download the data, delete the account and log out. `?email-wijziging=<code>` (the link
 * sent to a new address) confirms an e-mail change first. Anonymous visitors are sent to `/inloggen?redirect=/account`.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const status = queryParam(request, 'status');
  const rawCode = queryParam(request, 'email-wijziging');
  const code = rawCode === null ? null : plausibleCode(rawCode);
  // The link of an e-mail change: a confirmed change redirects (the code leaves the address bar).
  const emailChangeError =
    rawCode === null ? null : code ? await confirmEmailChange(code, context) : 'invalid-action-code';
  const [myRegistrations, own] = await Promise.all([loadMyRegistrations(context), loadOverview(context)]);
  const body: AccountData = {
    profile: {
      ...toPublicUser(user),
      createdAt: typeof user.createdAt === 'string' ? user.createdAt : null,
      provider: typeof user.provider === 'string' ? user.provider : 'local',
      fullName: typeof user.fullName === 'string' ? user.fullName : null,
    },
    notice: isAccountNotice(status) ? status : null,
    // Event registrations made while signed in; null when the CMS could not answer.
    myRegistrations,
    own,
    emailChangeError,
    keys: { email: newIdempotencyKey(), newsletter: newIdempotencyKey() },
  };
  return accountPage(body);
}
