/**
 * `/inloggen` (issue 4): the login page. A visitor who is already signed in goes straight to the
 * `redirect` target (or `/account`). `?error=` (an auth error code, from external sign-in) and
 * `?status=` (e.g. `logged-out`) are shown on the page; anything else in them is ignored.
 */

import { redirect } from 'react-router';
import { accountPage, queryParam } from '../../../server/auth/account-pages.server.ts';
import { currentSession } from '../../../server/auth/session.server.ts';
import { currentScope } from '../../../server/auth/session-scope.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { type Locale, localizePath } from '../../i18n/locale.ts';
import { isAccountNotice } from '../accounts/account-data.ts';
import { concealAccountExistence, isAuthErrorCode } from '../accounts/auth-errors.ts';
import { safeRedirectPath } from '../accounts/redirect-target.ts';
import type { LoginData } from './login.page.tsx';

/** Where a signed-in visitor goes: the safe `redirect` target, else the account page. */
export function afterLogin(request: Request, locale: Locale, formValue?: FormDataEntryValue | null): string {
  return (
    safeRedirectPath(formValue) ??
    safeRedirectPath(queryParam(request, 'redirect')) ??
    localizePath('/account', locale)
  );
}

export async function loginLoader({ request, context }: PortalLoaderArgs) {
  const session = await currentSession(request, context);
  if (session.status === 'signed-in') throw redirect(afterLogin(request, context.locale));
  const error = queryParam(request, 'error');
  const status = queryParam(request, 'status');
  const body: LoginData = {
    redirect: safeRedirectPath(queryParam(request, 'redirect')),
    error: isAuthErrorCode(error) ? concealAccountExistence(error) : null,
    notice: isAccountNotice(status) ? status : null,
    providers: currentScope()?.config.providers ?? [],
  };
  return accountPage(body);
}
