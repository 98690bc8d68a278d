/** Route module of the `invite` page (src/shared/pages/invite/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { inviteForm } from '../../shared/features/accounts/account-forms.ts';
import { validateForm } from '../../shared/forms/validate-form.ts';
import type { InviteData } from '../../shared/pages/invite/invite.page.tsx';
import { accountPage, done, invalid, refused, requireUser } from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import { identifierKey } from '../auth/rate-limit.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Invitation action: an account holder invites a colleague by e-mail
 * (`POST /api/account/invitations` with their JWT). The CMS creates the colleague's account and
 * mails an activation link (`/account-activeren?code=…`), or tells an existing account holder
 * they already have one; the page answers the same either way. At most AUTH_RATE_LIMIT_IDENTIFIER
 * invitations per account and window.
 */
export async function action({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const result = validateForm(inviteForm, await request.formData(), context.locale);
  if (!result.success) return invalid(inviteForm, result);
  if (await context.rateLimits.countAttempt(identifierKey('invite', user.id)))
    return refused(inviteForm, result, 'too-many-requests');
  const jwt = context.session.token();
  try {
    await context.session.auth.invite(jwt ?? '', result.values.email);
  } catch (error) {
    const code = authErrorCode(error, jwt);
    if (code === 'user-token-expired' || code === 'requires-recent-login') context.session.clear();
    return refused(inviteForm, result, code);
  }
  return done('invitation-sent', { email: result.values.email });
}

/* `/uitnodiging`: invite a colleague; account holders only (others go to the login page). */

export async function loader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const body: InviteData = { inviter: user.email };
  return accountPage(body);
}
