/**
 * Accounts against the real CMS: register (a taken address answers like a new one and its owner
 * gets an e-mail, so no account is revealed),
 * confirm through the captured e-mail (which signs in), log in, `/users/me`, change the password
 * (a wrong current password is `wrong-password`), forgot and reset with the captured code (a used
 * code is `invalid-action-code`), invitation and activation, logout, the session cookie's
 * attributes and privacy, CSRF refusal, the data endpoint path, and the rate limits (429).
 */
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import {
  CookieJar,
  linkIn,
  mailsTo,
  setCookie,
  startFaultyCms,
  uniqueEmail,
  waitForMail,
} from '../support/accounts.ts';
import { createJourneyApp, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const PASSWORD = 'eerste wachtwoord';
const NEW_PASSWORD = 'tweede wachtwoord';
const SESSION = 'strapi_jwt';

let portal: PortalApp;

beforeAll(async () => {
  // Generous limits for the journey; the limits themselves are tested with their own app below.
  portal = await createJourneyApp();
});

afterAll(() => portal.close());

/** A same-origin form post (what a browser sends from the portal's own page). */
function post(app: PortalApp, path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(app.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

function get(app: PortalApp, path: string, jar?: CookieJar) {
  const call = request(app.app).get(path);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/** The auth error code the page shows, if any. */
function errorCode(response: Response): string | null {
  return /data-error-code="([a-z-]+)"/.exec(response.text)?.[1] ?? null;
}

/** The confirmed step the page shows, if any. */
function notice(response: Response): string | null {
  return /data-notice="([a-z-]+)"/.exec(response.text)?.[1] ?? null;
}

/** The root loader data inlined into the page for hydration. */
function rootData(response: Response): { user: unknown } {
  const json = /<script type="application\/json" id="__portal_state">([\s\S]*?)<\/script>/.exec(
    response.text,
  )?.[1];
  const state = JSON.parse(json ?? '{}') as { router: { loaderData: { root: { user: unknown } } } };
  return state.router.loaderData.root;
}

/** Registers and confirms an account; returns the signed-in jar. */
async function confirmedAccount(email: string, password = PASSWORD): Promise<CookieJar> {
  await post(portal, '/registreren', { email, password, password_confirm: password, terms: 'on' }).expect(
    200,
  );
  const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
  const jar = new CookieJar();
  jar.take(await get(portal, linkIn(mail, '/email-valideren')).expect(302));
  expect(jar.get(SESSION)).toBeTruthy();
  return jar;
}

describe('registration and e-mail confirmation', () => {
  const email = uniqueEmail('nieuw');

  it('registers and asks to confirm the address by e-mail (the CMS default requires it)', async () => {
    const response = await post(portal, '/registreren', {
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms: 'on',
    }).expect(200);
    expect(notice(response)).toBe('registered');
    expect(setCookie(response, SESSION)).toBeUndefined();
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    expect(mail.text).toContain('Bevestig je e-mailadres');
    expect(linkIn(mail, '/email-valideren')).toMatch(/^\/email-valideren\?confirmation=[a-f0-9]+$/);
    expect(mail.html).toContain(`${PUBLIC_URL}/en/email-valideren?confirmation=`);
  });

  it('answers a second registration for the address exactly like a new one, and e-mails the owner instead', async () => {
    const fresh = await post(portal, '/registreren', {
      email: uniqueEmail('vers'),
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms: 'on',
    }).expect(200);
    const taken = await post(portal, '/registreren', {
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms: 'on',
    }).expect(200);
    expect(notice(taken)).toBe('registered');
    expect(notice(fresh)).toBe('registered');
    expect(errorCode(taken)).toBe(errorCode(fresh));
    expect(decodeHtml(taken.text)).not.toContain('Er bestaat al een account');
    expect(setCookie(taken, SESSION)).toBeUndefined();
    expect(taken.text).not.toContain(PASSWORD);
    const mail = await waitForMail(mailDir, email, /Je hebt al een account/);
    expect(mail.subject).toBe('Je hebt al een account / You already have an account');
    expect(mail.text).toContain(`${PUBLIC_URL}/wachtwoord-vergeten`);
    // The CMS API says no more than the page: the same shape, no JWT, nothing of the real account.
    const api = await fetch(`${inject('cmsUrl')}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, email, password: PASSWORD }),
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { jwt?: string; user: { email: string; confirmed: boolean } };
    expect(body.jwt).toBeUndefined();
    expect(body.user).toMatchObject({ email, confirmed: false });
  });

  it('validates the form on the server with the form rules (weak password, no consent)', async () => {
    const response = await post(portal, '/registreren', {
      email: uniqueEmail('zwak'),
      password: 'kort',
      password_confirm: 'anders',
    }).expect(422);
    expect(response.text).toContain('form-field--invalid');
    expect(await mailsTo(mailDir, 'zwak+')).toHaveLength(0);
  });

  it('asks for the consent in a sentence of its own, in Dutch and in English (issue 28)', async () => {
    const form = { email: uniqueEmail('toestemming'), password: PASSWORD, password_confirm: PASSWORD };
    const dutch = decodeHtml((await post(portal, '/registreren', form).expect(422)).text);
    expect(dutch).toContain('<li>Accepteer de privacyverklaring.</li>');
    expect(dutch).not.toContain('Accepteer de Ik ga akkoord');
    const english = decodeHtml((await post(portal, '/en/registreren', form).expect(422)).text);
    expect(english).toContain('<li>Please accept the privacy statement.</li>');
    expect(english).not.toContain('accept the I agree');
  });

  it('does not log in before the address is confirmed', async () => {
    const response = await post(portal, '/inloggen', { email, password: PASSWORD }).expect(400);
    expect(errorCode(response)).toBe('email-not-confirmed');
    expect(setCookie(response, SESSION)).toBeUndefined();
  });

  it('confirms through the e-mailed link and signs in with an httpOnly, SameSite=Lax, Secure cookie', async () => {
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    const response = await get(portal, linkIn(mail, '/email-valideren')).expect(302);
    expect(response.headers.location).toBe('/account?status=email-confirmed');
    const cookie = setCookie(response, SESSION) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\//);
    const jwt = cookie.slice(SESSION.length + 1, cookie.indexOf(';'));
    const exp = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).exp as number;
    const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
    expect(new Date(expires ?? 0).getTime()).toBe(exp * 1000);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const jar = new CookieJar().take(response);
    const account = await get(portal, String(response.headers.location), jar).expect(200);
    expect(notice(account)).toBe('email-confirmed');
    expect(account.headers['cache-control']).toBe('private, no-store');
    // The token is never part of the page (hydration data included), only the public user.
    expect(account.text).not.toContain(jwt);
    expect(rootData(account).user).toEqual({
      id: expect.any(Number),
      username: email,
      email,
      confirmed: true,
    });
  });

  it('explains a used confirmation link', async () => {
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    const response = await get(portal, linkIn(mail, '/email-valideren')).expect(200);
    expect(errorCode(response)).toBe('invalid-action-code');
    expect(setCookie(response, SESSION)).toBeUndefined();
  });

  it('answers "send it again" neutrally for any address', async () => {
    const known = await post(portal, '/email-valideren', { email }).expect(200);
    const unknown = await post(portal, '/email-valideren', { email: uniqueEmail('onbekend') }).expect(200);
    expect(notice(known)).toBe('confirmation-sent');
    expect(notice(unknown)).toBe('confirmation-sent');
  });
});

describe('login, account and password change', () => {
  const email = uniqueEmail('lezer');
  let jar: CookieJar;

  beforeAll(async () => {
    await confirmedAccount(email);
  });

  it('sends anonymous visitors of /account to the login page and back', async () => {
    await get(portal, '/account').expect(302).expect('Location', '/inloggen?redirect=%2Faccount');
    await get(portal, '/en/uitnodiging')
      .expect(302)
      .expect('Location', '/en/inloggen?redirect=%2Fen%2Fuitnodiging');
    const login = await get(portal, '/inloggen?redirect=%2Faccount').expect(200);
    expect(login.text).toContain('name="redirect" value="/account"');
  });

  it('refuses a wrong password without saying whether the address exists', async () => {
    const wrong = await post(portal, '/inloggen', { email, password: 'niet het wachtwoord' }).expect(400);
    const unknown = await post(portal, '/inloggen', {
      email: uniqueEmail('niemand'),
      password: PASSWORD,
    }).expect(400);
    expect(errorCode(wrong)).toBe('invalid-credential');
    expect(errorCode(unknown)).toBe('invalid-credential');
    expect(wrong.text).toContain(`value="${email}"`);
    expect(wrong.text).not.toContain('niet het wachtwoord');
  });

  it('logs in and returns to the redirect target; foreign targets are ignored', async () => {
    const back = await post(portal, '/inloggen?redirect=%2Fen%2Faccount', {
      email,
      password: PASSWORD,
    }).expect(302);
    expect(back.headers.location).toBe('/en/account');
    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await post(portal, '/inloggen', { email, password: PASSWORD, redirect: evil }).expect(
        302,
      );
      expect(response.headers.location).toBe('/account');
    }
    jar = new CookieJar().take(back);
    expect(jar.get(SESSION)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('shows the account from /users/me, privately, and the user in the header', async () => {
    const response = await get(portal, '/account', jar).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.text).toContain('data-testid="account-email"');
    expect(decodeHtml(response.text)).toContain(email);
    expect(response.text).toContain('class="header-account"');
    expect(response.text).not.toContain(jar.get(SESSION));
    // Any page for a signed-in visitor is private, even a news page (shared caches must not keep it).
    const home = await get(portal, '/', jar).expect(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(rootData(home).user).toMatchObject({ email });
  });

  it('never redirects off the site after normalisation, on the page, the login post and the data endpoint', async () => {
    const bypasses = [
      '/.//evil.example',
      '/%2e//evil.example',
      '/..//evil.example',
      '/%2E%2E//evil.example/x',
    ];
    for (const evil of bypasses) {
      // Signed in: the login page sends the visitor on to the target at once.
      const page = await get(portal, `/inloggen?redirect=${encodeURIComponent(evil)}`, jar).expect(302);
      expect(page.headers.location).toBe('/account');
      const data = await get(portal, `/__data/inloggen?redirect=${encodeURIComponent(evil)}`, jar).expect(
        200,
      );
      expect(data.body).toMatchObject({ redirect: '/account', external: false });
      const login = await post(portal, '/inloggen', { email, password: PASSWORD, redirect: evil }).expect(
        302,
      );
      expect(login.headers.location).toBe('/account');
    }
  });

  it('refuses a wrong current password with wrong-password', async () => {
    const response = await post(
      portal,
      '/account',
      {
        intent: 'change-password',
        current_password: 'fout fout fout',
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
      jar,
    ).expect(400);
    expect(errorCode(response)).toBe('wrong-password');
  });

  it('changes the password and replaces the session with the fresh token', async () => {
    const response = await post(
      portal,
      '/account',
      {
        intent: 'change-password',
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
      jar,
    ).expect(302);
    expect(response.headers.location).toBe('/account?status=password-changed');
    const before = jar.get(SESSION);
    jar.take(response);
    expect(jar.get(SESSION)).toBeTruthy();
    expect(before).toBeTruthy();
    await post(portal, '/inloggen', { email, password: PASSWORD }).expect(400);
    await post(portal, '/inloggen', { email, password: NEW_PASSWORD }).expect(302);
    const account = await get(portal, '/account?status=password-changed', jar).expect(200);
    expect(notice(account)).toBe('password-changed');
  });

  it('logs out with a POST: the cookie is cleared and /account needs a login again', async () => {
    const response = await post(portal, '/account', { intent: 'logout' }, jar).expect(302);
    expect(response.headers.location).toBe('/inloggen?status=logged-out');
    expect(setCookie(response, SESSION)).toMatch(/Expires=Thu, 01 Jan 1970/);
    jar.take(response);
    expect(jar.get(SESSION)).toBeUndefined();
    await get(portal, '/account', jar).expect(302);
  });
});

describe('forgotten password and reset', () => {
  const email = uniqueEmail('vergeetachtig');

  beforeAll(async () => {
    await confirmedAccount(email);
  });

  it('answers the same for known and unknown addresses', async () => {
    const stranger = uniqueEmail('onbekend');
    const known = await post(portal, '/wachtwoord-vergeten', { email }).expect(200);
    const unknown = await post(portal, '/wachtwoord-vergeten', { email: stranger }).expect(200);
    expect(notice(known)).toBe('reset-sent');
    expect(notice(unknown)).toBe('reset-sent');
    expect(known.text.replaceAll(email, 'X')).toBe(unknown.text.replaceAll(stranger, 'X'));
  });

  it('resets with the e-mailed code, signs in, and refuses the code a second time', async () => {
    const mail = await waitForMail(mailDir, email, /Nieuw wachtwoord/);
    const link = linkIn(mail, '/wachtwoord-reset');
    expect(link).toMatch(/^\/wachtwoord-reset\?code=[a-f0-9]+$/);
    const code = new URLSearchParams(link.split('?')[1]).get('code') ?? '';
    const page = await get(portal, link).expect(200);
    expect(page.text).toContain(`name="code" value="${code}"`);
    const reset = await post(portal, link, {
      code,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    }).expect(302);
    expect(reset.headers.location).toBe('/account?status=password-reset');
    expect(setCookie(reset, SESSION)).toMatch(/HttpOnly/);
    const again = await post(portal, link, { code, password: PASSWORD, password_confirm: PASSWORD }).expect(
      400,
    );
    expect(errorCode(again)).toBe('invalid-action-code');
    await post(portal, '/inloggen', { email, password: NEW_PASSWORD }).expect(302);
  });

  it('explains a missing code', async () => {
    const response = await get(portal, '/wachtwoord-reset').expect(200);
    expect(response.text).not.toContain('name="password"');
    expect(response.text).toContain('href="/wachtwoord-vergeten"');
  });
});

describe('invitations and activation', () => {
  const inviter = uniqueEmail('uitnodiger');
  const colleague = uniqueEmail('collega');
  let jar: CookieJar;

  beforeAll(async () => {
    jar = await confirmedAccount(inviter);
  });

  it('invites a colleague, who activates the account with the address filled in', async () => {
    const sent = await post(portal, '/uitnodiging', { email: colleague }, jar).expect(200);
    expect(notice(sent)).toBe('invitation-sent');
    const mail = await waitForMail(mailDir, colleague, /Uitnodiging/);
    expect(mail.text).toContain(inviter);
    const link = linkIn(mail, '/account-activeren');
    const page = await get(portal, link).expect(200);
    expect(page.text).toContain('data-testid="activation-email"');
    expect(decodeHtml(page.text)).toContain(colleague);
    const code = new URLSearchParams(link.split('?')[1]).get('code') ?? '';
    const activated = await post(portal, link, {
      code,
      password: PASSWORD,
      password_confirm: PASSWORD,
    }).expect(302);
    expect(activated.headers.location).toBe('/account?status=activated');
    const colleagueJar = new CookieJar().take(activated);
    const account = await get(portal, '/account', colleagueJar).expect(200);
    expect(decodeHtml(account.text)).toContain(colleague);
    const used = await get(portal, link).expect(200);
    expect(errorCode(used)).toBe('invalid-action-code');
  });

  it('answers the same for an address that already has an account (and tells its owner by mail)', async () => {
    const response = await post(portal, '/uitnodiging', { email: colleague }, jar).expect(200);
    expect(notice(response)).toBe('invitation-sent');
    await waitForMail(mailDir, colleague, /al een account/);
  });

  it('explains an invalid activation link', async () => {
    const response = await get(portal, '/account-activeren?code=bestaatniet').expect(200);
    expect(errorCode(response)).toBe('invalid-action-code');
  });
});

describe('session rules', () => {
  it('clears a token the CMS refuses (401 on /users/me) and shows the visitor as anonymous', async () => {
    const fake = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl';
    const response = await request(portal.app)
      .get('/account')
      .set('Cookie', `${SESSION}=${fake}`)
      .expect(302);
    expect(setCookie(response, SESSION)).toMatch(/Expires=Thu, 01 Jan 1970/);
    const home = await request(portal.app).get('/').set('Cookie', `${SESSION}=${fake}`).expect(200);
    expect(rootData(home).user).toBeNull();
    expect(home.text).toContain('class="header-account__login"');
  });

  it('keeps the session during a CMS outage (decision 020)', async () => {
    const jar = await confirmedAccount(uniqueEmail('storing'));
    const faulty = await startFaultyCms(inject('cmsUrl'), (_method, path) =>
      path.startsWith('/api/users/me'),
    );
    const down = await createTestApp(faulty.url);
    try {
      const home = await get(down, '/', jar).expect(200);
      expect(setCookie(home, SESSION)).toBeUndefined();
      expect(rootData(home).user).toBeNull();
      const account = await get(down, '/account', jar).expect(503);
      expect(setCookie(account, SESSION)).toBeUndefined();
      expect(account.headers['cache-control']).toBe('private, no-store');
      // Back up: still signed in.
      const again = await get(portal, '/account', jar).expect(200);
      expect(rootData(again).user).not.toBeNull();
    } finally {
      await down.close();
      await faulty.close();
    }
  });

  it('keeps what was typed (not the password) and says the service is unavailable when the CMS is down', async () => {
    const faulty = await startFaultyCms(
      inject('cmsUrl'),
      (method, path) => method === 'POST' && path.startsWith('/api/auth/'),
    );
    const down = await createTestApp(faulty.url);
    try {
      const email = uniqueEmail('storing');
      const login = await post(down, '/inloggen', { email, password: PASSWORD }).expect(503);
      expect(errorCode(login)).toBe('network-request-failed');
      expect(decodeHtml(login.text)).toContain('tijdelijk niet beschikbaar');
      expect(login.text).toContain(`value="${email}"`);
      expect(login.text).not.toContain(PASSWORD);
      const register = await post(down, '/en/registreren', {
        email,
        password: PASSWORD,
        password_confirm: PASSWORD,
        terms: 'on',
      }).expect(503);
      expect(errorCode(register)).toBe('network-request-failed');
      expect(decodeHtml(register.text)).toContain('temporarily unavailable');
      expect(register.text).toContain(`value="${email}"`);
      expect(register.text).not.toContain(PASSWORD);
    } finally {
      await down.close();
      await faulty.close();
    }
  });

  it('works through the data endpoint of client navigations (cookie set, redirect as data)', async () => {
    const email = uniqueEmail('spa');
    await confirmedAccount(email);
    const response = await request(portal.app)
      .post('/__data/inloggen?redirect=%2Fuitnodiging')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ email, password: PASSWORD })
      .expect(200);
    expect(response.body).toEqual({ redirect: '/uitnodiging', status: 302, external: false });
    expect(setCookie(response, SESSION)).toMatch(/HttpOnly/);
    const failed = await request(portal.app)
      .post('/__data/inloggen')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ email, password: 'verkeerd wachtwoord' })
      .expect(400);
    expect(failed.body.actionData.inloggen).toMatchObject({ error: 'invalid-credential', values: { email } });
  });

  it('refuses a cross-site login POST (CSRF) before it reaches the CMS', async () => {
    const email = uniqueEmail('csrf');
    const response = await request(portal.app)
      .post('/inloggen')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ email, password: PASSWORD })
      .expect(403);
    expect(setCookie(response, SESSION)).toBeUndefined();
    await request(portal.app)
      .post('/inloggen')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ email, password: PASSWORD })
      .expect(403);
  });

  it('never serves or stores a signed-in page in the rendered-page cache', async () => {
    const cached = await createTestApp(undefined, { pageCacheTtlMs: 10_000 });
    try {
      const jar = await confirmedAccount(uniqueEmail('cache'));
      await request(cached.app).get('/over-ons').expect('X-Cache', 'MISS');
      await request(cached.app).get('/over-ons').expect('X-Cache', 'HIT');
      const signedIn = await request(cached.app).get('/over-ons').set('Cookie', jar.header()).expect(200);
      expect(signedIn.headers['x-cache']).toBeUndefined();
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(rootData(signedIn).user).not.toBeNull();
      const anonymous = await request(cached.app).get('/over-ons').expect('X-Cache', 'HIT');
      expect(rootData(anonymous).user).toBeNull();
    } finally {
      await cached.close();
    }
  });
});

describe('external sign-in on the CMS side', () => {
  it("keeps Strapi's own callback for disabled providers and local logins", async () => {
    const callback = await fetch(`${inject('cmsUrl')}/api/auth/github/callback?access_token=x`);
    expect(callback.status).toBe(400);
    expect(((await callback.json()) as { error: { message: string } }).error.message).toBe(
      'This provider is disabled',
    );
  });

  it('sends the browser back to the portal with an error when no provider flow is in the CMS session', async () => {
    const finish = await fetch(`${inject('cmsUrl')}/api/account/connect/github/finish`, {
      redirect: 'manual',
    });
    expect(finish.status).toBe(302);
    expect(finish.headers.get('location')).toBe(
      `${PUBLIC_URL}/auth/connect?provider=github&error=access_denied`,
    );
  });
});

describe('rate limits', () => {
  it('answers 429 per IP on the form, in Dutch and in English, keeping the input', async () => {
    vi.stubEnv('AUTH_RATE_LIMIT_IP', '2');
    const limited = await createTestApp();
    vi.unstubAllEnvs();
    try {
      const email = uniqueEmail('ip');
      await post(limited, '/wachtwoord-vergeten', { email }).expect(200);
      await post(limited, '/wachtwoord-vergeten', { email }).expect(200);
      const dutch = await post(limited, '/wachtwoord-vergeten', { email }).expect(429);
      expect(errorCode(dutch)).toBe('too-many-requests');
      expect(decodeHtml(dutch.text)).toContain('Te veel pogingen');
      expect(dutch.text).toContain(`value="${email}"`);
      const english = await post(limited, '/en/inloggen', { email, password: PASSWORD }).expect(429);
      expect(decodeHtml(english.text)).toContain('Too many attempts');
      expect(english.headers['ratelimit-policy']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('answers 429 per address after the allowed failed logins', async () => {
    vi.stubEnv('AUTH_RATE_LIMIT_IDENTIFIER', '2');
    vi.stubEnv('AUTH_RATE_LIMIT_IP', '100');
    const limited = await createTestApp();
    vi.unstubAllEnvs();
    try {
      const email = uniqueEmail('raden');
      await post(limited, '/inloggen', { email, password: 'gok nummer 1' }).expect(400);
      await post(limited, '/inloggen', { email, password: 'gok nummer 2' }).expect(400);
      const blocked = await post(limited, '/inloggen', { email, password: 'gok nummer 3' }).expect(429);
      expect(errorCode(blocked)).toBe('too-many-requests');
      // Another address is not affected.
      const other = await post(limited, '/inloggen', { email: uniqueEmail('ander'), password: 'gok' }).expect(
        400,
      );
      expect(errorCode(other)).toBe('invalid-credential');
    } finally {
      await limited.close();
    }
  });

  it('counts failed logins per address and client, with a slower limit per address for all clients', async () => {
    vi.stubEnv('AUTH_RATE_LIMIT_IDENTIFIER', '2');
    vi.stubEnv('AUTH_RATE_LIMIT_IP', '1000');
    // Behind a trusted proxy, each visitor has their own address.
    const limited = await createTestApp(undefined, { trustProxy: 'loopback' });
    vi.unstubAllEnvs();
    const from = (ip: string, email: string, password: string) =>
      request(limited.app)
        .post('/inloggen')
        .set('Origin', PUBLIC_URL)
        .set('X-Forwarded-For', ip)
        .type('form')
        .send(new URLSearchParams({ email, password }).toString());
    const email = uniqueEmail('eigenaar');
    await confirmedAccount(email);
    try {
      // The owner's address, attacked from one client: that client is locked out ...
      await from('198.51.100.1', email, 'gok 1').expect(400);
      await from('198.51.100.1', email, 'gok 2').expect(400);
      await from('198.51.100.1', email, 'gok 3').expect(429);
      // ... but the owner, elsewhere, still logs in.
      await from('198.51.100.200', email, PASSWORD).expect(302);
      // Many clients together meet the per-address limit (2 × 10 failures in the window).
      const target = uniqueEmail('overal');
      let blockedAt = 0;
      for (let attempt = 1; attempt <= 25 && !blockedAt; attempt++) {
        const answer = await from(`198.51.100.${attempt + 1}`, target, `gok ${attempt}`);
        if (answer.status === 429) blockedAt = attempt;
        else expect(answer.status).toBe(400);
      }
      expect(blockedAt).toBe(21);
    } finally {
      await limited.close();
    }
  });
});
