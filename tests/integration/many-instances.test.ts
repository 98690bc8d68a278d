/**
 * Two portal instances with one CMS and one Redis (Debian's redis-server on a free port), as
 * behind a load balancer (docs/decisions/057-many-instances.md):
 * - the CMS webhook reaches instance A only; a publish shows on both instances, page and search;
 * - failed logins for one address count on both instances together;
 * - a session made on one instance is valid on the other;
 * - Redis stops: pages, logins and analytics go on (limits fail open, a warning is logged) and
 *   `/health/ready` says Redis is down; without Redis configured it says nothing about it.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type StartedRedis, startRedis } from '../../scripts/lib/redis.mjs';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { CookieJar, linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { publishArticle } from '../support/cms-admin.ts';
import { createTestApp, PUBLIC_URL } from '../support/portal.ts';

const PASSWORD = 'een goed wachtwoord';

interface Instance {
  portal: PortalApp;
  url: string;
  close: () => Promise<void>;
}

let redis: StartedRedis;
let a: Instance;
let b: Instance;
let log = '';
/** Undoes what the tests changed in the shared CMS. */
const cleanups: Array<() => Promise<void>> = [];

/**
 * A portal instance on a real port (default a free one), with Redis, the CMS's webhook secret and
 * a long page cache.
 */
async function startInstance(port = 0): Promise<Instance> {
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    }),
  );
  vi.stubEnv('AUTH_RATE_LIMIT_IDENTIFIER', '3');
  vi.stubEnv('AUTH_RATE_LIMIT_IP', '1000');
  const portal = await createApp({
    mode: 'test',
    strapiUrl: inject('cmsUrl'),
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
    cmsTimeoutMs: 3000,
    // Ten minutes: only the broadcast can make a new article appear in time.
    pageCacheTtlMs: 600_000,
    stateDir: null,
    webhookSecret: inject('cmsWebhook').secret,
    redisUrl: redis.url,
    logger,
  });
  vi.unstubAllEnvs();
  const server = portal.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    portal,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await portal.close();
    },
  };
}

/** A same-origin form post to an instance. */
function post(instance: Instance, path: string, form: Record<string, string>, jar?: CookieJar) {
  const call = request(instance.portal.app).post(path).set('Origin', PUBLIC_URL).type('form').send(form);
  return jar?.header() ? call.set('Cookie', jar.header()) : call;
}

/** The auth error code the page shows, if any. */
function errorCode(html: string): string | null {
  return /data-error-code="([a-z-]+)"/.exec(html)?.[1] ?? null;
}

beforeAll(async () => {
  redis = await startRedis();
  // The CMS's webhook knows one portal URL (tests/setup/global-cms.ts): instance A listens there.
  // One after the other: each reads the stubbed limits from the environment.
  a = await startInstance(inject('cmsWebhook').port);
  b = await startInstance();
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
});

describe('two portal instances with one Redis', () => {
  it('show a newly published article on both, page and search, though the CMS told only one', async () => {
    const word = `Tweeling${Math.random().toString(36).slice(2, 8)}`;
    const title = `${word} landt op beide servers`;
    // Both instances have the home page and the search in their caches before the publish.
    for (const instance of [a, b]) {
      expect((await request(instance.portal.app).get('/').expect(200)).text).not.toContain(word);
      expect((await request(instance.portal.app).get(`/zoeken?q=${word}`).expect(200)).text).not.toContain(
        title,
      );
    }
    const published = await publishArticle({
      title,
      slug: word.toLowerCase(),
      summary: `${word}: een bericht voor twee servers tegelijk.`,
    });
    // Other test files read "the newest article": this one goes away after the test.
    cleanups.push(published.remove);
    const started = Date.now();
    // A search hit links the article (its title words are highlighted with <mark>).
    const found = new RegExp(`class="search-result__title"><a href="/news/[a-z0-9]+/${word.toLowerCase()}"`);
    for (const instance of [b, a]) {
      await expect
        .poll(async () => (await request(instance.portal.app).get('/')).text.includes(title), {
          timeout: 5000,
          interval: 100,
        })
        .toBe(true);
      await expect
        .poll(async () => found.test((await request(instance.portal.app).get(`/zoeken?q=${word}`)).text), {
          timeout: 5000,
          interval: 100,
        })
        .toBe(true);
    }
    console.info(`[many-instances] the publish showed on both instances after ${Date.now() - started} ms`);
  });

  it('count failed logins for one address on both instances together', async () => {
    const email = uniqueEmail('tweeling');
    // The limit is 3 per address (and client) in the window, wherever the attempts land.
    expect(errorCode((await post(a, '/inloggen', { email, password: 'gok 1' }).expect(400)).text)).toBe(
      'invalid-credential',
    );
    await post(b, '/inloggen', { email, password: 'gok 2' }).expect(400);
    await post(a, '/inloggen', { email, password: 'gok 3' }).expect(400);
    const blocked = await post(b, '/inloggen', { email, password: 'gok 4' }).expect(429);
    expect(errorCode(blocked.text)).toBe('too-many-requests');
    const alsoBlocked = await post(a, '/inloggen', { email, password: 'gok 5' }).expect(429);
    expect(errorCode(alsoBlocked.text)).toBe('too-many-requests');
  });

  it('accept a session made on one instance on the other', async () => {
    const email = uniqueEmail('overstap');
    await post(a, '/registreren', {
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms: 'on',
    }).expect(200);
    const mail = await waitForMail(inject('mailDir'), email, /Bevestig je e-mailadres/);
    const jar = new CookieJar();
    jar.take(await request(a.portal.app).get(linkIn(mail, '/email-valideren')).expect(302));
    const account = await request(b.portal.app).get('/account').set('Cookie', jar.header()).expect(200);
    expect(account.text).toContain(email);
  });

  it('go on when Redis stops: limits fail open with a warning, readiness says Redis is down', async () => {
    const ready = await request(a.portal.app).get('/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', cms: 'up', redis: 'up' });
    await redis.stop();
    const email = uniqueEmail('zonder-redis');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const instance = attempt % 2 ? a : b;
      const answer = await post(instance, '/inloggen', { email, password: `gok ${attempt}` }).expect(400);
      expect(errorCode(answer.text)).toBe('invalid-credential');
    }
    await request(b.portal.app).get('/').expect(200);
    await request(a.portal.app)
      .post('/statistics')
      .set('Origin', PUBLIC_URL)
      .set('Content-Type', 'application/json')
      .set(
        'User-Agent',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      )
      .send(
        JSON.stringify({ data: { session: 'zonder-redis', events: [{ eventType: 'Pageview', url: '/' }] } }),
      )
      .expect(202);
    const down = await request(b.portal.app).get('/health/ready').expect(200);
    expect(down.body).toEqual({ status: 'degraded', cms: 'up', redis: 'down' });
    expect(log).toContain('Redis unreachable: rate limits fail open');
  });
});

describe('one portal instance without Redis', () => {
  it('reports only the CMS in readiness', async () => {
    const single = await createTestApp();
    try {
      const ready = await request(single.app).get('/health/ready').expect(200);
      expect(ready.body).toEqual({ status: 'ready', cms: 'up' });
    } finally {
      await single.close();
    }
  });
});
