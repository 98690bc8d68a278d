/**
 * Account activation action (issue 4): the invitee chooses a password (twice, the portal's
 * policy); the CMS sets it, confirms the account and answers a JWT (`POST /api/account/activate`).
 * The old session is cleared first and the new one started; the visitor lands on the account page.
 */
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { passwordWithCodeAction } from '../accounts/password-with-code.action.server.ts';

export function accountActivateAction(args: PortalLoaderArgs) {
  return passwordWithCodeAction(args, {
    setPassword: (auth, input) => auth.activate(input),
    notice: 'activated',
  });
}
