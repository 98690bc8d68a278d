/** Route module of the `password-reset` page (src/shared/pages/password-reset/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { concealAccountExistence } from '../../shared/features/accounts/auth-errors.ts';
import type { PasswordResetData } from '../../shared/pages/password-reset/password-reset.page.tsx';
import { accountPage, plausibleCode, queryParam } from '../auth/account-pages.server.ts';
import { passwordWithCodeAction } from '../auth/password-with-code.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Password-reset action: checks the new password twice against the policy, clears the
 * old session, sets the password with the e-mailed code (`POST /auth/reset-password`) and starts
 * the new session. A used or unknown code is `invalid-action-code`; errors never reveal whether an
 * account exists.
 */
export function action(args: PortalLoaderArgs) {
  return passwordWithCodeAction(args, {
    setPassword: (auth, input) => auth.resetPassword(input),
    mapError: concealAccountExistence,
    notice: 'password-reset',
    recorded: 'UpdatePassword',
  });
}

/* `/wachtwoord-reset?code=…`: the new-password form for an e-mailed reset code. */

export async function loader({ request }: PortalLoaderArgs) {
  const body: PasswordResetData = { code: plausibleCode(queryParam(request, 'code')) };
  return accountPage(body);
}
