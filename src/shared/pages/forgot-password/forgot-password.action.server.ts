/**
 * Forgotten-password action (issue 4): asks the CMS to e-mail a reset link
 * (`POST /auth/forgot-password`) and always gives the same answer, whether or not the address
 * has an account. Only a rate limit or a CMS outage is reported (neither tells anything about the
 * address); the address is kept then.
 */
import { done, invalid, refused } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { countAttempt, identifierKey, ipLimitExceeded } from '../../../server/auth/rate-limit.server.ts';
import { requireScope } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { emailOnlyForm } from '../accounts/account-forms.ts';

export async function forgotPasswordAction({ request, context }: PortalLoaderArgs) {
  const result = validateForm(emailOnlyForm, await request.formData(), context.locale);
  if (!result.success) return invalid(emailOnlyForm, result);
  const { email } = result.values;
  if (ipLimitExceeded() || (await countAttempt(identifierKey('mail', email)))) {
    return refused(emailOnlyForm, result, 'too-many-requests');
  }
  try {
    await requireScope().auth.forgotPassword(email);
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed' || code === 'too-many-requests') {
      return refused(emailOnlyForm, result, code);
    }
    requireScope().logger.warn({ code }, 'forgot-password refused by the CMS; answered neutrally');
  }
  return done('reset-sent', { email });
}
