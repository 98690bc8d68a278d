/** `/uitnodiging` (issue 4): invite a colleague; account holders only (others go to the login page). */
import { accountPage, requireUser } from '../../../server/auth/account-pages.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import type { InviteData } from './invite.page.tsx';

export async function inviteLoader({ request, context }: PortalLoaderArgs) {
  const user = await requireUser(request, context);
  const body: InviteData = { inviter: user.email };
  return accountPage(body);
}
