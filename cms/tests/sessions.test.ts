/**
 * The session rules of cms/src/lib/sessions.js (docs/decisions/049-sessions-that-end.md) on an
 * in-memory user table: the absolute lifetime, revocation by session id (pruned when its tokens
 * have all expired), the cap on remembered logouts and the claims of new and renewed tokens.
 * The same rules run against the real CMS in tests/integration/sessions-end.test.ts.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
type Payload = { id: number; iat?: number; auth_time?: number; sid?: string };
const sessions = require('../src/lib/sessions.js') as {
  assertSessionLive: (strapi: unknown, payload: Payload) => Promise<void>;
  renewalPayload: (payload: Payload) => Payload;
  revokeSession: (strapi: unknown, payload: Payload) => Promise<void>;
  revokeAllSessions: (strapi: unknown, payload: Payload) => Promise<void>;
  sessionMaxAgeSeconds: () => number;
  withSessionClaims: (payload: object) => Payload;
};

interface Row {
  id: number;
  sessionsValidAfter?: Date | null;
  revokedSessions?: Array<{ sid: string; until: number }> | null;
}

/** A stand-in for `strapi.db.query(user)` over one row. */
function fakeStrapi(row: Row) {
  const query = {
    findOne: async ({ where }: { where: { id: number } }) => (where.id === row.id ? { ...row } : null),
    update: async ({ data }: { data: Partial<Row> }) => Object.assign(row, data),
  };
  return { db: { query: () => query } };
}

const now = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('session rules', () => {
  it('give every new session a random id and its sign-in time, and keep both on renewal', () => {
    const first = sessions.withSessionClaims({ id: 7 });
    const second = sessions.withSessionClaims({ id: 7 });
    expect(first.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.sid).not.toBe(first.sid);
    expect(Math.abs((first.auth_time ?? 0) - now())).toBeLessThanOrEqual(1);
    const renewed = sessions.renewalPayload({ ...first, iat: now() + 60 });
    expect(renewed).toEqual({ id: 7, sid: first.sid, auth_time: first.auth_time });
    expect(sessions.withSessionClaims(renewed)).toEqual(renewed);
  });

  it('refuse a session older than SESSION_MAX_DAYS, however fresh its token', async () => {
    vi.stubEnv('SESSION_MAX_DAYS', '2');
    expect(sessions.sessionMaxAgeSeconds()).toBe(2 * 86_400);
    const strapi = fakeStrapi({ id: 1 });
    await expect(
      sessions.assertSessionLive(strapi, { id: 1, iat: now(), auth_time: now() - 2 * 86_400 - 5, sid: 'a' }),
    ).rejects.toThrow('Invalid token.');
    await expect(
      sessions.assertSessionLive(strapi, { id: 1, iat: now(), auth_time: now() - 86_400, sid: 'a' }),
    ).resolves.toBeUndefined();
  });

  it('refuse a logged-out session by id and sessions signed in before an "everywhere" logout', async () => {
    const row: Row = { id: 1 };
    const strapi = fakeStrapi(row);
    const old = { id: 1, iat: now() - 100, auth_time: now() - 100, sid: 'old' };
    const kept = { id: 1, iat: now() - 50, auth_time: now() - 50, sid: 'kept' };
    await sessions.revokeSession(strapi, old);
    await expect(sessions.assertSessionLive(strapi, old)).rejects.toThrow('Invalid token.');
    await expect(sessions.assertSessionLive(strapi, kept)).resolves.toBeUndefined();
    const asking = { id: 1, iat: now(), auth_time: now(), sid: 'asking' };
    await sessions.revokeAllSessions(strapi, asking);
    await expect(sessions.assertSessionLive(strapi, kept)).rejects.toThrow('Invalid token.');
    await expect(sessions.assertSessionLive(strapi, asking)).rejects.toThrow('Invalid token.');
    const later = { id: 1, iat: now(), auth_time: now(), sid: 'later' };
    await expect(sessions.assertSessionLive(strapi, later)).resolves.toBeUndefined();
  });

  it('forget logouts whose tokens have all expired, and end everything beyond 100 remembered', async () => {
    vi.stubEnv('SESSION_MAX_DAYS', '1');
    const row: Row = { id: 1, revokedSessions: [{ sid: 'expired', until: now() - 1 }] };
    const strapi = fakeStrapi(row);
    await sessions.revokeSession(strapi, { id: 1, auth_time: now(), sid: 's0' });
    expect(row.revokedSessions?.map((entry) => entry.sid)).toEqual(['s0']);
    expect(row.revokedSessions?.[0]?.until).toBe(now() + 86_400);
    for (let index = 1; index < 100; index += 1) {
      await sessions.revokeSession(strapi, { id: 1, auth_time: now(), sid: `s${index}` });
    }
    expect(row.revokedSessions).toHaveLength(100);
    expect(row.sessionsValidAfter ?? null).toBeNull();
    await sessions.revokeSession(strapi, { id: 1, auth_time: now(), sid: 's100' });
    expect(row.revokedSessions?.map((entry) => entry.sid)).toEqual(['s100']);
    expect(row.sessionsValidAfter?.getTime()).toBe(now() * 1000);
  });
});
