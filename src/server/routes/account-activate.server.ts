/** Route module of the `account-activate` page (src/shared/pages/account-activate/): its loader and, for a form page, its action (src/server/route-modules.server.ts). */
import { data } from 'react-router';
import type { AccountActivateData } from '../../shared/pages/account-activate/account-activate.page.tsx';
import {
  ACCOUNT_PAGE_HEADERS,
  accountPage,
  plausibleCode,
  queryParam,
} from '../auth/account-pages.server.ts';
import { authErrorCode } from '../auth/auth-errors.server.ts';
import { passwordWithCodeAction } from '../auth/password-with-code.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/**
 * Account activation action: the invitee chooses a password (twice, the portal's
 * policy); the CMS sets it, confirms the account and answers a JWT (`POST /api/account/activate`).
 * The old session is cleared first and the new one started; the visitor lands on the account page.
 */
export function action(args: PortalLoaderArgs) {
  return passwordWithCodeAction(args, {
    setPassword: (auth, input) => auth.activate(input),
    notice: 'activated',
    // An invited colleague's account comes to life: a sign-up, through the e-mailed link.
    recorded: 'UserSignUp',
  });
}

/**
 * `/account-activeren?code=…`: activating an account created for someone (an
 * invitation). The code is checked with the CMS first (`GET /api/account/activation`), so the
 * page shows the invitee's address, or explains an invalid, used or expired link.
 */
export async function loader({ request, context }: PortalLoaderArgs) {
  const code = plausibleCode(queryParam(request, 'code'));
  if (!code) return accountPage<AccountActivateData>({ state: 'failed', error: 'invalid-action-code' });
  try {
    const { email } = await context.session.auth.activationInfo(code);
    return accountPage<AccountActivateData>({ state: 'form', code, email });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed') {
      throw data({ message: 'Service Unavailable' }, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
    }
    return accountPage<AccountActivateData>({ state: 'failed', error: code });
  }
}
