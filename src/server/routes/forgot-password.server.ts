/** Route module of the `forgot-password` page (src/shared/pages/forgot-password/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { emailOnlyForm } from '../../shared/features/accounts/account-forms.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import { accountPage, done, invalid, refused } from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Forgotten-password action: asks the CMS to e-mail a reset link
 * (`POST /auth/forgot-password`) and always gives the same answer, whether or not the address
 * has an account. Only a rate limit or a CMS outage is reported (neither tells anything about the
 * address); the address is kept then.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const result = validateForm(emailOnlyForm, await request.formData(), context.locale);
  if (!result.success) return invalid(emailOnlyForm, result);
  const { email } = result.values;
  if (context.rateLimits.ipLimited || (await context.rateLimits.countAttempt(identifierKey('mail', email)))) {
    return refused(emailOnlyForm, result, 'too-many-requests');
  }
  try {
    await context.session.auth.forgotPassword(email);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed' || code === 'too-many-requests') {
      return refused(emailOnlyForm, result, code);
    }
    context.logger.warn({ code }, 'forgot-password refused by the CMS; answered neutrally');
  }
  context.analytics.record({ eventType: 'ForgotPassword' });
  return done('reset-sent', { email });
}

/* `/wachtwoord-vergeten`: the forgotten-password page (no data of its own). */

export async function loader() {
  return accountPage({});
}
