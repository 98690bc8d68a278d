/**
 * Invitation action (issue 4): an account holder invites a colleague by e-mail
 * (`POST /api/account/invitations` with their JWT). The CMS creates the colleague's account and
 * mails an activation link (`/account-activeren?code=…`), or tells an existing account holder
 * they already have one; the page answers the same either way. At most AUTH_RATE_LIMIT_IDENTIFIER
 * invitations per account and window.
 */
import { done, invalid, refused, requireUser } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { countAttempt, identifierKey } from '../../../server/auth/rate-limit.server.ts';
import { clearSession, requireScope, sessionToken } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { validateForm } from '../../forms/validate-form.ts';
import { inviteForm } from '../accounts/account-forms.ts';

export async function inviteAction({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const result = validateForm(inviteForm, await request.formData(), context.locale);
  if (!result.success) return invalid(inviteForm, result);
  if (await countAttempt(identifierKey('invite', user.id)))
    return refused(inviteForm, result, 'too-many-requests');
  const jwt = sessionToken(request);
  try {
    await requireScope().auth.invite(jwt ?? '', result.values.email);
  } catch (error) {
    const code = authErrorCode(error, jwt);
    if (code === 'user-token-expired' || code === 'requires-recent-login') clearSession();
    return refused(inviteForm, result, code);
  }
  return done('invitation-sent', { email: result.values.email });
}
