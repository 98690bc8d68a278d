/**
 * `submitOnce` (src/server/services/submit-once.server.ts, decisions 093 and 094) against the real
 * CMS client and a mocked CMS: every write carries the form's key, waits its own (longer) deadline,
 * is asked again with the same key when it ends without a clear answer, and ends as exactly one of
 * stored, refused, key-reused, not-sent or unconfirmed; afterwards the request's reads have a budget
 * again.
 */
import { pino } from 'pino';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { StrapiClient } from '../../src/server/cms/strapi-client.server.ts';
import {
  newIdempotencyKey,
  postedIdempotencyKey,
  submitOnce,
  WRITE_TIMEOUT_FACTOR,
} from '../../src/server/services/submit-once.server.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/shared/forms/idempotency-key.ts';

const ORIGIN = 'http://cms.test:1337';
/** The client's (read) timeout in these tests, ms. */
const TIMEOUT_MS = 100;

const agents: MockAgent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

/** A request's view of a client on a mocked CMS, with its deadline `deadlineInMs` from now. */
function setUp(deadlineInMs = TIMEOUT_MS) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const client = new StrapiClient({ url: ORIGIN, timeoutMs: TIMEOUT_MS, dispatcher: agent, cache: false });
  const view = client.withDeadline(Date.now() + deadlineInMs);
  return { agent, pool: agent.get(ORIGIN), context: { strapi: view, logger: pino({ level: 'silent' }) } };
}

const WRITE = { path: '/contact-messages', data: { name: 'Fenna' }, key: newIdempotencyKey() };
const STORED = { data: { documentId: 'abc', confirmationSent: true } };
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

/** A CMS error body in Strapi's shape. */
function strapiError(status: number, name: string, code?: string) {
  return { data: null, error: { status, name, message: name, details: code ? { code } : {} } };
}

/** A transport error with a Node/undici code. */
function transportError(code: string): Error {
  return Object.assign(new Error(code), { code });
}

describe('submitOnce', () => {
  it('sends the key as Idempotency-Key and reports a stored write', async () => {
    const { pool, context } = setUp();
    const seen: Array<Record<string, string>> = [];
    pool.intercept({ path: '/api/contact-messages', method: 'POST' }).reply(
      201,
      (options) => {
        seen.push(options.headers as Record<string, string>);
        return STORED;
      },
      JSON_HEADERS,
    );
    const outcome = await submitOnce(context, WRITE);
    expect(outcome).toEqual({ kind: 'stored', data: STORED.data, replayed: false });
    expect(seen[0]?.['idempotency-key']).toBe(WRITE.key);
  });

  it('lets a write take longer than a read: its own deadline, not the request one', async () => {
    const { pool, context } = setUp(10);
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(201, STORED, JSON_HEADERS)
      .delay(TIMEOUT_MS * 2);
    expect(await submitOnce(context, WRITE)).toMatchObject({ kind: 'stored', replayed: false });
  });

  it('asks again with the same key after a timeout, and reports what the CMS stored', async () => {
    const { pool, context } = setUp();
    const keys: string[] = [];
    const record = (options: { headers?: unknown }) => {
      keys.push((options.headers as Record<string, string>)['idempotency-key']!);
      return STORED;
    };
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(201, record, JSON_HEADERS)
      .delay(TIMEOUT_MS * WRITE_TIMEOUT_FACTOR + 200);
    pool.intercept({ path: '/api/contact-messages', method: 'POST' }).reply(201, record, JSON_HEADERS);
    const started = performance.now();
    const outcome = await submitOnce(context, WRITE);
    expect(outcome).toMatchObject({ kind: 'stored', data: STORED.data, replayed: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS * WRITE_TIMEOUT_FACTOR * 0.9);
    expect(keys.at(-1)).toBe(WRITE.key);
  });

  it('reports a refusal at once, without asking again', async () => {
    const { agent, pool, context } = setUp();
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(409, strapiError(409, 'ConflictError', 'event-full'), JSON_HEADERS);
    const outcome = await submitOnce(context, WRITE);
    expect(outcome.kind).toBe('refused');
    agent.assertNoPendingInterceptors();
  });

  it('reports a key the CMS knows for other values', async () => {
    const { pool, context } = setUp();
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(422, strapiError(422, 'UnprocessableEntityError', 'idempotency-key-reused'), JSON_HEADERS);
    expect((await submitOnce(context, WRITE)).kind).toBe('key-reused');
  });

  it('says "not sent" only when neither request reached the CMS', async () => {
    const { pool, context } = setUp();
    for (let i = 0; i < 2; i++)
      pool
        .intercept({ path: '/api/contact-messages', method: 'POST' })
        .replyWithError(transportError('ECONNREFUSED'));
    expect((await submitOnce(context, WRITE)).kind).toBe('not-sent');
  });

  it('says "not sent" when the CMS itself answers that the look-up failed', async () => {
    const { pool, context } = setUp();
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .replyWithError(transportError('UND_ERR_SOCKET'));
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(503, strapiError(503, 'ServiceUnavailableError'), JSON_HEADERS);
    expect((await submitOnce(context, WRITE)).kind).toBe('not-sent');
  });

  it('says "unconfirmed" when a dropped connection may have stored it and the look-up cannot tell', async () => {
    const { pool, context } = setUp();
    for (let i = 0; i < 2; i++)
      pool
        .intercept({ path: '/api/contact-messages', method: 'POST' })
        .replyWithError(transportError('UND_ERR_SOCKET'));
    expect((await submitOnce(context, WRITE)).kind).toBe('unconfirmed');
  });

  it('says "unconfirmed" while the CMS still works on the first request', async () => {
    const { pool, context } = setUp();
    for (let i = 0; i < 2; i++)
      pool
        .intercept({ path: '/api/contact-messages', method: 'POST' })
        .reply(409, strapiError(409, 'ConflictError', 'idempotency-in-progress'), JSON_HEADERS);
    expect((await submitOnce(context, WRITE)).kind).toBe('unconfirmed');
  });

  it("gives the answer's reads a budget of their own after the write", async () => {
    const { pool, context } = setUp(TIMEOUT_MS / 2);
    pool
      .intercept({ path: '/api/contact-messages', method: 'POST' })
      .reply(201, STORED, JSON_HEADERS)
      .delay(TIMEOUT_MS);
    pool
      .intercept({ path: '/api/site', method: 'GET' })
      .reply(200, { data: { name: 'Portal' } }, JSON_HEADERS);
    await submitOnce(context, WRITE);
    // The request's own deadline has passed; the read after the write still goes out.
    await expect(context.strapi.request('/site')).resolves.toEqual({ data: { name: 'Portal' } });
  });
});

describe('postedIdempotencyKey', () => {
  it('takes a well-formed key, makes one for a post without, and refuses a malformed one', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    const form = (value?: string) => {
      const data = new FormData();
      if (value !== undefined) data.set('idempotencyKey', value);
      return data;
    };
    expect(postedIdempotencyKey(form(key))).toEqual({ kind: 'valid', key });
    const missing = postedIdempotencyKey(form());
    expect(missing.kind).toBe('missing');
    expect(missing.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    const malformed = postedIdempotencyKey(form(key.toUpperCase()));
    expect(malformed.kind).toBe('malformed');
    expect(malformed.key).not.toBe(key);
  });
});
