/**
 * `/account` (issue 4): the signed-in user's profile, change password, send the confirmation
 * e-mail again and log out. Anonymous visitors are sent to `/inloggen?redirect=/account`.
 */
import { accountPage, queryParam, requireUser } from '../../../server/auth/account-pages.server.ts';
import { toPublicUser } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isAccountNotice } from '../accounts/account-data.ts';
import type { AccountData } from './account.page.tsx';

export async function accountLoader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const status = queryParam(request, 'status');
  const body: AccountData = {
    profile: {
      ...toPublicUser(user),
      createdAt: typeof user.createdAt === 'string' ? user.createdAt : null,
      provider: typeof user.provider === 'string' ? user.provider : 'local',
    },
    notice: isAccountNotice(status) ? status : null,
  };
  return accountPage(body);
}
