/** CMS failures become the portal's auth error codes (docs/product.md#errors). */
import { describe, expect, it } from 'vitest';
import { authErrorCode, isExpiredJwt, statusOfCode } from '../../src/server/auth/auth-errors.server.ts';
import { StrapiError } from '../../src/server/cms/strapi-error.server.ts';
import {
  AUTH_ERROR_CODES,
  concealAccountExistence,
  isAuthErrorCode,
} from '../../src/shared/features/accounts/auth-errors.ts';
import en from '../../src/shared/i18n/locales/en/accounts.json' with { type: 'json' };
import nl from '../../src/shared/i18n/locales/nl/accounts.json' with { type: 'json' };

const cms = (status: number, name: string, message: string, details: unknown = {}) =>
  new StrapiError({ status, name, message, details });

function jwt(payload: object): string {
  return `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;
}

describe('authErrorCode', () => {
  it.each([
    ['Email or Username are already taken', 'ApplicationError', 'email-already-in-use'],
    ['Invalid identifier or password', 'ValidationError', 'invalid-credential'],
    ['The provided current password is invalid', 'ValidationError', 'wrong-password'],
    ['Your account email is not confirmed', 'ApplicationError', 'email-not-confirmed'],
    ['Your account has been blocked by an administrator', 'ApplicationError', 'user-disabled'],
    ['Password validation failed.', 'ValidationError', 'weak-password'],
    ['Password must be less than 73 bytes', 'ValidationError', 'weak-password'],
    ['Incorrect code provided', 'ValidationError', 'invalid-action-code'],
    ['Invalid token', 'ValidationError', 'invalid-action-code'],
    ['This provider is disabled', 'ApplicationError', 'operation-not-allowed'],
    ['Register action is currently disabled', 'ApplicationError', 'operation-not-allowed'],
    ['Something nobody expected', 'ApplicationError', 'internal-error'],
  ])('maps the users-permissions message "%s"', (message, name, code) => {
    expect(authErrorCode(cms(400, name, message))).toBe(code);
  });

  it.each([
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['INVALID_LOGIN_CREDENTIALS', 'invalid-credential'],
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
    ['TOKEN_EXPIRED', 'user-token-expired'],
    ['USER_DISABLED', 'user-disabled'],
    ['WEAK_PASSWORD : Password should be at least 6 characters', 'weak-password'],
    ['EXPIRED_OOB_CODE', 'expired-action-code'],
    ['INVALID_OOB_CODE', 'invalid-action-code'],
    ['CREDENTIAL_TOO_OLD_LOGIN_AGAIN', 'requires-recent-login'],
  ])('maps the catalogue name %s (docs/product.md#errors)', (message, code) => {
    expect(authErrorCode(cms(400, 'ApplicationError', message))).toBe(code);
  });

  it('reads the code of the portal CMS routes from details', () => {
    expect(authErrorCode(cms(400, 'ValidationError', 'Expired code', { code: 'expired-action-code' }))).toBe(
      'expired-action-code',
    );
    expect(authErrorCode(cms(400, 'ValidationError', 'Invalid code', { code: 'invalid-action-code' }))).toBe(
      'invalid-action-code',
    );
  });

  it('reports outages and rate limits, not the CMS text', () => {
    expect(authErrorCode(cms(503, 'NetworkError', 'Strapi is unreachable: ECONNREFUSED'))).toBe(
      'network-request-failed',
    );
    expect(authErrorCode(cms(504, 'TimeoutError', 'timed out'))).toBe('network-request-failed');
    expect(authErrorCode(cms(500, 'InternalServerError', 'boom'))).toBe('network-request-failed');
    expect(authErrorCode(cms(429, 'RateLimitError', 'Too many requests, please try again later.'))).toBe(
      'too-many-requests',
    );
  });

  it('tells an expired session from a refused one on 401/403', () => {
    const refused = cms(401, 'UnauthorizedError', 'Missing or invalid credentials');
    expect(authErrorCode(refused, jwt({ id: 1, exp: 1000 }))).toBe('user-token-expired');
    expect(authErrorCode(refused, jwt({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }))).toBe(
      'requires-recent-login',
    );
    expect(authErrorCode(cms(403, 'ForbiddenError', 'Forbidden'))).toBe('requires-recent-login');
  });

  it('rethrows what is not a CMS answer', () => {
    expect(() => authErrorCode(new TypeError('bug'))).toThrow('bug');
    expect(() => authErrorCode(cms(499, 'AbortError', 'aborted'))).toThrow('aborted');
  });
});

describe('codes and messages', () => {
  it('hides whether an account exists on the login and reset pages', () => {
    expect(concealAccountExistence('user-not-found')).toBe('invalid-credential');
    expect(concealAccountExistence('wrong-password')).toBe('invalid-credential');
    expect(concealAccountExistence('too-many-requests')).toBe('too-many-requests');
  });

  it('has a Dutch and an English message for every code', () => {
    for (const code of AUTH_ERROR_CODES) {
      expect(nl.accounts.errors[code], code).toBeTruthy();
      expect(en.accounts.errors[code], code).toBeTruthy();
      expect(nl.accounts.errors[code]).not.toBe(en.accounts.errors[code]);
    }
    expect(isAuthErrorCode('weak-password')).toBe(true);
    expect(isAuthErrorCode('<script>')).toBe(false);
  });

  it('answers rate limits with 429 and outages with 503', () => {
    expect(statusOfCode('too-many-requests')).toBe(429);
    expect(statusOfCode('network-request-failed')).toBe(503);
    expect(statusOfCode('invalid-credential')).toBe(400);
  });

  it('decodes the expiry of a JWT without trusting it', () => {
    expect(isExpiredJwt(jwt({ exp: 1 }))).toBe(true);
    expect(isExpiredJwt(jwt({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBe(false);
    expect(isExpiredJwt('not a jwt')).toBe(false);
    expect(isExpiredJwt(null)).toBe(false);
  });
});
