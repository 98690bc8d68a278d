import { Writable } from 'node:stream';
import { pino } from 'pino';
import qs from 'qs';
import { MockAgent } from 'undici';
import type { MockInterceptor } from 'undici/types/mock-interceptor.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentMinuteIso } from '../../src/server/cms/clock.server.ts';
import {
  queryString,
  StrapiClient,
  type StrapiClientOptions,
  type StrapiErrorEvent,
  timelessKey,
} from '../../src/server/cms/strapi-client.server.ts';
import { StrapiError } from '../../src/server/cms/strapi-error.server.ts';
import type { Article, Site } from '../../src/shared/cms-types.ts';

const ORIGIN = 'http://cms.test:1337';

type CallOptions = MockInterceptor.MockResponseCallbackOptions;

interface Seen {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const agents: MockAgent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

function headersOf(raw: CallOptions['headers'] | unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined || raw === null) return out;
  if (raw instanceof Headers) {
    raw.forEach((value, key) => {
      out[key] = value;
    });
    return out;
  }
  if (Array.isArray(raw)) {
    for (let i = 0; i < raw.length; i += 2) out[String(raw[i]).toLowerCase()] = String(raw[i + 1]);
    return out;
  }
  for (const [key, value] of Object.entries(raw as Record<string, unknown>))
    out[key.toLowerCase()] = String(value);
  return out;
}

/** A client wired to a fresh MockAgent; `seen` records every request that reached the mock. */
function setup(options: Partial<StrapiClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const pool = agent.get(ORIGIN);
  const client = new StrapiClient({ url: ORIGIN, dispatcher: agent, ...options });
  const seen: Seen[] = [];
  const record = (opts: CallOptions): void => {
    seen.push({
      path: opts.path,
      method: opts.method,
      headers: headersOf(opts.headers),
      body: typeof opts.body === 'string' ? opts.body : undefined,
    });
  };
  /** Reply `status` + JSON `body` (or raw string) for every matching request, recording it. */
  const reply =
    (status: number, body: object | string, headers: Record<string, string> = {}) =>
    (opts: CallOptions) => {
      record(opts);
      return {
        statusCode: status,
        data: body,
        responseOptions: {
          headers: typeof body === 'string' ? headers : { 'content-type': 'application/json', ...headers },
        },
      };
    };
  return { agent, pool, client, seen, reply };
}

async function rejection(promise: Promise<unknown>): Promise<StrapiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StrapiError);
    return error as StrapiError;
  }
  throw new Error('expected the promise to reject');
}

const v5Article = {
  id: 7,
  documentId: 'abc123',
  title: 'Hallo',
  slug: 'hallo',
  publishDate: '2026-01-02T10:00:00.000Z',
  cover: {
    id: 3,
    documentId: 'm3',
    url: '/uploads/c.jpg',
    alternativeText: null,
    width: 800,
    height: 600,
    formats: null,
  },
};

describe('StrapiClient URLs and headers (docs/product.md#cms-calls)', () => {
  it('prefixes /api for v5 and serialises the query bracket-style', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /^\/api\/articles/, method: 'GET' }).reply(reply(200, { data: [], meta: {} }));

    await client.find('articles', {
      filters: { slug: { $eq: 'een artikel' } },
      populate: ['cover', 'tags'],
      sort: ['publishDate:desc'],
    });

    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe(
      '/api/articles?filters[slug][$eq]=een%20artikel&populate[0]=cover&populate[1]=tags&sort[0]=publishDate%3Adesc',
    );
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('prefixes /api for v4, none for v3, and honours an explicit prefix', async () => {
    const v4 = setup({ apiVersion: 'v4' });
    v4.pool.intercept({ path: /.*/ }).reply(v4.reply(200, { data: [], meta: {} }));
    await v4.client.find('tags');
    expect(v4.seen[0]?.path).toBe('/api/tags');

    const v3 = setup({ apiVersion: 'v3' });
    v3.pool.intercept({ path: /.*/ }).reply(v3.reply(200, []));
    await v3.client.find('tags', { _limit: 5 });
    expect(v3.seen[0]?.path).toBe('/tags?_limit=5');

    const custom = setup({ url: `${ORIGIN}/`, prefix: 'cms-api/' });
    custom.pool.intercept({ path: /.*/ }).reply(custom.reply(200, { data: [], meta: {} }));
    await custom.client.find('tags');
    expect(custom.seen[0]?.path).toBe('/cms-api/tags');
    expect(custom.client.baseUrl).toBe(`${ORIGIN}/cms-api`);
  });

  it('sends the server token as bearer, and a per-request JWT instead of it', async () => {
    const { pool, client, seen, reply } = setup({ token: 'server-token' });
    pool
      .intercept({ path: /.*/ })
      .reply(reply(200, { data: [], meta: {} }))
      .times(3);

    await client.request('/articles');
    await client.request('/articles', { jwt: 'user-jwt' });
    await client.request('/articles', { jwt: null, cache: false });

    expect(seen.map((s) => s.headers.authorization)).toEqual([
      'Bearer server-token',
      'Bearer user-jwt',
      'Bearer server-token',
    ]);
  });

  it('sends no authorization header without token or JWT', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: '/api/site' }).reply(reply(200, { data: { id: 1, documentId: 's' }, meta: {} }));
    await client.request('/site');
    expect(seen[0]?.headers).not.toHaveProperty('authorization');
  });

  it('findOne requests /{collection}/{documentId} (encoded) and returns the normalised entry', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, { data: v5Article, meta: {} }));

    const article = await client.findOne<Article>('articles', 'abc 123', { populate: '*' });

    expect(seen[0]?.path).toBe('/api/articles/abc%20123?populate=%2A');
    expect(article.documentId).toBe('abc123');
    expect(article.cover?.url).toBe('/uploads/c.jpg');
  });

  it('findFirst asks for page 1 with pageSize 1 and returns the first entry or null', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, { data: [v5Article], meta: {} }));
    pool.intercept({ path: /.*/ }).reply(reply(200, { data: [], meta: {} }));

    const first = await client.findFirst<Article>('articles', { filters: { slug: { $eq: 'hallo' } } });
    const none = await client.findFirst<Article>('articles', { filters: { slug: { $eq: 'nope' } } });

    expect(seen[0]?.path).toBe(
      '/api/articles?filters[slug][$eq]=hallo&pagination[page]=1&pagination[pageSize]=1',
    );
    expect(first?.title).toBe('Hallo');
    expect(none).toBeNull();
  });

  it('findSingle requests /{singleType} and returns its data', async () => {
    const { pool, client, seen, reply } = setup();
    pool
      .intercept({ path: /.*/ })
      .reply(reply(200, { data: { id: 1, documentId: 'site1', name: 'Portal', navigation: [] }, meta: {} }));

    const site = await client.findSingle<Site>('site', { locale: 'en', populate: '*' });

    expect(seen[0]?.path).toBe('/api/site?locale=en&populate=%2A');
    expect(site.name).toBe('Portal');
  });

  it('create POSTs {data} as JSON and returns the entry; 202 with an empty body gives null', async () => {
    const { pool, client, seen, reply } = setup();
    pool
      .intercept({ path: '/api/vacancies', method: 'POST' })
      .reply(reply(201, { data: { id: 9, documentId: 'v9', title: 'Picker' }, meta: {} }));
    pool.intercept({ path: '/api/statistics', method: 'POST' }).reply(reply(202, ''));

    const created = await client.create<{ title: string }>(
      'vacancies',
      { title: 'Picker' },
      { jwt: 'user-jwt' },
    );
    const stat = await client.create('statistics', { session: 's1', events: [] });

    expect(created).toEqual({ id: 9, documentId: 'v9', title: 'Picker' });
    expect(stat).toBeNull();
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.headers.authorization).toBe('Bearer user-jwt');
    expect(JSON.parse(seen[0]?.body ?? 'null')).toEqual({ data: { title: 'Picker' } });
    expect(JSON.parse(seen[1]?.body ?? 'null')).toEqual({ data: { session: 's1', events: [] } });
  });

  it('request() returns the raw JSON body, not normalised', async () => {
    const { pool, client, reply } = setup({ apiVersion: 'v4' });
    const raw = { data: { id: 1, attributes: { title: 'x' } }, meta: {} };
    pool.intercept({ path: '/api/articles/1' }).reply(reply(200, raw));
    expect(await client.request('/articles/1')).toEqual(raw);
  });
});

describe('StrapiClient never retries (docs/product.md#cms-calls)', () => {
  it('requests a failing URL exactly once', async () => {
    const { agent, pool, client, seen, reply } = setup();
    pool
      .intercept({ path: '/api/articles', method: 'GET' })
      .reply(reply(500, { data: null, error: { status: 500, name: 'InternalServerError', message: 'boom' } }))
      .times(1);

    const error = await rejection(client.request('/articles'));

    expect(error.status).toBe(500);
    expect(error.name).toBe('InternalServerError');
    expect(seen).toHaveLength(1);
    agent.assertNoPendingInterceptors();
  });

  it('does not retry a POST on a network error', async () => {
    const { agent, pool, client } = setup();
    let calls = 0;
    pool
      .intercept({ path: '/api/statistics', method: 'POST' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }))
      .times(1);
    pool
      .intercept({ path: '/api/statistics', method: 'POST' })
      .reply(() => {
        calls += 1;
        return { statusCode: 202, data: '' };
      })
      .persist();

    const error = await rejection(client.create('statistics', { events: [] }));

    expect(error.name).toBe('NetworkError');
    expect(calls).toBe(0);
    expect(agent.pendingInterceptors()).toHaveLength(1); // only the never-used persistent one
  });
});

describe('StrapiClient error normalisation (docs/product.md#cms-calls)', () => {
  it('keeps status, name, message and details from a v5 error body', async () => {
    const { pool, client, reply } = setup();
    const details = {
      errors: [{ path: ['title'], message: 'title must be defined', name: 'ValidationError' }],
    };
    pool.intercept({ path: '/api/vacancies', method: 'POST' }).reply(
      reply(400, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: '1 error', details },
      }),
    );

    const error = await rejection(client.create('vacancies', {}));

    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe('1 error');
    expect(error.details).toEqual(details);
  });

  it('normalises a v4 error body', async () => {
    const { pool, client, reply } = setup({ apiVersion: 'v4' });
    pool.intercept({ path: '/api/articles/42' }).reply(
      reply(403, {
        data: null,
        error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} },
      }),
    );

    const error = await rejection(client.findOne('articles', '42'));

    expect([error.status, error.name, error.message]).toEqual([403, 'ForbiddenError', 'Forbidden']);
    expect(error.details).toEqual({});
  });

  it('normalises a v3 error body (name = error, status = statusCode)', async () => {
    const { pool, client, reply } = setup({ apiVersion: 'v3' });
    pool
      .intercept({ path: '/articles/42' })
      .reply(reply(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' }));
    pool.intercept({ path: '/auth/local', method: 'POST' }).reply(
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: [
          { messages: [{ id: 'Auth.form.error.invalid', message: 'Identifier or password invalid.' }] },
        ],
        data: [{ messages: [{ id: 'Auth.form.error.invalid', message: 'Identifier or password invalid.' }] }],
      }),
    );

    const notFound = await rejection(client.findOne('articles', '42'));
    const badLogin = await rejection(
      client.request('/auth/local', { method: 'POST', body: { identifier: 'a', password: 'secret' } }),
    );

    expect([notFound.status, notFound.name, notFound.message]).toEqual([404, 'Not Found', 'Not Found']);
    expect([badLogin.status, badLogin.name, badLogin.message]).toEqual([
      400,
      'Bad Request',
      'Identifier or password invalid.',
    ]);
    expect(badLogin.details).toEqual([
      { messages: [{ id: 'Auth.form.error.invalid', message: 'Identifier or password invalid.' }] },
    ]);
  });

  it('turns an empty error body into UnknownError 500 keeping the HTTP status', async () => {
    const { pool, client, reply } = setup();
    pool.intercept({ path: '/api/articles' }).reply(reply(404, ''));
    pool.intercept({ path: '/api/tags' }).reply(reply(500, ''));

    const e404 = await rejection(client.request('/articles'));
    const e500 = await rejection(client.request('/tags'));

    expect([e404.status, e404.name]).toEqual([500, 'UnknownError']);
    expect(e404.details).toEqual({ httpStatus: 404 });
    expect([e500.status, e500.name]).toEqual([500, 'UnknownError']);
    expect(e500.details).toEqual({ httpStatus: 500 });
  });

  it('turns a non-JSON body (error or success) into UnknownError 500', async () => {
    const { pool, client, reply } = setup();
    pool
      .intercept({ path: '/api/articles' })
      .reply(reply(502, '<html><body>Bad gateway</body></html>', { 'content-type': 'text/html' }));
    pool.intercept({ path: '/api/tags' }).reply(reply(200, 'not json', { 'content-type': 'text/plain' }));

    const gateway = await rejection(client.request('/articles'));
    const garbage = await rejection(client.request('/tags'));

    expect([gateway.status, gateway.name]).toEqual([500, 'UnknownError']);
    expect(gateway.details).toEqual({ httpStatus: 502 });
    expect([garbage.status, garbage.name]).toEqual([500, 'UnknownError']);
    expect(garbage.details).toEqual({ httpStatus: 200 });
  });

  it('throws NotFoundError 404 when findOne/findSingle get data: null', async () => {
    const { pool, client, reply } = setup();
    pool.intercept({ path: '/api/articles/zzz' }).reply(reply(200, { data: null, meta: {} }));
    pool.intercept({ path: '/api/site' }).reply(reply(200, { data: null, meta: {} }));

    const one = await rejection(client.findOne('articles', 'zzz'));
    const single = await rejection(client.findSingle('site'));

    expect([one.status, one.name]).toEqual([404, 'NotFoundError']);
    expect([single.status, single.name]).toEqual([404, 'NotFoundError']);
  });

  it('times out with TimeoutError 504 (cause kept) on a slow reply', async () => {
    const { pool, client } = setup({ timeoutMs: 40 });
    pool.intercept({ path: '/api/articles' }).reply(200, { data: [], meta: {} }).delay(1000);

    const started = Date.now();
    const error = await rejection(client.request('/articles'));

    expect(Date.now() - started).toBeLessThan(900);
    expect(error.status).toBe(504);
    expect(error.name).toBe('TimeoutError');
    expect(error.details).toEqual({ timeoutMs: 40 });
    expect(error.cause).toBeDefined();
    expect((error.cause as { name?: string }).name).toBe('TimeoutError');
  });

  it('maps a network failure to NetworkError 503 with the cause', async () => {
    const { pool, client } = setup();
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1337'), { code: 'ECONNREFUSED' });
    pool.intercept({ path: '/api/articles' }).replyWithError(cause);

    const error = await rejection(client.request('/articles'));

    expect(error.status).toBe(503);
    expect(error.name).toBe('NetworkError');
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ code: 'ECONNREFUSED' });
  });

  it('maps a caller abort to AbortError (distinct from the timeout)', async () => {
    const { pool, client } = setup({ timeoutMs: 5000 });
    pool.intercept({ path: '/api/articles' }).reply(200, { data: [], meta: {} }).delay(1000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);

    const error = await rejection(client.request('/articles', { signal: controller.signal, cache: false }));

    expect(error.name).toBe('AbortError');
    expect(error.status).toBe(499);
  });
});

describe('StrapiClient strapi:error event and logging (docs/product.md#cms-calls)', () => {
  it('emits { error, method, path } for every failure', async () => {
    const { pool, client, reply } = setup();
    const events: StrapiErrorEvent[] = [];
    client.on('strapi:error', (event) => events.push(event));
    pool.intercept({ path: /^\/api\/articles/ }).reply(
      reply(404, {
        data: null,
        error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} },
      }),
    );
    pool.intercept({ path: '/api/statistics', method: 'POST' }).replyWithError(new Error('ECONNRESET'));

    const first = await rejection(client.find('articles', { populate: '*' }));
    const second = await rejection(client.create('statistics', { events: [] }));

    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({ error: first, method: 'GET', path: '/articles' });
    expect(events[1]?.error).toBe(second);
    expect(events[1]?.method).toBe('POST');
    expect(events[1]?.path).toBe('/statistics');
    expect(events[1]?.error.name).toBe('NetworkError');
  });

  it('logs warn for 4xx and error for 5xx/network, without tokens or passwords', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        raw.push(chunk.toString());
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const logger = pino({ level: 'debug' }, stream);
    const { pool, client, reply } = setup({ token: 'super-secret-token', logger });
    pool.intercept({ path: '/api/auth/local', method: 'POST' }).reply(
      reply(400, {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid identifier or password',
          details: {},
        },
      }),
    );
    pool.intercept({ path: '/api/articles' }).reply(reply(503, ''));
    pool.intercept({ path: '/api/tags' }).replyWithError(new Error('ECONNREFUSED'));

    await rejection(
      client.request('/auth/local', {
        method: 'POST',
        body: { identifier: 'me@example.nl', password: 'hunter2-password' },
        jwt: 'user-jwt-value',
      }),
    );
    await rejection(client.request('/articles'));
    await rejection(client.request('/tags'));
    await new Promise((resolve) => setImmediate(resolve));

    expect(lines.map((l) => l.level)).toEqual([40, 50, 50]);
    expect(lines[0]).toMatchObject({
      method: 'POST',
      path: '/auth/local',
      strapi: { status: 400, name: 'ValidationError' },
    });
    const all = raw.join('\n');
    expect(all).not.toContain('super-secret-token');
    expect(all).not.toContain('user-jwt-value');
    expect(all).not.toContain('hunter2-password');
    expect(all).not.toContain('me@example.nl');
  });
});

describe('StrapiClient cache (docs/product.md#cms-calls)', () => {
  const listBody = {
    data: [v5Article],
    meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
  };

  it('serves a second anonymous GET of the same URL from the cache', async () => {
    const { agent, pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(1);

    const first = await client.find<Article>('articles', { populate: ['cover'] });
    const second = await client.find<Article>('articles', { populate: ['cover'] });

    expect(seen).toHaveLength(1);
    expect(second).toEqual(first);
    expect(second.data[0]?.title).toBe('Hallo');
    agent.assertNoPendingInterceptors();
  });

  it('keys the cache by full URL (different query → new request)', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(2);

    await client.find('articles', { locale: 'nl' });
    await client.find('articles', { locale: 'en' });

    expect(seen.map((s) => s.path)).toEqual(['/api/articles?locale=nl', '/api/articles?locale=en']);
  });

  it('shares one in-flight request between concurrent anonymous GETs', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).delay(30).times(1);

    const [a, b, c] = await Promise.all([
      client.request('/articles'),
      client.request('/articles'),
      client.find('articles'),
    ]);

    expect(seen).toHaveLength(1);
    expect(a).toEqual(listBody);
    expect(b).toBe(a);
    expect(c.data).toHaveLength(1);
  });

  it('never caches GETs with a user JWT', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(3);

    await client.request('/articles', { jwt: 'user-jwt' });
    await client.request('/articles', { jwt: 'user-jwt' });
    await client.request('/articles');

    expect(seen).toHaveLength(3);
    expect(seen.map((s) => s.headers.authorization)).toEqual([
      'Bearer user-jwt',
      'Bearer user-jwt',
      undefined,
    ]);
  });

  it('never caches non-GET requests, nor GETs with cache: false', async () => {
    const { pool, client, seen, reply } = setup();
    pool
      .intercept({ path: /.*/, method: 'POST' })
      .reply(reply(200, { data: null, meta: {} }))
      .times(2);
    pool.intercept({ path: /.*/, method: 'GET' }).reply(reply(200, listBody)).times(2);

    await client.request('/articles', { method: 'POST', body: { data: {} } });
    await client.request('/articles', { method: 'POST', body: { data: {} } });
    await client.request('/articles', { cache: false });
    await client.request('/articles', { cache: false });

    expect(seen.map((s) => s.method)).toEqual(['POST', 'POST', 'GET', 'GET']);
  });

  it('does not cache when the client is created with cache: false', async () => {
    const { pool, client, seen, reply } = setup({ cache: false });
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(2);

    await client.request('/articles');
    await client.request('/articles');

    expect(seen).toHaveLength(2);
  });

  it('does not cache errors', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(500, ''));
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody));

    await rejection(client.request('/articles'));
    expect(await client.request('/articles')).toEqual(listBody);
    expect(seen).toHaveLength(2);
  });

  it('clearCache() forces the next GET to the network', async () => {
    const { pool, client, seen, reply } = setup();
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody));
    pool.intercept({ path: /.*/ }).reply(reply(200, { data: [], meta: {} }));

    await client.request('/articles');
    await client.request('/articles');
    client.clearCache();
    const after = await client.request('/articles');

    expect(seen).toHaveLength(2);
    expect(after).toEqual({ data: [], meta: {} });
  });

  it('serves the last known good answer during an outage (stale if error), also after clearCache()', async () => {
    const { pool, client, seen, reply } = setup({ cache: { ttlMs: 25, max: 10 } });
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody));
    pool
      .intercept({ path: /.*/ })
      .reply(reply(503, { error: { status: 503, name: 'ServiceUnavailableError', message: 'down' } }));
    pool.intercept({ path: /.*/ }).replyWithError(new Error('connect ECONNREFUSED'));
    pool
      .intercept({ path: /.*/ })
      .reply(reply(404, { error: { status: 404, name: 'NotFoundError', message: 'gone' } }));

    const fresh = await client.request('/articles');
    await new Promise((resolve) => setTimeout(resolve, 40)); // past the TTL
    expect(await client.request('/articles')).toEqual(fresh); // 503 → last known good
    client.clearCache();
    expect(await client.request('/articles')).toEqual(fresh); // unreachable → last known good
    // A refusal is an answer, not an outage: it is never papered over.
    client.clearCache();
    await expect(client.request('/articles')).rejects.toMatchObject({ status: 404 });
    // Four calls went out; `seen` records the three that got an HTTP answer.
    expect(seen).toHaveLength(3);
  });

  it('serves the answer of an earlier minute during an outage to a query filtered on the current minute', async () => {
    // Date only: undici's timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T12:03:30.000Z'));
      const { pool, client, seen, reply } = setup();
      pool.intercept({ path: /.*/ }).reply(reply(200, listBody));
      pool.intercept({ path: /.*/ }).replyWithError(new Error('connect ECONNREFUSED'));
      pool.intercept({ path: /.*/ }).replyWithError(new Error('connect ECONNREFUSED'));
      const upcoming = () => ({ filters: { startsAt: { $gte: currentMinuteIso() } } });

      const fresh = await client.request('/events', { query: upcoming() });
      vi.setSystemTime(new Date('2026-11-27T12:05:10.000Z'));
      // Another URL (12:05), but the CMS is down: the 12:03 answer beats an error page.
      expect(await client.request('/events', { query: upcoming() })).toEqual(fresh);
      expect(seen.map((call) => call.path)).toEqual([
        `/api/events?${qs.stringify({ filters: { startsAt: { $gte: '2026-11-27T12:03:00.000Z' } } }, { encodeValuesOnly: true })}`,
      ]);
      // A fixed date that is not the current minute is another query: no answer of it is known.
      await expect(
        client.request('/events', { query: { filters: { startsAt: { $gte: '2026-12-01T00:00:00.000Z' } } } }),
      ).rejects.toBeInstanceOf(StrapiError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keys a URL by its current minute only: timelessKey', () => {
    const now = Date.parse('2026-11-27T12:03:30.000Z');
    const url = `${ORIGIN}/api/events?${queryString({ filters: { startsAt: { $gte: currentMinuteIso(now) } } })}`;
    expect(url).toBe(`${ORIGIN}/api/events?filters[startsAt][$gte]=2026-11-27T12%3A03%3A00.000Z`);
    expect(timelessKey(url, now)).toBe(`${ORIGIN}/api/events?filters[startsAt][$gte]={now}`);
    const other = `${ORIGIN}/api/events?${queryString({ filters: { startsAt: { $gte: '2026-11-27T12:02:00.000Z' } } })}`;
    expect(timelessKey(other, now)).toBe(other);
  });

  it('serves the last known answer when the CMS answers after the request deadline (a database restart)', async () => {
    const { pool, client } = setup({ cache: { ttlMs: 25, max: 10 }, timeoutMs: 5000 });
    pool.intercept({ path: /.*/ }).reply(200, listBody);
    pool.intercept({ path: /.*/ }).reply(200, { data: [], meta: {} }).delay(600);
    const fresh = await client.request('/articles');
    await new Promise((resolve) => setTimeout(resolve, 40)); // past the TTL
    // The CMS hangs past this request's deadline: the last known answer (not the late one, and not
    // a TimeoutError).
    expect(await client.withDeadline(Date.now() + 150).request('/articles')).toEqual(fresh);
    // Without a last known answer the deadline still ends the wait with a TimeoutError.
    pool.intercept({ path: /.*/ }).reply(200, { data: [], meta: {} }).delay(600);
    await expect(client.withDeadline(Date.now() + 150).request('/events')).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it("serves the last known answer when the CMS refuses the portal's token (401) while its database restarts", async () => {
    const { pool, client } = setup({ cache: { ttlMs: 25, max: 10 } });
    pool.intercept({ path: /.*/ }).reply(200, listBody);
    pool.intercept({ path: /.*/ }).reply(401, {
      error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' },
    });
    pool.intercept({ path: /.*/ }).reply(401, {
      error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' },
    });
    const fresh = await client.request('/articles');
    await new Promise((resolve) => setTimeout(resolve, 40)); // past the TTL
    expect(await client.request('/articles')).toEqual(fresh);
    // Without a last known answer the 401 stands.
    await expect(client.request('/events')).rejects.toMatchObject({ status: 401 });
  });

  it('throws during an outage when it has never had an answer', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: /.*/ }).replyWithError(new Error('connect ECONNREFUSED'));
    await expect(client.request('/articles')).rejects.toBeInstanceOf(StrapiError);
  });

  it('expires entries after ttlMs', async () => {
    const { pool, client, seen, reply } = setup({ cache: { ttlMs: 25, max: 10 } });
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(2);

    await client.request('/articles');
    await client.request('/articles');
    expect(seen).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await client.request('/articles');

    expect(seen).toHaveLength(2);
  });

  it('evicts the least recently used entry beyond max entries', async () => {
    const { pool, client, seen, reply } = setup({ cache: { max: 1 } });
    pool.intercept({ path: /.*/ }).reply(reply(200, listBody)).times(3);

    await client.request('/articles');
    await client.request('/tags');
    await client.request('/articles');

    expect(seen.map((s) => s.path)).toEqual(['/api/articles', '/api/tags', '/api/articles']);
  });
});

describe('StrapiClient response normalisation through the client (docs/product.md#cms-calls)', () => {
  it('flattens a v4 list with nested relations and media', async () => {
    const { pool, client, reply } = setup({ apiVersion: 'v4' });
    pool.intercept({ path: /.*/ }).reply(
      reply(200, {
        data: [
          {
            id: 5,
            attributes: {
              title: 'Vier',
              cover: { data: { id: 2, attributes: { url: '/uploads/x.png', width: 10, height: 20 } } },
              tags: { data: [{ id: 8, attributes: { name: 'Logistiek', slug: 'logistiek' } }] },
              topic: { data: null },
            },
          },
        ],
        meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
      }),
    );

    const list = await client.find<Article>('articles');

    expect(list).toEqual({
      data: [
        {
          id: 5,
          documentId: '5',
          title: 'Vier',
          cover: { id: 2, documentId: '2', url: '/uploads/x.png', width: 10, height: 20 },
          tags: [{ id: 8, documentId: '8', name: 'Logistiek', slug: 'logistiek' }],
          topic: null,
        },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    });
  });

  it('wraps a v3 array as { data, meta: {} } with documentId', async () => {
    const { pool, client, reply } = setup({ apiVersion: 'v3' });
    pool
      .intercept({ path: /.*/ })
      .reply(reply(200, [{ id: 1, title: 'Drie', created_at: '2020-01-01T00:00:00.000Z' }]));

    const list = await client.find<Article>('articles');

    expect(list).toEqual({
      data: [{ id: 1, documentId: '1', title: 'Drie', createdAt: '2020-01-01T00:00:00.000Z' }],
      meta: {},
    });
  });
});

describe('StrapiClient construction', () => {
  it('rejects invalid urls and options', () => {
    expect(() => new StrapiClient({ url: 'not a url' })).toThrow(TypeError);
    expect(() => new StrapiClient({ url: 'ftp://cms' })).toThrow(TypeError);
    expect(() => new StrapiClient({ url: ORIGIN, timeoutMs: 0 })).toThrow(TypeError);
    expect(() => new StrapiClient({ url: ORIGIN, cache: { max: 0 } })).toThrow(TypeError);
  });

  it('defaults to v5 with the /api prefix and a 5000 ms timeout', () => {
    const client = new StrapiClient({ url: ORIGIN });
    expect(client.apiVersion).toBe('v5');
    expect(client.timeoutMs).toBe(5000);
    expect(client.buildUrl('articles', { populate: { cover: true } })).toBe(
      `${ORIGIN}/api/articles?populate[cover]=true`,
    );
  });
});

describe('queryString (remembered query strings)', () => {
  it('gives qs.stringify’s answer, first and again, for the queries pages send', () => {
    const queries: object[] = [
      {
        fields: ['title', 'slug'],
        populate: { cover: { fields: ['url', 'width'] } },
        sort: ['publishDate:desc'],
      },
      { filters: { slug: { $eq: 'één & twee' } }, pagination: { page: 2, pageSize: 12 } },
      { filters: { date: { $gte: new Date('2026-11-26T00:00:00Z') } } },
      { filters: { id: { $in: [1, undefined, 3] } } },
      { filters: { id: { $in: [1, null, 3] } } },
      { n: Number.NaN },
      { n: null },
      { n: Number.POSITIVE_INFINITY },
      { n: 10n },
      { n: '10' },
      { n: 10 },
      { a: [[1, [2, undefined]]], b: { c: { d: { e: { f: 'diep' } } } } },
      { a: [[1, [2, null]]], b: { c: { d: { e: { f: 'diep' } } } } },
    ];
    for (const query of [...queries, ...queries]) {
      expect(queryString(query)).toBe(qs.stringify(query, { encodeValuesOnly: true }));
    }
  });
});
