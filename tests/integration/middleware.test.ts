/**
 * Locale detection and cookie, CMS redirect rules, health and readiness, the data endpoint of
 * client navigations, the uploads proxy and behaviour during a CMS outage — against the real CMS.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { cmsRelay } from '../support/cms-relay.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';
import { listen, rawRequest } from '../support/raw-http.ts';

let portal: PortalApp;
let article: Article;

beforeAll(async () => {
  portal = await createTestApp();
  const list = await cms<StrapiList<Article>>(
    '/articles?sort=publishDate:desc&pagination[pageSize]=1&populate=cover&filters[cover][id][$notNull]=true',
  );
  article = list.body.data[0]!;
});

afterAll(() => portal.close());

const cookieHeader = (response: request.Response): string =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('; ');

describe('locale (docs/product.md#routes-and-layouts, docs/product.md#states, docs/product.md#constants)', () => {
  it('serves Dutch on / without cookie or English preference', async () => {
    const response = await request(portal.app).get('/').set('Accept-Language', 'nl-NL,nl;q=0.9').expect(200);
    expect(response.text).toContain('<html lang="nl">');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('redirects / to /en for an English browser and remembers it in the cookie', async () => {
    const response = await request(portal.app).get('/').set('Accept-Language', 'en-GB,en;q=0.9').expect(302);
    expect(response.headers.location).toBe('/en');
    const cookie = cookieHeader(response);
    expect(cookie).toContain('i18n_redirected=en');
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('lets the cookie win over the browser language', async () => {
    await request(portal.app)
      .get('/')
      .set('Cookie', 'i18n_redirected=nl')
      .set('Accept-Language', 'en')
      .expect(200);
    await request(portal.app)
      .get('/')
      .set('Cookie', 'i18n_redirected=en')
      .set('Accept-Language', 'nl')
      .expect(302)
      .expect('Location', '/en');
  });

  it('keeps the cookie in step with the language the visitor switched to', async () => {
    const toEnglish = await request(portal.app).get('/en').set('Cookie', 'i18n_redirected=nl').expect(200);
    expect(cookieHeader(toEnglish)).toContain('i18n_redirected=en');
    expect(toEnglish.headers['cache-control']).toContain('private');
    const toDutch = await request(portal.app)
      .get('/adverteren')
      .set('Cookie', 'i18n_redirected=en')
      .expect(200);
    expect(cookieHeader(toDutch)).toContain('i18n_redirected=nl');
    const same = await request(portal.app).get('/en').set('Cookie', 'i18n_redirected=en').expect(200);
    expect(same.headers['set-cookie']).toBeUndefined();
  });

  it('never moves the cookie for a prefetch, which is no visit', async () => {
    // A Dutch page's prefetch still under way when the visitor switches to English.
    const prefetches: [string, string][] = [
      ['Purpose', 'prefetch'],
      ['Sec-Purpose', 'prefetch;prerender'],
    ];
    for (const [header, value] of prefetches) {
      const prefetch = await request(portal.app)
        .get('/__data/adverteren')
        .set(header, value)
        .set('Cookie', 'i18n_redirected=en')
        .expect(200);
      expect(prefetch.headers['set-cookie']).toBeUndefined();
    }
    // The visit itself (a client navigation asks the same URL without the header) moves it.
    const visit = await request(portal.app)
      .get('/__data/adverteren')
      .set('Cookie', 'i18n_redirected=en')
      .expect(200);
    expect(cookieHeader(visit)).toContain('i18n_redirected=nl');
  });

  it('renders the language switcher to the same page in the other locale, through /taal', async () => {
    const path = `/news/${article.documentId}/${article.slug}`;
    const response = await request(portal.app).get(path).expect(200);
    expect(response.text).toContain(`href="/taal/en?naar=${encodeURIComponent(path)}"`);
    const english = await request(portal.app).get(`/en${path}`).expect(200);
    expect(english.text).toContain(`href="/taal/nl?naar=${encodeURIComponent(path)}"`);
    const switched = await request(portal.app)
      .get(`/taal/en?naar=${encodeURIComponent(path)}`)
      .expect(302);
    expect(switched.headers.location).toBe(`/en${path}`);
  });
});

describe('redirect rules from the CMS', () => {
  it('follows a relative 301 rule and keeps it inside the site and locale', async () => {
    await request(portal.app).get('/over').expect(301).expect('Location', '/over-ons');
    await request(portal.app).get('/en/over').expect(301).expect('Location', '/en/over-ons');
  });

  it('follows a relative 302 rule', async () => {
    await request(portal.app).get('/oud-nieuws').expect(302).expect('Location', '/');
  });

  it('sends an absolute rule off the site', async () => {
    const response = await request(portal.app).get('/linkedin').expect(302);
    expect(response.headers.location).toMatch(/^https:\/\//);
  });
});

describe('health', () => {
  it('answers /health without the CMS', async () => {
    const response = await request(portal.app).get('/health').expect(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      buildId: expect.any(String),
    });
    expect(typeof response.body.uptime).toBe('number');
  });

  it('is ready while the CMS answers', async () => {
    await request(portal.app).get('/health/ready').expect(200, { status: 'ready', cms: 'up' });
  });
});

describe('data endpoint (client navigations)', () => {
  it('answers the loaders of a page as JSON', async () => {
    const response = await request(portal.app)
      .get(`/__data/news/${article.documentId}/${article.slug}`)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body.loaderData['news-id-slug'].article.title).toBe(article.title);
    expect(response.body.loaderData.root.locale).toBe('nl');
  });

  it('answers redirects as data, not as HTTP redirects', async () => {
    const wrongSlug = await request(portal.app).get(`/__data/en/news/${article.documentId}/x`).expect(200);
    expect(wrongSlug.body).toEqual({
      redirect: `/en/news/${article.documentId}/${article.slug}`,
      status: 301,
      external: false,
    });
    const rule = await request(portal.app).get('/__data/over').expect(200);
    expect(rule.body).toEqual({ redirect: '/over-ons', status: 301, external: false });
  });

  it('answers 404 with the error for the boundary', async () => {
    const response = await request(portal.app).get('/__data/bestaat-niet').expect(404);
    expect(response.body.errors['locale-nl']).toMatchObject({ __type: 'RouteErrorResponse', status: 404 });
  });
});

describe('uploads proxy', () => {
  it('serves CMS media with immutable caching', async () => {
    const url = article.cover?.formats?.small?.url ?? article.cover?.url;
    expect(url).toMatch(/^\/uploads\//);
    const response = await request(portal.app).get(url!).expect(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  // Sent as raw bytes: fetch and supertest would normalise the dot segments before sending.
  const traversals = [
    '/uploads/%2e%2e/api/articles',
    '/uploads/%2E%2E/api/articles',
    '/uploads/%2e%2e/admin/init',
    '/uploads/%2e%2e/_health',
    '/uploads/../api/articles',
    '/uploads/..%2fapi%2farticles',
    '/uploads/..%2Fapi%2Farticles',
    '/uploads/%2e%2e%2fapi%2farticles',
    '/uploads/.%2e/api/articles',
    '/uploads/%2e./api/articles',
    '/uploads/..\\api\\articles',
    '/uploads/..%5capi%5carticles',
    '/uploads/%c0%ae%c0%ae/api/articles',
    '/uploads/%c0%ae%c0%ae%c0%af_health',
    '/uploads/%e0%80%ae%e0%80%ae/_health',
    '/uploads/%252e%252e/api/articles',
    '/uploads/%00/api/articles',
    '/uploads/a/../../api/articles',
    '/uploads//api/articles',
    '/uploads/%2e%2e',
    '/uploads/',
    '/uploads',
  ];

  it('never reaches another CMS path, whatever the encoding (raw socket bytes)', async () => {
    const server = await listen(portal.app);
    try {
      for (const path of traversals) {
        const response = await rawRequest(server.port, path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers['content-type'] ?? '').not.toContain('json');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    } finally {
      await server.close();
    }
  });

  it('forwards only GET and HEAD, and answers 404 for a file the CMS does not have', async () => {
    const url = article.cover?.url ?? '';
    await request(portal.app).head(url).expect(200);
    const post = await request(portal.app).post(url).set('Origin', 'https://portal.test').expect(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    for (const method of ['put', 'delete', 'patch'] as const) {
      await request(portal.app)[method](url).expect(405);
    }
    const missing = await request(portal.app).get('/uploads/bestaat_niet_0123456789.jpg').expect(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('draining for shutdown', () => {
  it('answers readiness with 503 and closes every kept-alive connection after its answer', async () => {
    const draining = await createTestApp();
    try {
      await request(draining.app).get('/health/ready').expect(200);
      draining.drain();
      const ready = await request(draining.app).get('/health/ready').expect(503);
      expect(ready.body).toEqual({ status: 'draining' });
      expect(ready.headers.connection).toBe('close');
      const page = await request(draining.app).get('/').expect(200);
      expect(page.headers.connection).toBe('close');
    } finally {
      await draining.close();
    }
  });
});

describe('CMS outage', () => {
  let offline: PortalApp;
  beforeAll(async () => {
    offline = await createTestApp('http://127.0.0.1:9');
  });
  afterAll(() => offline.close());

  it('keeps /health up, reports not ready, and shows the error page with 503', async () => {
    await request(offline.app).get('/health').expect(200);
    await request(offline.app).get('/health/ready').expect(503, { status: 'unavailable', cms: 'down' });
    const response = await request(offline.app).get('/').expect(503);
    const html = decodeHtml(response.text);
    expect(html).toContain('Er is iets fout gegaan');
    expect(html).toContain('De inhoud is tijdelijk niet beschikbaar');
    expect(html).toContain('Terug naar home');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('a warm replica while the CMS is unreachable (decision 107)', () => {
  it('stays ready, degraded with the CMS down, and serves its last known pages; draining is still 503', async () => {
    const relay = await cmsRelay();
    const warm = await createTestApp(relay.url);
    try {
      await request(warm.app).get('/health/ready').expect(200, { status: 'ready', cms: 'up' });
      await request(warm.app).get('/').expect(200);
      await relay.cut();
      await request(warm.app).get('/health/ready').expect(200, { status: 'degraded', cms: 'down' });
      // The page cache is off here: the page comes from the CMS client's last known answers.
      const page = await request(warm.app).get('/').expect(200);
      expect(page.text).toContain('<main');
      const ready = await warm.metrics.registry.getSingleMetricAsString('portal_ready');
      expect(ready).toMatch(/^portal_ready 1$/m);
      const up = await warm.metrics.registry.getSingleMetricAsString('portal_dependency_up');
      expect(up).toMatch(/^portal_dependency_up\{dependency="cms"\} 0$/m);
      warm.drain();
      await request(warm.app).get('/health/ready').expect(503, { status: 'draining' });
    } finally {
      await warm.close();
      await relay.cut();
    }
  });
});

describe('CMS content rules', () => {
  it('sends no X-Powered-By and allows CORS only for the portal origin', async () => {
    const url = `${inject('cmsUrl')}/api/articles?pagination[pageSize]=1`;
    const foreign = await fetch(url, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('x-powered-by')).toBeNull();
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(url, { headers: { Origin: 'https://portal.test' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('https://portal.test');
  });

  it('never returns drafts to the public role, even with ?status=draft', async () => {
    const drafts = await cms<StrapiList<Article>>('/articles?status=draft&pagination[pageSize]=100');
    expect(drafts.status).toBe(200);
    expect(drafts.body.data.some((a) => a.title.startsWith('Concept:'))).toBe(false);
    expect(drafts.body.data.every((a) => a.publishedAt)).toBe(true);
  });

  it('accepts statistics with 202 and an empty body', async () => {
    const response = await fetch(`${(await import('vitest')).inject('cmsUrl')}/api/statistics`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { session: 's-1', events: [{ eventType: 'Pageview', url: '/' }] } }),
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });
});

describe('rendered-page cache', () => {
  let cached: PortalApp;
  beforeAll(async () => {
    cached = await createTestApp(undefined, { pageCacheTtlMs: 60_000 });
  });
  afterAll(() => cached.close());

  it('serves the same bytes again without rendering, and invalidates on demand', async () => {
    const path = `/news/${article.documentId}/${article.slug}`;
    // The CMS answers of the page in memory (another URL, the same loaders): nothing streams, so
    // the first answer is the whole document the cache keeps (decision 105).
    await request(cached.app).get(`${path}?warm`).expect(200);
    const first = await request(cached.app).get(path).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(cached.app).get(path).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    cached.invalidate();
    const third = await request(cached.app).get(path).expect(200);
    expect(third.headers['x-cache']).toBe('MISS');
  });

  it('never stores a response that sets a cookie, and keeps hits private when one is set', async () => {
    const switched = await request(cached.app)
      .get('/en/abonnementen')
      .set('Cookie', 'i18n_redirected=nl')
      .expect(200);
    expect(switched.headers['x-cache']).toBeUndefined();
    expect(cookieHeader(switched)).toContain('i18n_redirected=en');
    // A visitor who already reads English gets no cookie, so this response is stored.
    await request(cached.app).get('/en/abonnementen').set('Cookie', 'i18n_redirected=en').expect(200);
    const hit = await request(cached.app)
      .get('/en/abonnementen')
      .set('Cookie', 'i18n_redirected=nl')
      .expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(cookieHeader(hit)).toContain('i18n_redirected=en');
    expect(hit.headers['cache-control']).toBe('private, no-cache');
  });

  it('does not store CMS outages', async () => {
    const offline = await createTestApp('http://127.0.0.1:9', { pageCacheTtlMs: 60_000 });
    await request(offline.app).get('/').expect(503);
    const again = await request(offline.app).get('/').expect(503);
    expect(again.headers['x-cache']).toBeUndefined();
    await offline.close();
  });
});

describe('form posts: CSRF origin check and body limit', () => {
  it('refuses a cross-site POST with 403 (HTML for people, JSON for the data endpoint)', async () => {
    const page = await request(portal.app)
      .post('/adverteren')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('a=1')
      .expect(403);
    expect(page.text).toContain('Verzoek geweigerd');
    const data = await request(portal.app)
      .post('/__data/adverteren')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('a=1')
      .expect(403);
    expect(data.body.error.status).toBe(403);
    await request(portal.app)
      .post('/adverteren')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send('a=1')
      .expect(403);
  });

  it('lets a same-origin POST reach the router (405 where a page has no action)', async () => {
    const response = await request(portal.app)
      .post('/over-ons')
      .set('Origin', 'https://portal.test')
      .type('form')
      .send('a=1')
      .expect(405);
    expect(response.text).toContain('Er is iets fout gegaan');
    // An answer to a form post is this visitor's own (docs/decisions/054-shared-cache-headers.md).
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = await request(portal.app)
      .post('/__data/over-ons')
      .set('Origin', 'https://portal.test')
      .type('form')
      .send('a=1')
      .expect(405);
    expect(data.body.errors).toBeTruthy();
  });

  it('refuses a form post with neither Origin nor Sec-Fetch-Site (decision 009)', async () => {
    for (const path of ['/contact', '/__data/contact', '/inloggen', '/en/nieuwsbrief']) {
      await request(portal.app).post(path).type('form').send('email=a%40b.nl').expect(403);
    }
  });

  it('refuses bodies over 1 MiB with 413', async () => {
    await request(portal.app)
      .post('/adverteren')
      .set('Origin', 'https://portal.test')
      .type('form')
      .send(`a=${'x'.repeat(1024 * 1024 + 10)}`)
      .expect(413);
  });
});
