/**
 * The portal's side of exchanges the test CMS cannot produce, against recorded CMS answers
 * (undici MockAgent): external sign-in (`/connect/{provider}` → CMS provider flow →
 * `/auth/connect?access_token=…` → `GET /api/auth/{provider}/callback`), registration when the CMS
 * needs no e-mail confirmation (the answer carries a JWT), an expired activation code, a blocked
 * account, and that `/users/me` is asked once per request.
 */
import request from 'supertest';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { CookieJar, setCookie } from '../support/accounts.ts';
import { PUBLIC_URL } from '../support/portal.ts';

const CMS = 'http://cms.recorded.test';
const SESSION = 'strapi_jwt';
/** A JWT as users-permissions issues it (HS256, `{ id: 7, iat, exp }`); the signature is not checked here. */
const exp = Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const JWT = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ id: 7, iat: exp - 604800, exp })).toString('base64url')}.c2lnbmF0dXJl`;
const USER = {
  id: 7,
  documentId: 'u7',
  username: 'sam@example.test',
  email: 'sam@example.test',
  provider: 'github',
  confirmed: true,
  blocked: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const SITE = {
  data: { id: 1, documentId: 'site', name: 'Testportaal', navigation: [], footerLinks: [], social: [] },
  meta: {},
};

let agent: MockAgent;
let portal: PortalApp;
let seen: Array<{ method: string; path: string; authorization?: string; forwardedFor?: string }>;

beforeEach(async () => {
  agent = new MockAgent();
  agent.disableNetConnect();
  seen = [];
  vi.stubEnv('STRAPI_PUBLIC_URL', 'https://cms.example.test');
  vi.stubEnv('AUTH_PROVIDERS', 'github');
  portal = await createApp({
    mode: 'test',
    strapiUrl: CMS,
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: [], modulePreloads: [] },
    dispatcher: agent,
    pageCacheTtlMs: 0,
  });
  vi.unstubAllEnvs();
  const pool = agent.get(CMS);
  pool
    .intercept({ path: (path) => path.startsWith('/api/site'), method: 'GET' })
    .reply(200, SITE, { headers: { 'content-type': 'application/json' } })
    .persist();
});

afterEach(async () => {
  await portal.close();
  await agent.close();
});

/** Records a CMS call answered with `status` and `body`. */
function recordOnce(
  method: string,
  path: string | ((path: string) => boolean),
  status: number,
  body: unknown,
) {
  agent
    .get(CMS)
    .intercept({ path, method })
    .reply(({ path: actual, headers }) => {
      const header = (name: string) => (headers as Record<string, string>)[name];
      seen.push({
        method,
        path: actual,
        authorization: header('authorization'),
        forwardedFor: header('x-forwarded-for'),
      });
      return {
        statusCode: status,
        data: JSON.stringify(body),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    });
}

function strapiError(status: number, name: string, message: string, details: unknown = {}) {
  return { data: null, error: { status, name, message, details } };
}

describe('external sign-in', () => {
  it('offers the configured providers on the login page', async () => {
    const page = await request(portal.app).get('/inloggen?redirect=%2Fevents').expect(200);
    expect(page.text).toContain('href="/connect/github?redirect=%2Fevents"');
  });

  it('sends the browser to the CMS provider flow and remembers the flow in an httpOnly cookie', async () => {
    const response = await request(portal.app).get('/connect/github?redirect=%2Fevents').expect(302);
    expect(response.headers.location).toBe('https://cms.example.test/api/connect/github');
    expect(setCookie(response, 'auth_connect')).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    await request(portal.app)
      .get('/connect/..%2Fadmin')
      .expect(302)
      .expect('Location', '/inloggen?error=operation-not-allowed');
  });

  it('exchanges the access token, starts the session and returns to where the visitor was', async () => {
    const jar = new CookieJar().take(
      await request(portal.app).get('/en/connect/github?redirect=%2Fen%2Fevents'),
    );
    recordOnce('GET', (path) => path.startsWith('/api/auth/github/callback'), 200, { jwt: JWT, user: USER });
    const response = await request(portal.app)
      .get('/en/auth/connect?access_token=provider-token-123')
      .set('Cookie', jar.header())
      .expect(302);
    expect(response.headers.location).toBe('/en/events');
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/auth/github/callback?access_token=provider-token-123',
      }),
    ]);
    expect(seen[0]?.authorization).toBeUndefined();
    expect(seen[0]?.forwardedFor).toMatch(/127\.0\.0\.1|::1/);
    // A local client cannot pose as another visitor: no proxy is trusted unless configured.
    const spoofing = new CookieJar().take(
      await request(portal.app).get('/connect/github').set('X-Forwarded-For', '203.0.113.9'),
    );
    recordOnce('GET', (path) => path.startsWith('/api/auth/github/callback'), 200, { jwt: JWT, user: USER });
    await request(portal.app)
      .get('/auth/connect?access_token=provider-token-456')
      .set('Cookie', spoofing.header())
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(302);
    expect(seen[1]?.forwardedFor).toMatch(/127\.0\.0\.1|::1/);
    const cookie = setCookie(response, SESSION) ?? '';
    expect(cookie).toContain(`${SESSION}=${JWT}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? 0).getTime()).toBe(exp * 1000);
    expect(setCookie(response, 'auth_connect')).toMatch(/Max-Age=0/);
  });

  it('refuses a token that arrives without a flow started in this browser (login CSRF)', async () => {
    const response = await request(portal.app).get('/auth/connect?access_token=attacker-token').expect(302);
    expect(response.headers.location).toBe('/inloggen?error=operation-not-allowed');
    expect(setCookie(response, SESSION)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('shows a cancelled flow on the login page in the language the flow started in', async () => {
    const jar = new CookieJar().take(await request(portal.app).get('/en/connect/github'));
    const response = await request(portal.app)
      .get('/auth/connect?provider=github&error=access_denied')
      .set('Cookie', jar.header())
      .expect(302);
    expect(response.headers.location).toBe('/en/inloggen?error=invalid-credential');
    expect(seen).toEqual([]);
  });

  it('sends a refused exchange to the login page with the error code', async () => {
    const jar = new CookieJar().take(await request(portal.app).get('/connect/github'));
    recordOnce(
      'GET',
      (path) => path.startsWith('/api/auth/github/callback'),
      400,
      strapiError(400, 'ApplicationError', 'This provider is disabled'),
    );
    const response = await request(portal.app)
      .get('/auth/connect?access_token=x')
      .set('Cookie', jar.header())
      .expect(302);
    expect(response.headers.location).toBe('/inloggen?error=operation-not-allowed');
    const page = await request(portal.app).get(String(response.headers.location)).expect(200);
    expect(page.text).toContain('data-error-code="operation-not-allowed"');
    expect(page.text).toContain('Dit is op dit moment niet mogelijk.');
  });
});

describe('recorded CMS answers', () => {
  const form = (path: string, body: Record<string, string>) =>
    request(portal.app).post(path).set('Origin', PUBLIC_URL).type('form').send(body);

  it('signs in straight after registration when the CMS needs no e-mail confirmation', async () => {
    recordOnce('POST', '/api/auth/local/register', 200, { jwt: JWT, user: { ...USER, provider: 'local' } });
    const response = await form('/registreren', {
      email: 'Sam@Example.test',
      password: 'lang genoeg wachtwoord',
      password_confirm: 'lang genoeg wachtwoord',
      terms: 'on',
    }).expect(302);
    expect(response.headers.location).toBe('/account?status=welcome');
    expect(setCookie(response, SESSION)).toContain(JWT);
  });

  it('shows a blocked account as user-disabled', async () => {
    recordOnce(
      'POST',
      '/api/auth/local',
      400,
      strapiError(400, 'ApplicationError', 'Your account has been blocked by an administrator'),
    );
    const response = await form('/inloggen', { email: USER.email, password: 'wat dan ook' }).expect(400);
    expect(response.text).toContain('data-error-code="user-disabled"');
  });

  it('explains an expired activation link', async () => {
    recordOnce(
      'GET',
      (path) => path.startsWith('/api/account/activation'),
      400,
      strapiError(400, 'ValidationError', 'Expired code', { code: 'expired-action-code' }),
    );
    const response = await request(portal.app).get('/account-activeren?code=abc123').expect(200);
    expect(response.text).toContain('data-error-code="expired-action-code"');
    expect(response.text).toContain('Deze link is verlopen.');
  });

  it('asks /users/me once per request, with the JWT, even though several loaders need the user', async () => {
    recordOnce('GET', (path) => path.startsWith('/api/users/me'), 200, USER);
    const response = await request(portal.app).get('/account').set('Cookie', `${SESSION}=${JWT}`).expect(200);
    expect(response.text).toContain('data-testid="account-email"');
    const me = seen.filter((call) => call.path.startsWith('/api/users/me'));
    expect(me).toHaveLength(1);
    expect(me[0]?.authorization).toBe(`Bearer ${JWT}`);
  });

  it('treats an expired token the CMS refuses on a password change as user-token-expired', async () => {
    const expired = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ id: 7, exp: 1000 })).toString('base64url')}.c2ln`;
    recordOnce('GET', (path) => path.startsWith('/api/users/me'), 200, { ...USER, provider: 'local' });
    recordOnce(
      'POST',
      '/api/auth/change-password',
      401,
      strapiError(401, 'UnauthorizedError', 'Missing or invalid credentials'),
    );
    const response = await request(portal.app)
      .post('/account')
      .set('Origin', PUBLIC_URL)
      .set('Cookie', `${SESSION}=${expired}`)
      .type('form')
      .send({
        intent: 'change-password',
        current_password: 'oud wachtwoord',
        password: 'nieuw wachtwoord',
        password_confirm: 'nieuw wachtwoord',
      })
      .expect(400);
    expect(response.text).toContain('data-error-code="user-token-expired"');
  });
});
