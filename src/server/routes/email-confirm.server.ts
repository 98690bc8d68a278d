/** Route module of the `email-confirm` page (src/shared/pages/email-confirm/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { emailOnlyForm } from '../../shared/features/accounts/account-forms.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { EmailConfirmData } from '../../shared/pages/email-confirm/email-confirm.page.tsx';
import {
  accountPage,
  done,
  invalid,
  plausibleCode,
  queryParam,
  redirectTo,
  refused,
  resendConfirmation,
} from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * "Send the confirmation e-mail again" on `/email-valideren` (
 * `POST /auth/send-email-confirmation`): the same neutral answer for every address (known or not,
 * confirmed or not); only a rate limit or an outage is reported.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const result = validateForm(emailOnlyForm, await request.formData(), context.locale);
  if (!result.success) return invalid(emailOnlyForm, result);
  if (context.rateLimits.ipLimited) return refused(emailOnlyForm, result, 'too-many-requests');
  const problem = await resendConfirmation(context, result.values.email);
  if (problem) return refused(emailOnlyForm, result, problem);
  return done('confirmation-sent', { email: result.values.email });
}

/**
 * `/email-valideren?confirmation=…`: the landing page of the confirmation e-mail.
 * Confirms the address through the CMS's account route (`POST /api/account/email-confirmation`,
 * which answers a JWT, unlike Strapi's redirecting `GET /auth/email-confirmation`), signs the
 * visitor in and sends them to `/account?status=email-confirmed` (so the code leaves the address
 * bar, and the next page is rendered with the new session); an invalid or used link is explained. A failed confirmation leaves an existing
 * session alone (following the link twice must not log anybody out). Without a code the page
 * offers to send the e-mail again.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const raw = queryParam(request, 'confirmation');
  if (raw === null) return accountPage<EmailConfirmData>({ state: 'form' });
  const confirmation = plausibleCode(raw);
  if (confirmation) {
    try {
      const { jwt, user } = await context.session.auth.confirmEmail(confirmation);
      context.session.set(jwt, user);
      context.analytics.record({ eventType: 'EmailLink' });
    } catch (error) {
      const code = authErrorCode(error);
      const signedIn = (await context.session.current()).status === 'signed-in';
      return accountPage<EmailConfirmData>({ state: 'failed', error: code, signedIn });
    }
    throw redirectTo('/account', context.locale, 'email-confirmed', context.session.headers());
  }
  const signedIn = (await context.session.current()).status === 'signed-in';
  return accountPage<EmailConfirmData>({ state: 'failed', error: 'invalid-action-code', signedIn });
}
