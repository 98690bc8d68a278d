/**
 * `/account-activeren?code=…` (issue 4): activating an account created for someone (an
 * invitation). The code is checked with the CMS first (`GET /api/account/activation`), so the
 * page shows the invitee's address, or explains an invalid, used or expired link.
 */
import { data } from 'react-router';
import { ACCOUNT_PAGE_HEADERS, accountPage, queryParam } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { requireScope } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { plausibleCode } from '../password-reset/password-reset.loader.server.ts';
import type { AccountActivateData } from './account-activate.page.tsx';

export async function accountActivateLoader({ request }: PortalLoaderArgs) {
  const code = plausibleCode(queryParam(request, 'code'));
  if (!code) return accountPage<AccountActivateData>({ state: 'failed', error: 'invalid-action-code' });
  try {
    const { email } = await requireScope().auth.activationInfo(code);
    return accountPage<AccountActivateData>({ state: 'form', code, email });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'network-request-failed') {
      throw data({ message: 'Service Unavailable' }, { status: 503, headers: ACCOUNT_PAGE_HEADERS });
    }
    return accountPage<AccountActivateData>({ state: 'failed', error: code });
  }
}
