/**
 * The portal behind a real nginx as shared cache (deploy/nginx/nginx.conf,
 * docs/decisions/054-shared-cache-headers.md): the shipped config passes `nginx -t`; two portal
 * replicas (the app from the sources, listening on loopback ports) sit behind it; anonymous pages
 * are served from the cache the second time, pages of signed-in visitors and answers that set a
 * cookie never are; and the portal's own headers say so (public + s-maxage, exact Vary, no
 * Set-Cookie on public answers, Surrogate-Key / Cache-Tag naming the page's documents, private for
 * signed-in visitors and form answers); browsers get the same pages over HTTPS with HTTP/2
 * (docs/decisions/075-http2-at-the-edge.md). Fails (does not skip) when nginx is not installed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { CookieJar, linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import {
  createSelfSignedCertificate,
  renderNginxConfig,
  requireNginx,
  SHIPPED_NGINX_CONF,
  type StartedNginx,
  startNginx,
  testNginxConfig,
} from '../support/nginx.ts';
import { cms, createJourneyApp, PUBLIC_URL } from '../support/portal.ts';
import { listen } from '../support/raw-http.ts';

const mailDir = inject('mailDir');
const PASSWORD = 'gedeelde cache';

let replicas: PortalApp[] = [];
let listeners: Array<{ port: number; close: () => Promise<void> }> = [];
let nginx: StartedNginx;
let article: Article;
/** Another article, fetched only by the HTTP/2 test (the cache tests expect their page unseen). */
let otherArticle: Article;

beforeAll(async () => {
  requireNginx();
  // Two replicas as in compose.yaml, trusting nginx's X-Forwarded-For (TRUST_PROXY=1).
  replicas = await Promise.all([
    createJourneyApp({ TRUST_PROXY: '1' }),
    createJourneyApp({ TRUST_PROXY: '1' }),
  ]);
  listeners = await Promise.all(replicas.map((replica) => listen(replica.app)));
  nginx = await startNginx(listeners.map(({ port }) => `127.0.0.1:${port}`));
  const list = await cms<StrapiList<Article>>('/articles?sort=publishDate:desc&pagination[pageSize]=2');
  article = list.body.data[1]!;
  otherArticle = list.body.data[0]!;
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(listeners.map((listener) => listener.close()));
  await Promise.all(replicas.map((replica) => replica.close()));
});

/** GET through nginx (redirects are not followed). */
function viaNginx(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${nginx.url}${pathAndQuery}`, { headers, redirect: 'manual' });
}

/** The signed-in visitor the root loader inlined into the page (null when anonymous). */
function userOf(html: string): unknown {
  const json = /<script type="application\/json" id="__portal_state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const state = JSON.parse(json ?? '{}') as { router: { loaderData: { root: { user: unknown } } } };
  return state.router.loaderData.root.user;
}

/** The keys of a `Surrogate-Key` header. */
function keysOf(response: Response): string[] {
  return (response.headers.get('surrogate-key') ?? '').split(' ').filter(Boolean);
}

describe('the shipped nginx config', () => {
  it('passes `nginx -t` with only the hostnames, the user and the file paths replaced', async () => {
    const binary = requireNginx();
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-nginx-t-'));
    try {
      const conf = renderNginxConfig(await readFile(SHIPPED_NGINX_CONF, 'utf8'), {
        dir,
        upstreams: ['127.0.0.1:3000', '127.0.0.1:3001'],
        tls: createSelfSignedCertificate(dir),
      });
      expect(conf).toContain('listen 80;');
      expect(conf).toContain('listen 443 ssl http2;');
      await writeFile(path.join(dir, 'nginx.conf'), conf);
      const result = testNginxConfig(binary, dir, path.join(dir, 'nginx.conf'));
      expect(result.output).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

interface Http2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GETs `paths` at once over one HTTP/2 connection to nginx's HTTPS port (trusting its test
 * certificate); returns the protocol ALPN agreed on and the answers in the order of `paths`.
 */
async function viaHttp2(paths: string[]): Promise<{ protocol: string | undefined; answers: Http2Answer[] }> {
  const session = http2.connect(nginx.httpsUrl, { ca: await readFile(nginx.certificate) });
  try {
    const failed = new Promise<never>((_, reject) => session.on('error', reject));
    const answers = await Promise.race([
      failed,
      Promise.all(
        paths.map(
          (pathAndQuery) =>
            new Promise<Http2Answer>((resolve, reject) => {
              // What fetch() sends in the other tests, so the cache key matches theirs.
              const stream = session.request({ ':path': pathAndQuery, 'accept-encoding': 'gzip, deflate' });
              const chunks: Buffer[] = [];
              let headers: http2.IncomingHttpHeaders = {};
              stream.on('response', (received) => {
                headers = received;
              });
              stream.on('data', (chunk: Buffer) => chunks.push(chunk));
              stream.on('end', () => {
                const body = Buffer.concat(chunks);
                resolve({
                  status: Number(headers[':status']),
                  headers,
                  body: headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body,
                });
              });
              stream.on('error', reject);
              stream.end();
            }),
        ),
      ),
    ]);
    return { protocol: session.alpnProtocol, answers };
  } finally {
    session.close();
  }
}

describe('HTTPS with HTTP/2', () => {
  it('serves the same pages as plain HTTP, from the same cache, several at once on one connection', async () => {
    const page = `/news/${otherArticle.documentId}/${otherArticle.slug}`;
    const plain = await viaNginx(page);
    expect(plain.headers.get('x-cache-status')).toBe('MISS');
    const plainBody = await plain.text();
    const { protocol, answers } = await viaHttp2([page, '/robots.txt', '/sitemap']);
    expect(protocol).toBe('h2');
    const [pageAnswer, robots, list] = answers;
    expect(pageAnswer!.status).toBe(200);
    expect(pageAnswer!.headers['x-cache-status']).toBe('HIT');
    expect(pageAnswer!.body.toString('utf8')).toBe(plainBody);
    expect(robots!.status).toBe(200);
    expect(robots!.body.toString('utf8')).toContain('Sitemap:');
    expect(list!.status).toBe(200);
    expect(list!.body.toString('utf8')).toContain('<h1');
  });
});

describe('anonymous pages', () => {
  it('are public with s-maxage, name their documents, and are served from the cache the second time', async () => {
    const page = `/news/${article.documentId}/${article.slug}`;
    const first = await viaNginx(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(first.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(first.headers.get('set-cookie')).toBeNull();
    // Nothing on this page depends on a cookie or a language header (the app from the sources
    // does not compress, so not even Accept-Encoding).
    expect(first.headers.get('vary')).toBeNull();
    const keys = keysOf(first);
    expect(keys).toContain(`news-${article.documentId}`);
    expect(keys).toContain('site');
    expect(first.headers.get('cache-tag')).toBe(keys.join(','));
    const body = await first.text();
    expect(userOf(body)).toBeNull();

    const second = await viaNginx(page);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(body);
    // Another visitor with unrelated cookies (analytics) gets the same stored page.
    const other = await viaNginx(page, { Cookie: 'portal_session=%7B%22id%22%3A%22abc%22%7D; other=1' });
    expect(other.headers.get('x-cache-status')).toBe('HIT');
  });

  it('name list keys on list pages', async () => {
    const response = await viaNginx('/events');
    expect(response.status).toBe(200);
    expect(keysOf(response)).toContain('event-list');
    expect(response.headers.get('cache-tag')?.split(',')).toEqual(keysOf(response));
  });

  it('keep "/" apart per locale cookie and language: it varies on exactly those', async () => {
    const dutch = await viaNginx('/', { 'Accept-Language': 'nl-NL,nl;q=0.9' });
    expect(dutch.status).toBe(200);
    expect(dutch.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(dutch.headers.get('cache-control')).toMatch(/^public, /);
    await dutch.arrayBuffer();
    const again = await viaNginx('/', { 'Accept-Language': 'nl-NL,nl;q=0.9' });
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    await again.arrayBuffer();

    // A reader who chose English, or whose browser asks for it, is redirected, never served the Dutch copy.
    const chosen = await viaNginx('/', { 'Accept-Language': 'nl-NL,nl;q=0.9', Cookie: 'i18n_redirected=en' });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get('location')).toBe('/en');
    const english = await viaNginx('/', { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en');
    expect(english.headers.get('set-cookie')).toContain('i18n_redirected=en');
    expect(english.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('are never stored when the answer sets a cookie', async () => {
    for (let round = 0; round < 2; round++) {
      // No locale cookie yet on an English page: the portal sets it, so the answer is private.
      const response = await viaNginx('/en/abonnementen');
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toContain('i18n_redirected=en');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('surrogate-key')).toBeNull();
      expect(response.headers.get('x-cache-status')).toBe('MISS');
      await response.arrayBuffer();
    }
    // The same page for a reader whose cookie already says English is public and stored.
    await (await viaNginx('/en/abonnementen', { Cookie: 'i18n_redirected=en' })).arrayBuffer();
    const stored = await viaNginx('/en/abonnementen', { Cookie: 'i18n_redirected=en' });
    expect(stored.headers.get('x-cache-status')).toBe('HIT');
    expect(stored.headers.get('set-cookie')).toBeNull();
  });
});

describe('signed-in visitors', () => {
  it('always reach a replica and their pages are never stored', async () => {
    const email = uniqueEmail('gedeeld');
    const [first] = replicas;
    await request(first!.app)
      .post('/registreren')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ email, password: PASSWORD, password_confirm: PASSWORD, terms: 'on' })
      .expect(200);
    const mail = await waitForMail(mailDir, email, /Bevestig je e-mailadres/);
    const jar = new CookieJar();
    jar.take(await request(first!.app).get(linkIn(mail, '/email-valideren')).expect(302));
    expect(jar.get('strapi_jwt')).toBeTruthy();

    const page = `/news/${article.documentId}/${article.slug}`;
    await (await viaNginx(page)).arrayBuffer(); // the anonymous copy is stored (or already was)
    for (let round = 0; round < 2; round++) {
      const response = await viaNginx(page, { Cookie: jar.header() });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache-status')).toBe('BYPASS');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('surrogate-key')).toBeNull();
      expect(response.headers.get('cache-tag')).toBeNull();
      expect(userOf(await response.text())).toMatchObject({ email });
    }
    // The stored anonymous copy is still the anonymous one.
    const anonymous = await viaNginx(page);
    expect(anonymous.headers.get('x-cache-status')).toBe('HIT');
    expect(userOf(await anonymous.text())).toBeNull();
  });
});

describe('form answers', () => {
  it('are private and never stored', async () => {
    const response = await request(replicas[0]!.app)
      .post('/contact')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ name: '', email: 'geen-adres' })
      .expect(422);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
