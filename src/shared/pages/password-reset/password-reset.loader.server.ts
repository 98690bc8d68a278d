/** `/wachtwoord-reset?code=…` (issue 4): the new-password form for an e-mailed reset code. */
import { accountPage, queryParam } from '../../../server/auth/account-pages.server.ts';
import type { PortalLoaderArgs } from '../../../server/render/context.server.ts';
import type { PasswordResetData } from './password-reset.page.tsx';

/** Longest code accepted from the URL (the CMS's codes are 128 hex characters). */
export const MAX_CODE_LENGTH = 512;

/** A one-time code from the URL or a form, or null when missing or implausible. */
export function plausibleCode(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,512}$/.test(value) ? value : null;
}

export async function passwordResetLoader({ request }: PortalLoaderArgs) {
  const body: PasswordResetData = { code: plausibleCode(queryParam(request, 'code')) };
  return accountPage(body);
}
