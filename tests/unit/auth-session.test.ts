/**
 * The request's session and its cookie (src/server/auth/session.server.ts) on a bare Express app
 * with a fake CMS: one `/users/me` per request, 401 clears the session, an outage keeps it, one
 * `Set-Cookie` line per change, and `Cache-Control: private, no-store` for session requests.
 */
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '../../src/server/auth/auth-config.server.ts';
import type { CmsAuth, CmsUser } from '../../src/server/auth/cms-auth.server.ts';
import {
  hasSessionCookie,
  SESSION_COOKIE,
  sessionMiddleware,
  sessionOf,
} from '../../src/server/auth/session.server.ts';
import { StrapiError } from '../../src/server/cms/strapi-client.server.ts';

const logger = pino({ level: 'silent' });
const config: AuthConfig = {
  secureCookies: true,
  userQuery: { populate: ['role'] },
  rateLimit: { windowMs: 60_000, perIp: 0, perIdentifier: 0 },
  strapiPublicUrl: 'http://cms.test',
  providers: [],
  renewAfterMs: 900_000,
};
const exp = Math.floor(Date.now() / 1000) + 3600;
const JWT = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ id: 3, exp })).toString('base64url')}.c2ln`;
const USER: CmsUser = { id: 3, username: 'u@x.nl', email: 'u@x.nl', confirmed: true, blocked: false };

/** An app whose only route reads the session `times` times, with `me` as the CMS answer. */
function appWith(
  me: () => Promise<CmsUser>,
  route?: (req: express.Request, res: express.Response) => Promise<void>,
) {
  let calls = 0;
  const queries: unknown[] = [];
  const auth = {
    me: (_jwt: string, query?: Record<string, unknown>) => {
      calls += 1;
      queries.push(query);
      return me();
    },
  } as unknown as CmsAuth;
  const app = express();
  app.use(sessionMiddleware({ config, authFor: () => auth, logger }));
  app.get(
    '/',
    route ??
      (async (req, res) => {
        const session = sessionOf(res);
        const [a, b] = await Promise.all([session.current(), session.signedInUser()]);
        // What the route-module wrapper does with the session's changes: they go into the answer.
        if (session.cookies().length) res.append('Set-Cookie', session.cookies());
        res.json({ status: a.status, user: b, calls, hadCookie: hasSessionCookie(req) });
      }),
  );
  return { app, calls: () => calls, queries };
}

describe('session', () => {
  it('asks /users/me once per request with the configured query and exposes the public user only', async () => {
    const { app, queries } = appWith(async () => ({ ...USER, role: { name: 'x' } }));
    const response = await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=${JWT}`).expect(200);
    expect(response.body).toEqual({
      status: 'signed-in',
      user: { id: 3, username: 'u@x.nl', email: 'u@x.nl', confirmed: true },
      calls: 1,
      hadCookie: true,
    });
    expect(queries).toEqual([{ populate: ['role'] }]);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('asks nothing and stays public without a cookie', async () => {
    const { app, calls } = appWith(async () => USER);
    const response = await request(app).get('/').expect(200);
    expect(response.body.status).toBe('anonymous');
    expect(calls()).toBe(0);
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('clears the session when the CMS refuses the token (401/403)', async () => {
    for (const status of [401, 403]) {
      const { app } = appWith(async () => {
        throw new StrapiError({ status, name: 'UnauthorizedError', message: 'no' });
      });
      const response = await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=${JWT}`).expect(200);
      expect(response.body.status).toBe('anonymous');
      const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      expect(cookie).toHaveLength(1);
      expect(cookie[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=; .*Expires=Thu, 01 Jan 1970`));
    }
  });

  it('keeps the session during a CMS outage (decision 020)', async () => {
    const { app } = appWith(async () => {
      throw new StrapiError({ status: 503, name: 'NetworkError', message: 'down' });
    });
    const response = await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=${JWT}`).expect(200);
    expect(response.body).toMatchObject({ status: 'unavailable', user: null });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('removes a cookie that is not a JWT', async () => {
    const { app, calls } = appWith(async () => USER);
    const response = await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=garbage`).expect(200);
    expect(response.body.status).toBe('anonymous');
    expect(calls()).toBe(0);
    expect(String(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('writes one Set-Cookie line per change: the last one wins, other cookies stay', async () => {
    const { app } = appWith(
      async () => USER,
      async (_req, res) => {
        res.append('Set-Cookie', 'other=1; Path=/');
        const session = sessionOf(res);
        session.clear();
        session.set(JWT, USER);
        res.append('Set-Cookie', session.cookies());
        res.json({ ok: true });
      },
    );
    const response = await request(app).get('/').set('Cookie', `${SESSION_COOKIE}=${JWT}`).expect(200);
    const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('other=1; Path=/');
    expect(lines[1]).toMatch(new RegExp(`^${SESSION_COOKIE}=${JWT}; Path=/; Expires=`));
    expect(lines[1]).toContain('HttpOnly');
    expect(lines[1]).toContain('Secure');
    expect(lines[1]).toContain('SameSite=Lax');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});
