/**
 * Analytics against the real CMS (docs/analytics.md): `POST /statistics` takes the browser's
 * batches (202, no body) and refuses unknown kinds, oversized batches and bad JSON with a 400 JSON
 * error, never a 5xx; it rate-limits per client (429); bots, `Sec-GPC: 1` and `DNT: 1` are not
 * counted. Account and form events are recorded on the server where they happen. The forwarder
 * stores one CMS record per batch, without IP address or user agent; with the CMS down the
 * events are dropped and nothing waits.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { ANALYTICS_SESSION_COOKIE } from '../../src/shared/analytics/events.ts';
import { linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { apiToken } from '../support/cms-admin.ts';
import { storedRows } from '../support/cms-database.ts';
import { cms, createJourneyApp, createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const mailDir = inject('mailDir');
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface StoredEvent {
  eventType: string;
  session: string | null;
  url?: string;
  device: string;
  source: string;
  label?: string;
  contentType?: string;
  documentId?: string;
  [key: string]: unknown;
}

let portal: PortalApp;

beforeAll(async () => {
  portal = await createJourneyApp();
});

afterAll(() => portal.close());

/** A unique analytics session id. */
function sessionId(): string {
  return `test-${Math.random().toString(36).slice(2, 14)}`;
}

/** The analytics cookie for `id`, as the browser sets it. */
function sessionCookie(id: string): string {
  const now = Date.now();
  return `${ANALYTICS_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ id, iat: now, exp: now + 365 * 86_400_000 }))}`;
}

function postStatistics(app: PortalApp, body: unknown, headers: Record<string, string> = {}) {
  const call = request(app.app)
    .post('/statistics')
    .set('Origin', PUBLIC_URL)
    .set('Content-Type', 'application/json')
    .set('User-Agent', CHROME);
  for (const [name, value] of Object.entries(headers)) call.set(name, value);
  return call.send(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Every stored event of a session (after the waiting events were sent). */
async function storedEventsOf(session: string): Promise<StoredEvent[]> {
  await portal.flushAnalytics();
  const rows = await storedRows<{ events: string; session: string | null }>(
    'SELECT events, session FROM statistics WHERE CAST(events AS TEXT) LIKE ?',
    `%${session}%`,
  );
  return rows.flatMap((row) =>
    (JSON.parse(row.events) as StoredEvent[]).filter((event) => event.session === session),
  );
}

describe('POST /statistics', () => {
  it('takes a batch with 202 and no body, and the CMS stores it with device class but no IP or user agent', async () => {
    const session = sessionId();
    const response = await postStatistics(
      portal,
      {
        data: {
          session,
          events: [
            { eventType: 'Pageview', url: '/events', referrerHost: 'www.example.org' },
            { eventType: 'Pageview', url: '/news/abc/titel', contentType: 'article', documentId: 'abc123' },
            { eventType: 'SessionStart' },
          ],
        },
      },
      { 'User-Agent': IPHONE, 'X-Forwarded-For': '203.0.113.9' },
    ).expect(202);
    expect(response.text).toBe('');
    const events = await storedEventsOf(session);
    expect(events.map((event) => event.eventType)).toEqual(['Pageview', 'Pageview', 'SessionStart']);
    expect(events[0]).toMatchObject({
      url: '/events',
      referrerHost: 'www.example.org',
      device: 'mobile',
      source: 'browser',
    });
    expect(events[1]).toMatchObject({ contentType: 'article', documentId: 'abc123' });
    const stored = JSON.stringify(events);
    expect(stored).not.toContain('203.0.113');
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('iPhone');
  });

  const refused: Array<[string, unknown]> = [
    ['an unknown kind', { data: { session: 'sessie-12345678', events: [{ eventType: 'Purchase' }] } }],
    ['a misspelt kind', { data: { session: 'sessie-12345678', events: [{ eventType: 'pageview' }] } }],
    [
      '51 events',
      {
        data: {
          session: 'sessie-12345678',
          events: Array.from({ length: 51 }, () => ({ eventType: 'Pageview', url: '/' })),
        },
      },
    ],
    ['no events', { data: { session: 'sessie-12345678', events: [] } }],
    ['no session', { data: { events: [{ eventType: 'Pageview', url: '/' }] } }],
    ['a session with odd characters', { data: { session: '<script>', events: [{ eventType: 'Install' }] } }],
    [
      'a url on another origin',
      {
        data: {
          session: 'sessie-12345678',
          events: [{ eventType: 'Pageview', url: 'https://evil.example/' }],
        },
      },
    ],
    [
      'events that are not a list',
      { data: { session: 'sessie-12345678', events: { eventType: 'Install' } } },
    ],
    ['bad JSON', '{"data": {"events": ['],
    ['JSON that is not an object', '"Pageview"'],
    [
      'a body over 16 KiB',
      {
        data: { session: 'sessie-12345678', events: [{ eventType: 'Marketing', label: 'x'.repeat(17_000) }] },
      },
    ],
  ];
  for (const [what, body] of refused) {
    it(`refuses ${what} with a 400 JSON error`, async () => {
      const response = await postStatistics(portal, body).expect(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect((response.body as { error: { status: number; message: string } }).error.status).toBe(400);
    });
  }

  it('does not count bots, Global Privacy Control or Do Not Track (202, nothing stored)', async () => {
    const signals: Array<Record<string, string>> = [
      { 'User-Agent': GOOGLEBOT },
      { 'Sec-GPC': '1' },
      { DNT: '1' },
    ];
    for (const headers of signals) {
      const session = sessionId();
      await postStatistics(
        portal,
        { data: { session, events: [{ eventType: 'Pageview', url: '/' }] } },
        headers,
      ).expect(202);
      expect(await storedEventsOf(session)).toEqual([]);
    }
  });

  it('refuses a cross-site post like every other form post', async () => {
    await request(portal.app)
      .post('/statistics')
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ data: { session: sessionId(), events: [{ eventType: 'Pageview', url: '/' }] } }))
      .expect(403);
  });

  it('answers 429 with a JSON error beyond the per-client limit', async () => {
    const limited = await createTestApp();
    try {
      const body = { data: { session: sessionId(), events: [{ eventType: 'Pageview', url: '/' }] } };
      const statuses: number[] = [];
      for (let index = 0; index < 125; index += 1)
        statuses.push((await postStatistics(limited, body)).status);
      expect(statuses.slice(0, 120).every((status) => status === 202)).toBe(true);
      expect(statuses.slice(120)).toEqual([429, 429, 429, 429, 429]);
      const last = await postStatistics(limited, body).expect(429);
      expect((last.body as { error: { status: number } }).error.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
  it('has no per-client limit with STATISTICS_RATE_LIMIT=0 (many readers behind one address)', async () => {
    const unlimited = await createTestApp(undefined, { statisticsPerMinute: 0 });
    try {
      const body = { data: { session: sessionId(), events: [{ eventType: 'Pageview', url: '/' }] } };
      const statuses = new Set<number>();
      for (let index = 0; index < 130; index += 1)
        statuses.add((await postStatistics(unlimited, body)).status);
      expect([...statuses]).toEqual([202]);
    } finally {
      await unlimited.close();
    }
  });
});

describe('server-side events', () => {
  it('records sign-up, e-mail link, failed and successful sign-in and sign-out where they happen', async () => {
    const session = sessionId();
    const cookie = sessionCookie(session);
    const email = uniqueEmail('gemeten');
    const password = 'een goed wachtwoord';
    const post = (path: string, form: Record<string, string>, extra = '') =>
      request(portal.app)
        .post(path)
        .set('Origin', PUBLIC_URL)
        .set('User-Agent', CHROME)
        .set('Cookie', [cookie, extra].filter(Boolean).join('; '))
        .type('form')
        .send(form);
    await post('/registreren', { email, password, password_confirm: password, terms: 'on' }).expect(200);
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    await request(portal.app)
      .get(linkIn(mail, '/email-valideren'))
      .set('Cookie', cookie)
      .set('User-Agent', CHROME)
      .expect(302);
    await post('/inloggen', { email, password: 'niet het wachtwoord' }).expect(400);
    const login = await post('/inloggen', { email, password }).expect(302);
    const jwt = /strapi_jwt=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    await post('/account', { intent: 'logout' }, `strapi_jwt=${jwt}`).expect(302);
    await post('/wachtwoord-vergeten', { email }).expect(200);

    const events = await storedEventsOf(session);
    expect(events.map((event) => event.eventType)).toEqual([
      'UserSignUp',
      'EmailLink',
      'AuthFail',
      'UserSignIn',
      'UserSignOut',
      'ForgotPassword',
    ]);
    expect(events.every((event) => event.source === 'server' && event.device === 'desktop')).toBe(true);
    expect(events[3]?.url).toBe('/inloggen');
    // Nothing identifies the account.
    expect(JSON.stringify(events)).not.toContain(email);
  });

  it('records an accepted contact message as a Lead, and a refused one not', async () => {
    const session = sessionId();
    const post = (form: Record<string, string>) =>
      request(portal.app)
        .post('/contact')
        .set('Origin', PUBLIC_URL)
        .set('User-Agent', CHROME)
        .set('Cookie', sessionCookie(session))
        .type('form')
        .send(form);
    const form = {
      name: 'Fenna de Vries',
      email: uniqueEmail('lead'),
      organisation: 'Pakketpost BV',
      subject: 'Een vraag over adverteren',
      message: 'Graag meer informatie over de mogelijkheden.',
      consent: 'on',
    };
    await post({ ...form, email: 'geen-adres' }).expect(422);
    await post(form).expect(303);
    const events = await storedEventsOf(session);
    expect(events).toEqual([
      expect.objectContaining({ eventType: 'Lead', label: 'contact-messages', url: '/contact' }),
    ]);
  });

  it('records nothing for a visitor who sends Sec-GPC', async () => {
    const session = sessionId();
    await request(portal.app)
      .post('/wachtwoord-vergeten')
      .set('Origin', PUBLIC_URL)
      .set('User-Agent', CHROME)
      .set('Sec-GPC', '1')
      .set('Cookie', sessionCookie(session))
      .type('form')
      .send({ email: uniqueEmail('privé') })
      .expect(200);
    expect(await storedEventsOf(session)).toEqual([]);
  });
});

describe('the choice on the privacy page', () => {
  it('opts out without JavaScript: a year-long cookie, the session cookie removed, nothing counted', async () => {
    const page = decodeHtml(
      (await request(portal.app).get('/privacy').set('Accept-Language', 'nl').expect(200)).text,
    );
    expect(page).toContain('<h2 id="analytics-choice-title">Statistieken</h2>');
    expect(page).toContain('De gegevens worden na dertien maanden verwijderd.');
    expect(page).toMatch(/<form class="analytics-choice__form"[^>]* action="\/privacy" method="post">/);

    const session = sessionId();
    const off = await request(portal.app)
      .post('/privacy')
      .set('Origin', PUBLIC_URL)
      .set('Cookie', sessionCookie(session))
      .type('form')
      .send({ intent: 'analytics-off' })
      .expect(303);
    expect(off.headers.location).toBe('/privacy?statistieken=uit');
    const cookies = ([] as string[]).concat(off.headers['set-cookie'] ?? []);
    expect(cookies.find((line) => line.startsWith('portal_analytics=off'))).toMatch(
      /Max-Age=31536000; Path=\/; Secure; SameSite=Lax/,
    );
    expect(cookies.find((line) => line.startsWith(`${ANALYTICS_SESSION_COOKIE}=;`))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    const confirmed = decodeHtml(
      (await request(portal.app).get('/privacy?statistieken=uit').set('Accept-Language', 'nl').expect(200))
        .text,
    );
    expect(confirmed).toContain('data-form-status="analytics-uit"');

    const optedOut = `${sessionCookie(session)}; portal_analytics=off`;
    await postStatistics(
      portal,
      { data: { session, events: [{ eventType: 'Pageview', url: '/' }] } },
      { Cookie: optedOut },
    ).expect(202);
    await request(portal.app)
      .post('/wachtwoord-vergeten')
      .set('Origin', PUBLIC_URL)
      .set('User-Agent', CHROME)
      .set('Cookie', optedOut)
      .type('form')
      .send({ email: uniqueEmail('afgemeld') })
      .expect(200);
    expect(await storedEventsOf(session)).toEqual([]);

    const on = await request(portal.app)
      .post('/en/privacy')
      .set('Origin', PUBLIC_URL)
      .set('Cookie', optedOut)
      .type('form')
      .send({ intent: 'analytics-on' })
      .expect(303);
    expect(on.headers.location).toBe('/en/privacy?statistieken=aan');
    expect(String(on.headers['set-cookie'])).toMatch(/portal_analytics=; .*Expires=Thu, 01 Jan 1970/);
  });

  it('takes no other posts: another page answers 405, another intent 400', async () => {
    const post = (path: string, intent: string) =>
      request(portal.app).post(path).set('Origin', PUBLIC_URL).type('form').send({ intent });
    expect((await post('/over-ons', 'analytics-off')).status).toBe(405);
    expect((await post('/privacy', 'alles-uit')).status).toBe(400);
  });
});

describe('reports in the CMS', () => {
  /** Page views of articles (browser batches), forwarded and stored. */
  async function viewArticles(views: Record<string, number>, referrerHost?: string): Promise<void> {
    for (const [documentId, count] of Object.entries(views)) {
      const events = Array.from({ length: count }, () => ({
        eventType: 'Pageview',
        url: `/news/${documentId}/titel`,
        contentType: 'article',
        documentId,
        ...(referrerHost ? { referrerHost } : {}),
      }));
      for (let start = 0; start < events.length; start += 50) {
        await postStatistics(portal, {
          data: { session: sessionId(), events: events.slice(start, start + 50) },
        }).expect(202);
      }
    }
    await portal.flushAnalytics();
  }

  it('ranks the most read articles of the last days in SQL (public, for the "Meest gelezen" block)', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    await viewArticles({ [`veel${tag}`]: 40, [`middel${tag}`]: 30, [`weinig${tag}`]: 20 });
    const answer = await cms<{ data: Array<{ documentId: string; views: number }> }>(
      '/statistics/most-read?days=7&limit=3',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { documentId: `veel${tag}`, views: 40 },
      { documentId: `middel${tag}`, views: 30 },
      { documentId: `weinig${tag}`, views: 20 },
    ]);
    expect((await cms('/statistics/most-read?days=0')).status).toBe(400);
    expect((await cms('/statistics/most-read?limit=abc')).status).toBe(400);
  });

  it('shows the most read news on the home page and on news items, most read first', async () => {
    const { body } = await cms<{ data: Array<{ documentId: string; slug: string; title: string }> }>(
      '/articles?fields[0]=slug&fields[1]=title&sort=publishDate:desc&pagination[pageSize]=3',
    );
    const [first, second, third] = body.data;
    if (!first || !second || !third) throw new Error('the seed needs three articles');
    await viewArticles({ [first.documentId]: 90, [second.documentId]: 80 });
    const fresh = await createTestApp();
    try {
      const home = decodeHtml(
        (await request(fresh.app).get('/').set('Accept-Language', 'nl').expect(200)).text,
      );
      const block =
        /<section aria-labelledby="most-read-title" class="most-read">([\s\S]*?)<\/section>/.exec(
          home,
        )?.[1] ?? '';
      expect(block).toContain('<h2 id="most-read-title" class="section-title">Meest gelezen</h2>');
      const titles = [...block.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
      expect(titles.slice(0, 2)).toEqual([first.title, second.title]);
      const item = decodeHtml(
        (
          await request(fresh.app)
            .get(`/news/${first.documentId}/${first.slug}`)
            .set('Accept-Language', 'nl')
            .expect(200)
        ).text,
      );
      const itemBlock =
        /<section aria-labelledby="most-read-title" class="most-read">([\s\S]*?)<\/section>/.exec(
          item,
        )?.[1] ?? '';
      expect(itemBlock).toContain(second.title);
      expect(itemBlock).not.toContain(`/news/${first.documentId}/`);
    } finally {
      await fresh.close();
    }
  });

  it('gives editors a summary with an API token only', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    await viewArticles({ [`samenvatting${tag}`]: 3 }, `nieuws-${tag}.example`);
    expect((await cms('/statistics/summary')).status).toBe(403);
    const token = await apiToken('full-access');
    const today = new Date().toISOString().slice(0, 10);
    const answer = await cms<{
      data: {
        from: string;
        to: string;
        pageviewsPerDay: Array<{ day: string; views: number }>;
        topPages: Array<{ url: string; views: number }>;
        topReferrers: Array<{ host: string; views: number }>;
        eventsByKind: Array<{ eventType: string; count: number }>;
      };
    }>(`/statistics/summary?from=${today}&to=${today}&top=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const summary = answer.body.data;
    expect(summary.from).toBe(today);
    expect(summary.pageviewsPerDay).toHaveLength(1);
    expect(summary.pageviewsPerDay[0]?.day).toBe(today);
    expect(summary.pageviewsPerDay[0]?.views).toBeGreaterThanOrEqual(3);
    expect(summary.topPages).toContainEqual({ url: `/news/samenvatting${tag}/titel`, views: 3 });
    expect(summary.topReferrers).toContainEqual({ host: `nieuws-${tag}.example`, views: 3 });
    expect(
      summary.eventsByKind.find((entry) => entry.eventType === 'Pageview')?.count,
    ).toBeGreaterThanOrEqual(3);
    const bad = await cms(`/statistics/summary?from=2026-02-30&to=${today}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bad.status).toBe(400);
  });
});

describe('with the CMS down', () => {
  it('still answers 202 at once and drops the events without an error', async () => {
    const offline = await createTestApp('http://127.0.0.1:9');
    try {
      const started = Date.now();
      await postStatistics(offline, {
        data: { session: sessionId(), events: [{ eventType: 'Pageview', url: '/' }] },
      }).expect(202);
      expect(Date.now() - started).toBeLessThan(1000);
      await expect(offline.flushAnalytics()).resolves.toBeUndefined();
    } finally {
      await offline.close();
    }
  });
});
