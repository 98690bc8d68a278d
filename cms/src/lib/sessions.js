/**
 * Sessions that really end (docs/decisions/049-sessions-that-end.md).
 *
 * A users-permissions JWT stays stateless to sign, but every authenticated request checks it
 * against its user (one indexed lookup, in the JWT service's `verify`):
 *
 * - `sessionsValidAfter` (private datetime on the user): a token whose sign-in time (`auth_time`,
 *   else `iat`, in seconds) lies before it is refused. A password change or reset sets it to the
 *   current second (the new token that Strapi issues in the same request stays valid), and so
 *   does "log out everywhere", which also ends the session it was asked from by id (so a sign-in
 *   right afterwards works, and no token of an earlier second survives).
 * - `revokedSessions` (private JSON on the user): the session ids (`sid`, else `iat:<iat>`) ended by
 *   a logout, each kept until every token of that session has expired anyway.
 * - A session lives at most SESSION_MAX_DAYS (default 30) days after its sign-in, however often
 *   it is renewed.
 *
 * Every token that starts a session (sign-in, registration, confirmation, reset...) gets a random
 * session id `sid` and its sign-in time `auth_time` when it is issued ({@link withSessionClaims}).
 * Renewal (`POST /api/account/session`) issues a fresh JWT that keeps the session's `sid` and
 * `auth_time`, so logging out of a session ends every token it ever had.
 */
const crypto = require('node:crypto');

const USER_UID = 'plugin::users-permissions.user';

/** Most logged-out sessions remembered per user; beyond it, all sessions end (safe direction). */
const MAX_REVOKED_SESSIONS = 100;

/**
 * Longest life of one session in seconds (SESSION_MAX_DAYS, default 30 days).
 * @returns {number}
 */
function sessionMaxAgeSeconds() {
  const days = Number.parseInt(process.env.SESSION_MAX_DAYS || '30', 10);
  return (Number.isInteger(days) && days > 0 ? days : 30) * 24 * 60 * 60;
}

/**
 * The sign-in time of a token's session, in seconds since the epoch.
 * @param {{ iat?: number, auth_time?: number }} payload a verified JWT payload
 * @returns {number} `auth_time`, else `iat`, else 0
 */
function authTime(payload) {
  if (Number.isInteger(payload.auth_time)) return payload.auth_time;
  return Number.isInteger(payload.iat) ? payload.iat : 0;
}

/**
 * The id of a token's session: its `sid`, or for a token issued before session ids existed
 * `iat:<iat>`.
 * @param {{ iat?: number, sid?: string }} payload a verified JWT payload
 * @returns {string}
 */
function sessionIdOf(payload) {
  return typeof payload.sid === 'string' && payload.sid ? payload.sid : `iat:${payload.iat}`;
}

/**
 * A token payload with a session id and sign-in time: those it has (a renewal), else new ones.
 * @param {object} payload what Strapi signs (`{ id }`, or a model with `toJSON`)
 * @returns {object} the payload with `sid` (random, 16 bytes base64url) and `auth_time` (seconds)
 */
function withSessionClaims(payload) {
  const plain = payload && typeof payload.toJSON === 'function' ? payload.toJSON() : { ...payload };
  if (typeof plain.sid !== 'string' || !plain.sid) plain.sid = crypto.randomBytes(16).toString('base64url');
  if (!Number.isInteger(plain.auth_time)) plain.auth_time = nowSeconds();
  return plain;
}

/**
 * The current time in whole seconds.
 * @returns {number}
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Refuses a verified token whose session has ended.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ id?: number, iat?: number, auth_time?: number, sid?: string }} payload a verified JWT payload
 * @returns {Promise<void>}
 * @throws {Error} 'Invalid token.' (what Strapi's own verify throws) when the session has ended
 */
async function assertSessionLive(strapi, payload) {
  if (!payload || payload.id === undefined) return; // not a user token: Strapi refuses it itself
  const started = authTime(payload);
  if (nowSeconds() - started > sessionMaxAgeSeconds()) throw new Error('Invalid token.');
  const user = await strapi.db.query(USER_UID).findOne({
    where: { id: payload.id },
    select: ['id', 'sessionsValidAfter', 'revokedSessions'],
  });
  if (!user) return; // Strapi answers "Invalid credentials" for a missing user
  if (user.sessionsValidAfter && started * 1000 < new Date(user.sessionsValidAfter).getTime()) {
    throw new Error('Invalid token.');
  }
  const revoked = Array.isArray(user.revokedSessions) ? user.revokedSessions : [];
  const sid = sessionIdOf(payload);
  if (revoked.some((entry) => entry && entry.sid === sid)) throw new Error('Invalid token.');
}

/**
 * The payload of a renewed token: same user, session id and sign-in time; a fresh `iat`/`exp`.
 * @param {{ id: number, iat?: number, auth_time?: number, sid?: string }} payload a verified JWT payload
 * @returns {{ id: number, sid: string, auth_time: number }}
 */
function renewalPayload(payload) {
  return { id: payload.id, sid: sessionIdOf(payload), auth_time: authTime(payload) };
}

/**
 * Ends one session: every token with its id is refused from now on.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ id: number, iat?: number, auth_time?: number, sid?: string }} payload the session's verified token
 * @returns {Promise<void>}
 */
async function revokeSession(strapi, payload) {
  const users = strapi.db.query(USER_UID);
  const user = await users.findOne({ where: { id: payload.id }, select: ['id', 'revokedSessions'] });
  if (!user) return;
  const now = nowSeconds();
  const kept = (Array.isArray(user.revokedSessions) ? user.revokedSessions : []).filter(
    (entry) => entry && typeof entry.sid === 'string' && Number(entry.until) > now,
  );
  kept.push({ sid: sessionIdOf(payload), until: authTime(payload) + sessionMaxAgeSeconds() });
  if (kept.length > MAX_REVOKED_SESSIONS) {
    await revokeAllSessions(strapi, payload);
    return;
  }
  await users.update({ where: { id: payload.id }, data: { revokedSessions: kept } });
}

/**
 * Ends every session of a user ("log out everywhere"): every session signed in before this
 * second, and the session of `payload` by id.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ id: number, iat?: number, auth_time?: number, sid?: string }} payload the verified token it was asked with
 * @returns {Promise<void>}
 */
async function revokeAllSessions(strapi, payload) {
  const ended = { sid: sessionIdOf(payload), until: authTime(payload) + sessionMaxAgeSeconds() };
  await strapi.db.query(USER_UID).update({
    where: { id: payload.id },
    data: { sessionsValidAfter: new Date(nowSeconds() * 1000), revokedSessions: [ended] },
  });
}

/**
 * Ends every earlier session of a user whose password changes (change, reset, admin panel): a
 * database lifecycle on the user, so no path that sets a password is missed. Tokens issued in
 * the same second stay valid, so the fresh token of a password change keeps working.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @returns {void}
 */
function registerPasswordChangeEndsSessions(strapi) {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    beforeUpdate(event) {
      const data = event.params && event.params.data;
      if (data && typeof data.password === 'string' && data.password) {
        data.sessionsValidAfter = new Date(nowSeconds() * 1000);
        data.revokedSessions = [];
      }
    },
  });
}

module.exports = {
  assertSessionLive,
  authTime,
  registerPasswordChangeEndsSessions,
  renewalPayload,
  revokeAllSessions,
  revokeSession,
  sessionIdOf,
  sessionMaxAgeSeconds,
  withSessionClaims,
};
