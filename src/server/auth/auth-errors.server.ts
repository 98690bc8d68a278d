/**
 * Maps CMS failures to the portal's auth error codes (docs/product.md#errors). The CMS
 * (users-permissions) tells errors apart by message only, so the known messages are matched; the
 * Firebase-style names of the spec's catalogue (`EMAIL_EXISTS`, `INVALID_PASSWORD`, …) are matched
 * as well. Anything unknown is `internal-error`; a CMS outage is `network-request-failed`.
 */
import { decodeJwt } from 'jose/jwt/decode';
import type { AuthErrorCode } from '../../shared/features/accounts/auth-errors.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';

/** Spec section 8's sign-in codes by their upstream name. */
const CATALOGUE: Record<string, AuthErrorCode> = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_NOT_FOUND: 'user-not-found',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  TOKEN_EXPIRED: 'user-token-expired',
  USER_DISABLED: 'user-disabled',
  WEAK_PASSWORD: 'weak-password',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
};

/** users-permissions (Strapi 5) messages and the code each means. */
const MESSAGES: Array<[RegExp, AuthErrorCode]> = [
  [/already taken/i, 'email-already-in-use'],
  [/invalid identifier or password/i, 'invalid-credential'],
  [/provided current password is invalid/i, 'wrong-password'],
  [/email is not confirmed/i, 'email-not-confirmed'],
  [/blocked/i, 'user-disabled'],
  [
    /password validation failed|less than 73 bytes|must be different than your current password/i,
    'weak-password',
  ],
  [/incorrect code provided|invalid token|invalid code/i, 'invalid-action-code'],
  [/expired code/i, 'expired-action-code'],
  [/provider is disabled|action is currently disabled/i, 'operation-not-allowed'],
];

/** True when the JWT's `exp` is in the past (the token is decoded, not verified: only the CMS can). */
export function isExpiredJwt(jwt: string | null | undefined, now = Date.now()): boolean {
  if (!jwt) return false;
  try {
    const { exp } = decodeJwt(jwt);
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return false;
  }
}

/**
 * The auth error code of a failed CMS auth call.
 * @param error what the call threw
 * @param jwt the session token the call used, if any (a refused token is `user-token-expired` when
 *   it has expired, otherwise `requires-recent-login`)
 * @throws the error itself when it is not a StrapiError (a bug, not a CMS answer) or the visitor
 *   went away (`AbortError`)
 */
export function authErrorCode(error: unknown, jwt?: string | null): AuthErrorCode {
  if (!isStrapiError(error) || error.name === 'AbortError') throw error;
  if (error.status === 429) return 'too-many-requests';
  if (isOutage(error)) return 'network-request-failed';
  const details = error.details as { code?: unknown } | null;
  if (typeof details?.code === 'string') {
    const code = details.code;
    if (code === 'invalid-action-code' || code === 'expired-action-code') return code;
  }
  for (const [name, code] of Object.entries(CATALOGUE)) {
    if (error.message.includes(name) || error.name === name) return code;
  }
  if (error.status === 401 || error.status === 403) {
    return isExpiredJwt(jwt) ? 'user-token-expired' : 'requires-recent-login';
  }
  if (error.status === 404) return 'user-not-found';
  for (const [pattern, code] of MESSAGES) {
    if (pattern.test(error.message)) return code;
  }
  return 'internal-error';
}

/** HTTP status an action answers with for a code (429 for rate limits, 503 for outages, else 400). */
export function statusOfCode(code: AuthErrorCode): number {
  if (code === 'too-many-requests') return 429;
  if (code === 'network-request-failed') return 503;
  if (code === 'internal-error') return 502;
  return 400;
}
