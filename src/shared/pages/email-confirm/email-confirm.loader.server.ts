/**
 * `/email-valideren?confirmation=…` (issue 4): the landing page of the confirmation e-mail.
 * Confirms the address through the CMS's account route (`POST /api/account/email-confirmation`,
 * which answers a JWT, unlike Strapi's redirecting `GET /auth/email-confirmation`), signs the
 * visitor in and sends them to `/account?status=email-confirmed` (so the code leaves the address
 * bar, and the next page is rendered with the new session); an invalid or used link is explained. A failed confirmation leaves an existing
 * session alone (following the link twice must not log anybody out). Without a code the page
 * offers to send the e-mail again.
 */
import { accountPage, queryParam, redirectTo } from '../../../server/auth/account-pages.server.ts';
import { authErrorCode } from '../../../server/auth/auth-errors.server.ts';
import { currentSession, requireScope, setSession } from '../../../server/auth/session.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import { plausibleCode } from '../password-reset/password-reset.loader.server.ts';
import type { EmailConfirmData } from './email-confirm.page.tsx';

export async function emailConfirmLoader({ request, context }: PortalLoaderArgs) {
  const raw = queryParam(request, 'confirmation');
  if (raw === null) return accountPage<EmailConfirmData>({ state: 'form' });
  const confirmation = plausibleCode(raw);
  if (confirmation) {
    try {
      const { jwt, user } = await requireScope().auth.confirmEmail(confirmation);
      setSession(jwt, user);
    } catch (error) {
      const code = authErrorCode(error);
      const signedIn = (await currentSession(request, context)).status === 'signed-in';
      return accountPage<EmailConfirmData>({ state: 'failed', error: code, signedIn });
    }
    throw redirectTo('/account', context.locale, 'email-confirmed');
  }
  const signedIn = (await currentSession(request, context)).status === 'signed-in';
  return accountPage<EmailConfirmData>({ state: 'failed', error: 'invalid-action-code', signedIn });
}
