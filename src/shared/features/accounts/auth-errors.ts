/**
 * The portal's auth error codes (docs/product.md#errors): the Firebase-style codes the product
 * uses, plus `email-not-confirmed`, `operation-not-allowed` and `internal-error`. Every code has a
 * Dutch and an English message (`accounts.errors.<code>` in `locales/{nl,en}/accounts.json`); raw
 * CMS messages are never shown.
 */

/** Every auth error code, in the order of docs/product.md#errors and then the additional ones. */
export const AUTH_ERROR_CODES = [
  'email-already-in-use',
  'wrong-password',
  'invalid-credential',
  'user-not-found',
  'too-many-requests',
  'user-token-expired',
  'network-request-failed',
  'user-disabled',
  'weak-password',
  'expired-action-code',
  'invalid-action-code',
  'requires-recent-login',
  'email-not-confirmed',
  'operation-not-allowed',
  'internal-error',
] as const;

/** One auth error code. */
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** True when `value` is one of {@link AUTH_ERROR_CODES} (for codes read from a URL). */
export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The code a login or password-reset page may show (never reveal whether an address has
 * an account): `wrong-password` and `user-not-found` become `invalid-credential`.
 */
export function concealAccountExistence(code: AuthErrorCode): AuthErrorCode {
  return code === 'wrong-password' || code === 'user-not-found' ? 'invalid-credential' : code;
}
