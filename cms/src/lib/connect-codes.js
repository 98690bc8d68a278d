/**
 * One-time exchange codes of external sign-in (docs/decisions/024-external-sign-in.md).
 *
 * Strapi 5.54 keeps the provider's answer in the CMS's own session cookie, which the portal's
 * server never sees. The bridge route (`GET /api/account/connect/:provider/finish`, in the browser,
 * with that cookie) turns the answer into an account and a short-lived random code, and sends the
 * browser to the portal's `/auth/connect?access_token=<code>`; the portal exchanges the code through
 * `GET /api/auth/:provider/callback?access_token=<code>` (src/extensions/users-permissions).
 *
 * Codes live in this process's memory for CODE_TTL_MS and can be used once.
 */
const crypto = require('node:crypto');

/** Lifetime of a code in ms. */
const CODE_TTL_MS = 2 * 60 * 1000;

/** @type {Map<string, { provider: string, userId: number, expiresAt: number }>} */
const codes = new Map();

/** Drops expired codes. */
function sweep(now = Date.now()) {
  for (const [code, entry] of codes) {
    if (entry.expiresAt <= now) codes.delete(code);
  }
}

/**
 * Issues a code for a signed-in account.
 * @param {string} provider Provider name.
 * @param {number} userId Account id.
 * @returns {string} 64 hex characters.
 */
function issueCode(provider, userId) {
  sweep();
  const code = crypto.randomBytes(32).toString('hex');
  codes.set(code, { provider, userId, expiresAt: Date.now() + CODE_TTL_MS });
  return code;
}

/**
 * Uses up a code.
 * @param {string} code The code.
 * @param {string} provider The provider it must belong to.
 * @returns {number | null} The account id, or null for an unknown, expired or foreign code.
 */
function takeCode(code, provider) {
  const entry = codes.get(code);
  if (!entry) return null;
  codes.delete(code);
  if (entry.provider !== provider || entry.expiresAt <= Date.now()) return null;
  return entry.userId;
}

module.exports = { CODE_TTL_MS, issueCode, takeCode };
