/**
 * Password-reset action (issue 4): checks the new password twice against the policy, clears the
 * old session, sets the password with the e-mailed code (`POST /auth/reset-password`) and starts
 * the new session. A used or unknown code is `invalid-action-code`; errors never reveal whether an
 * account exists.
 */
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { concealAccountExistence } from '../accounts/auth-errors.ts';
import { passwordWithCodeAction } from '../accounts/password-with-code.action.server.ts';

export function passwordResetAction(args: PortalLoaderArgs) {
  return passwordWithCodeAction(args, {
    setPassword: (auth, input) => auth.resetPassword(input),
    mapError: concealAccountExistence,
    notice: 'password-reset',
  });
}
