/**
 * "Send the confirmation e-mail again" on `/email-valideren` (issue 4,
 * `POST /auth/send-email-confirmation`): the same neutral answer for every address (known or not,
 * confirmed or not); only a rate limit or an outage is reported.
 */
import { done, invalid, refused } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { countAttempt, identifierKey, ipLimitExceeded } from '../../../server/auth/rate-limit.server.ts';
import { requireScope } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { emailOnlyForm } from '../accounts/account-forms.ts';

/**
 * Sends the confirmation e-mail to `email`.
 * @returns null when it went out (or the CMS refused for a reason that must not be shown), else
 *   the code to show (`too-many-requests`, `network-request-failed`)
 */
export async function resendConfirmation(email: string) {
  if (await countAttempt(identifierKey('mail', email))) return 'too-many-requests' as const;
  try {
    await requireScope().auth.sendEmailConfirmation(email);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed' || code === 'too-many-requests') return code;
  }
  return null;
}

export async function emailConfirmAction({ request, context }: PortalLoaderArgs) {
  const result = validateForm(emailOnlyForm, await request.formData(), context.locale);
  if (!result.success) return invalid(emailOnlyForm, result);
  if (ipLimitExceeded()) return refused(emailOnlyForm, result, 'too-many-requests');
  const problem = await resendConfirmation(result.values.email);
  if (problem) return refused(emailOnlyForm, result, problem);
  return done('confirmation-sent', { email: result.values.email });
}
