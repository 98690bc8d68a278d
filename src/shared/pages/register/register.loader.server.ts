/** `/registreren` (issue 4): the registration page; a signed-in visitor goes to the account page. */
import { redirect } from 'react-router';
import { accountPage, queryParam } from '../../../server/auth/account-pages.server.ts';
import { currentSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { localizePath } from '../../i18n/locale.ts';
import { safeRedirectPath } from '../accounts/redirect-target.ts';
import type { RegisterData } from './register.page.tsx';

export async function registerLoader({ request, context }: PortalLoaderArgs) {
  const session = await currentSession(request, context);
  if (session.status === 'signed-in') throw redirect(localizePath('/account', context.locale));
  const body: RegisterData = { redirect: safeRedirectPath(queryParam(request, 'redirect')) };
  return accountPage(body);
}
