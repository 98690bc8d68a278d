/**
 * `/account` (issue 4): the signed-in user's profile, their event registrations (issue 5), change
 * password, send the confirmation e-mail again and log out. Anonymous visitors are sent to `/inloggen?redirect=/account`.
 */
import { accountPage, queryParam, requireUser } from '../../../server/auth/account-pages.server.ts';
import { toPublicUser } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { isAccountNotice } from '../accounts/account-data.ts';
import { loadMyRegistrations } from '../registrations/my-registrations.server.ts';
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
    // Event registrations made while signed in (issue 5); null when the CMS could not answer.
    myRegistrations: await loadMyRegistrations(request, context),
  };
  return accountPage(body);
}
