/**
 * Sessions that really end (docs/decisions/049-sessions-that-end.md), against the real CMS: a
 * token is refused at the portal (`/account`) and at the CMS (`/api/users/me`) once its session
 * was logged out, ended everywhere, or outlived by a password change or reset; a logout ends only
 * its own session; sliding renewal keeps the session and its end ends every token it had.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { CookieJar, linkIn, setCookie, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { cms, createJourneyApp, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const PASSWORD = 'eerste wachtwoord';
const NEW_PASSWORD = 'tweede wachtwoord';
const SESSION = 'strapi_jwt';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createJourneyApp();
});

afterAll(() => portal.close());

function post(app: PortalApp, path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/** A jar holding only `token` as the session cookie. */
function jarWith(token: string): CookieJar {
  const jar = new CookieJar();
  jar.set(SESSION, token);
  return jar;
}

/** The HTTP status of `GET /api/users/me` at the CMS with `token`. */
async function cmsMe(token: string): Promise<number> {
  return (await cms('/users/me', { headers: { Authorization: `Bearer ${token}` } })).status;
}

/** The status of `/account` at the portal with `token` (200 signed in, 302 to the login page). */
async function portalAccount(app: PortalApp, token: string): Promise<number> {
  return (await request(app.app).get('/account').set('Cookie', jarWith(token).header())).status;
}

/** Registers and confirms an account (the confirmation signs in). */
async function confirmedAccount(email: string): Promise<void> {
  await post(portal, '/registreren', {
    email,
    password: PASSWORD,
    password_confirm: PASSWORD,
    terms: 'on',
  }).expect(200);
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  await request(portal.app).get(linkIn(mail, '/email-valideren')).expect(302);
}

/** Logs in through the portal's form; returns the session token. */
async function logIn(email: string, password = PASSWORD): Promise<string> {
  const response = await post(portal, '/inloggen', { email, password }).expect(302);
  const token = new CookieJar().take(response).get(SESSION);
  expect(token).toBeTruthy();
  return token as string;
}

/** The decoded claims of a JWT. */
function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** Waits until the clock has moved to a later second than `token`'s `iat`. */
async function nextSecondAfter(token: string): Promise<void> {
  const iat = Number(claims(token).iat) * 1000;
  const wait = iat + 1100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The renewal age of the sliding-renewal tests, in seconds. */
const RENEW_AFTER_S = 5;

/** Waits until `token` is old enough to be renewed ({@link RENEW_AFTER_S} seconds after its `iat`). */
async function renewableAge(token: string): Promise<void> {
  const iat = Number(claims(token).iat) * 1000;
  const wait = iat + RENEW_AFTER_S * 1000 + 100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

describe('logout', () => {
  const email = uniqueEmail('uitlogger');

  beforeAll(async () => {
    await confirmedAccount(email);
  });

  it('refuses the old token at the portal and at the CMS; other sessions of the account go on', async () => {
    const phone = await logIn(email);
    const laptop = await logIn(email);
    await nextSecondAfter(laptop);
    const desktop = await logIn(email);
    expect(await portalAccount(portal, desktop)).toBe(200);
    expect(await cmsMe(desktop)).toBe(200);

    const response = await post(portal, '/account', { intent: 'logout' }, jarWith(desktop)).expect(302);
    expect(response.headers.location).toBe('/inloggen?status=logged-out');
    expect(setCookie(response, SESSION)).toMatch(/Expires=Thu, 01 Jan 1970/);

    // The token itself, replayed (a copied cookie), is refused everywhere.
    expect(await cmsMe(desktop)).toBe(401);
    const replay = await request(portal.app).get('/account').set('Cookie', jarWith(desktop).header());
    expect(replay.status).toBe(302);
    expect(replay.headers.location).toBe('/inloggen?redirect=%2Faccount');
    expect(setCookie(replay, SESSION)).toMatch(/Expires=Thu, 01 Jan 1970/);

    // Sessions signed in earlier, elsewhere, are not touched by a logout.
    expect(await cmsMe(laptop)).toBe(200);
    expect(await cmsMe(phone)).toBe(200);
    expect(await portalAccount(portal, laptop)).toBe(200);
  });

  it('logs out a token the CMS already refuses without an error', async () => {
    const token = await logIn(email);
    await post(portal, '/account', { intent: 'logout' }, jarWith(token)).expect(302);
    const again = await post(portal, '/account', { intent: 'logout' }, jarWith(token)).expect(302);
    expect(again.headers.location).toBe('/inloggen?status=logged-out');
  });
});

describe('log out everywhere', () => {
  const email = uniqueEmail('overal');

  beforeAll(async () => {
    await confirmedAccount(email);
  });

  it('ends every session of the account, and a new login right afterwards works', async () => {
    const other = await logIn(email);
    await nextSecondAfter(other);
    const here = await logIn(email);
    const page = await request(portal.app).get('/account').set('Cookie', jarWith(here).header()).expect(200);
    expect(page.text).toContain('name="intent" value="logout-everywhere"');

    const response = await post(portal, '/account', { intent: 'logout-everywhere' }, jarWith(here)).expect(
      302,
    );
    expect(response.headers.location).toBe('/inloggen?status=logged-out-everywhere');
    expect(setCookie(response, SESSION)).toMatch(/Expires=Thu, 01 Jan 1970/);

    for (const token of [here, other]) {
      expect(await cmsMe(token)).toBe(401);
      expect(await portalAccount(portal, token)).toBe(302);
    }
    const fresh = await logIn(email);
    expect(await cmsMe(fresh)).toBe(200);
    expect(await portalAccount(portal, fresh)).toBe(200);
    const notice = await request(portal.app).get('/inloggen?status=logged-out-everywhere').expect(200);
    expect(notice.text).toContain('Je bent uitgelogd op al je apparaten en in al je browsers.');
  });

  it('needs a signed-in visitor', async () => {
    const response = await post(portal, '/account', { intent: 'logout-everywhere' }).expect(302);
    expect(response.headers.location).toMatch(/^\/inloggen/);
  });
});

describe('password change and reset', () => {
  it('a password change ends the other sessions and the old token; the fresh token works', async () => {
    const email = uniqueEmail('wisselaar');
    await confirmedAccount(email);
    const other = await logIn(email);
    await nextSecondAfter(other);
    const here = await logIn(email);
    await nextSecondAfter(here);
    const response = await post(
      portal,
      '/account',
      {
        intent: 'change-password',
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
      jarWith(here),
    ).expect(302);
    expect(response.headers.location).toBe('/account?status=password-changed');
    const fresh = new CookieJar().take(response).get(SESSION) as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(here);

    for (const token of [here, other]) {
      expect(await cmsMe(token)).toBe(401);
      expect(await portalAccount(portal, token)).toBe(302);
    }
    expect(await cmsMe(fresh)).toBe(200);
    expect(await portalAccount(portal, fresh)).toBe(200);
  });

  it('a password reset by e-mail ends every earlier session', async () => {
    const email = uniqueEmail('hersteller');
    await confirmedAccount(email);
    const stolen = await logIn(email);
    await nextSecondAfter(stolen);
    await post(portal, '/wachtwoord-vergeten', { email }).expect(200);
    const mail = await waitForMail(mailDir, email, /Nieuw wachtwoord/);
    const link = linkIn(mail, '/wachtwoord-reset');
    const code = new URLSearchParams(link.split('?')[1]).get('code') ?? '';
    const reset = await post(portal, link, {
      code,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    }).expect(302);
    const fresh = new CookieJar().take(reset).get(SESSION) as string;
    expect(await cmsMe(stolen)).toBe(401);
    expect(await portalAccount(portal, stolen)).toBe(302);
    expect(await cmsMe(fresh)).toBe(200);
  });
});

describe('sliding renewal', () => {
  let renewing: PortalApp;
  const email = uniqueEmail('actief');

  beforeAll(async () => {
    // Five seconds: long enough that a token is still young on a busy CI machine, short for a test.
    renewing = await createJourneyApp({ AUTH_SESSION_RENEW_AFTER_S: String(RENEW_AFTER_S) });
    await confirmedAccount(email);
  });

  afterAll(() => renewing.close());

  it('gives an active visitor a fresh token of the same session; its logout ends both tokens', async () => {
    const first = await logIn(email);
    expect(Number(claims(first).exp) - Number(claims(first).iat)).toBe(24 * 60 * 60);
    // Young tokens are not renewed.
    const young = await request(renewing.app)
      .get('/account')
      .set('Cookie', jarWith(first).header())
      .expect(200);
    expect(setCookie(young, SESSION)).toBeUndefined();

    await renewableAge(first);
    const page = await request(renewing.app)
      .get('/account')
      .set('Cookie', jarWith(first).header())
      .expect(200);
    const line = setCookie(page, SESSION) ?? '';
    expect(line).toMatch(/HttpOnly/);
    const renewed = new CookieJar().take(page).get(SESSION) as string;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(first);
    const before = claims(first);
    const after = claims(renewed);
    expect(Number(after.iat)).toBeGreaterThan(Number(before.iat));
    // Same session: its id and sign-in time carry over.
    expect(before.sid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(after.sid).toBe(before.sid);
    expect(after.auth_time).toBe(before.auth_time);
    expect(await cmsMe(renewed)).toBe(200);

    await post(renewing, '/account', { intent: 'logout' }, jarWith(renewed)).expect(302);
    expect(await cmsMe(renewed)).toBe(401);
    expect(await cmsMe(first)).toBe(401);
  });

  it('renews through the CMS only for a live session', async () => {
    const token = await logIn(email);
    const renewed = await cms<{ jwt?: string }>('/account/session', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(renewed.status).toBe(200);
    expect(typeof renewed.body.jwt).toBe('string');
    await post(renewing, '/account', { intent: 'logout' }, jarWith(token)).expect(302);
    const refused = await cms('/account/session', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(401);
    expect(await cmsMe(renewed.body.jwt as string)).toBe(401);
  });
});
