/**
 * The idempotency records of cms/src/lib/idempotency.js (docs/decisions/093-idempotency-keys.md) on
 * an in-memory table with a unique key: a key's first request runs, the same request again is
 * answered from the record (also while the first is still at work), another request with the key
 * is refused, a refusal frees the key, and a malformed key is a 400. The same rules run against
 * the real CMS in tests/integration/forms-idempotency.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);
type Outcome = { status: number; body?: unknown; documentId?: string };
type Ctx = ReturnType<typeof fakeCtx>;
const idempotency = require('../src/lib/idempotency.js') as {
  requestHash: (scope: string, input: unknown, userId?: number | null) => string;
  answerOnce: (
    strapi: unknown,
    ctx: Ctx,
    task: {
      scope: string;
      input: unknown;
      user?: { id: number } | null;
      run: (record: { markDone: (outcome: Outcome) => Promise<void> } | null) => Promise<Outcome>;
    },
  ) => Promise<void>;
};
const { SubmissionError } = require('../src/lib/http-errors.js') as {
  SubmissionError: new (status: number, name: string, message: string, details?: object) => Error;
};

type Row = Record<string, unknown> & { id: number; idempotencyKey: string; state: string };

/** `where` of the few shapes the library uses. */
function matches(row: Row, where: Record<string, unknown>): boolean {
  return Object.entries(where).every(([key, value]) => {
    if (value !== null && typeof value === 'object' && '$lt' in value)
      return new Date(row[key] as Date).getTime() < new Date((value as { $lt: Date }).$lt).getTime();
    return row[key] === value;
  });
}

/** A stand-in for `strapi.db.query(uid)` over one table with a unique `idempotencyKey`. */
function fakeStrapi() {
  const rows: Row[] = [];
  let nextId = 1;
  const query = {
    create: async ({ data }: { data: Omit<Row, 'id'> }) => {
      if (rows.some((row) => row.idempotencyKey === data.idempotencyKey)) throw new Error('UNIQUE constraint failed');
      const row = { ...data, id: nextId++ } as Row;
      rows.push(row);
      return { id: row.id };
    },
    findOne: async ({ where }: { where: Record<string, unknown> }) => {
      const row = rows.find((candidate) => matches(candidate, where));
      return row ? { ...row } : null;
    },
    update: async ({ where, data }: { where: Record<string, unknown>; data: object }) => {
      const row = rows.find((candidate) => matches(candidate, where));
      if (row) Object.assign(row, data);
      return row ?? null;
    },
    updateMany: async ({ where, data }: { where: Record<string, unknown>; data: object }) => {
      const hits = rows.filter((candidate) => matches(candidate, where));
      for (const row of hits) Object.assign(row, data);
      return { count: hits.length };
    },
    deleteMany: async ({ where }: { where: Record<string, unknown> }) => {
      const before = rows.length;
      for (let i = rows.length - 1; i >= 0; i--) if (matches(rows[i]!, where)) rows.splice(i, 1);
      return { count: before - rows.length };
    },
  };
  return { strapi: { db: { query: () => query }, log: { warn: vi.fn(), error: vi.fn() } }, rows };
}

/** A Koa context with the request's `Idempotency-Key`. */
function fakeCtx(key?: string) {
  const headers: Record<string, string> = {};
  return {
    get: (name: string) => (name === 'idempotency-key' ? (key ?? '') : ''),
    set: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    headers,
    status: 404,
    body: undefined as unknown,
    req: { socket: { destroyed: false } },
  };
}

/** A submission whose work counts its runs. */
function task(input: unknown, runs: { count: number }, work: () => Promise<Outcome> = async () => ({ status: 202 })) {
  return {
    scope: 'contact-message',
    input,
    run: async () => {
      runs.count += 1;
      return work();
    },
  };
}

describe('answerOnce', () => {
  it('runs a request without a key as before', async () => {
    const { strapi, rows } = fakeStrapi();
    const ctx = fakeCtx();
    const runs = { count: 0 };
    await idempotency.answerOnce(strapi, ctx, task({ a: 1 }, runs));
    expect(ctx.status).toBe(202);
    expect(runs.count).toBe(1);
    expect(rows).toHaveLength(0);
  });

  it('refuses a malformed key with a 400 ValidationError', async () => {
    const { strapi } = fakeStrapi();
    await expect(
      idempotency.answerOnce(strapi, fakeCtx('ABC'), task({ a: 1 }, { count: 0 })),
    ).rejects.toMatchObject({ name: 'ValidationError', details: { code: 'invalid-idempotency-key' } });
  });

  it('answers the same request again from the record, without running it', async () => {
    const { strapi } = fakeStrapi();
    const key = randomUUID();
    const runs = { count: 0 };
    const work = async () => ({ status: 201, body: { data: { orderNumber: 'ABO-23456789' } } });
    const first = fakeCtx(key);
    await idempotency.answerOnce(strapi, first, task({ a: 1, b: 2 }, runs, work));
    const second = fakeCtx(key);
    await idempotency.answerOnce(strapi, second, task({ b: 2, a: 1 }, runs, work));
    expect(runs.count).toBe(1);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('makes a request that arrives while the first is at work wait for its answer', async () => {
    const { strapi } = fakeStrapi();
    const key = randomUUID();
    const runs = { count: 0 };
    const slow = () => new Promise<Outcome>((resolve) => setTimeout(() => resolve({ status: 202 }), 150));
    const first = fakeCtx(key);
    const second = fakeCtx(key);
    await Promise.all([
      idempotency.answerOnce(strapi, first, task({ a: 1 }, runs, slow)),
      idempotency.answerOnce(strapi, second, task({ a: 1 }, runs, slow)),
    ]);
    expect(runs.count).toBe(1);
    expect([first.status, second.status]).toEqual([202, 202]);
  });

  it('refuses the key for another request with 422 idempotency-key-reused', async () => {
    const { strapi } = fakeStrapi();
    const key = randomUUID();
    const runs = { count: 0 };
    await idempotency.answerOnce(strapi, fakeCtx(key), task({ email: 'a@example.test' }, runs));
    const other = fakeCtx(key);
    await idempotency.answerOnce(strapi, other, task({ email: 'b@example.test' }, runs));
    expect(runs.count).toBe(1);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: { details: { code: 'idempotency-key-reused' } } });
  });

  it('frees the key after a refusal, so the corrected form can use it', async () => {
    const { strapi, rows } = fakeStrapi();
    const key = randomUUID();
    const runs = { count: 0 };
    const full = async (): Promise<Outcome> => {
      throw new SubmissionError(409, 'ConflictError', 'The event is full', { code: 'event-full' });
    };
    const refused = fakeCtx(key);
    await idempotency.answerOnce(strapi, refused, task({ attendees: 3 }, runs, full));
    expect(refused.status).toBe(409);
    expect(rows).toHaveLength(0);
    const corrected = fakeCtx(key);
    await idempotency.answerOnce(strapi, corrected, task({ attendees: 1 }, runs));
    expect(corrected.status).toBe(202);
    expect(runs.count).toBe(2);
  });

  it('frees the key after a failure and passes the error on', async () => {
    const { strapi, rows } = fakeStrapi();
    const broken = async (): Promise<Outcome> => {
      throw Object.assign(new Error('mail down'), { status: 503 });
    };
    await expect(
      idempotency.answerOnce(strapi, fakeCtx(randomUUID()), task({ a: 1 }, { count: 0 }, broken)),
    ).rejects.toThrow('mail down');
    expect(rows).toHaveLength(0);
  });

  it('keeps a record the work marked done itself, even when the work fails afterwards', async () => {
    const { strapi, rows } = fakeStrapi();
    const key = randomUUID();
    const stored = {
      scope: 'contact-message',
      input: { a: 1 },
      run: async (record: { markDone: (outcome: Outcome) => Promise<void> } | null) => {
        await record!.markDone({ status: 201, body: { data: { id: 'x' } }, documentId: 'x' });
        throw new Error('after the commit');
      },
    };
    await expect(idempotency.answerOnce(strapi, fakeCtx(key), stored)).rejects.toThrow('after the commit');
    expect(rows).toHaveLength(1);
    const again = fakeCtx(key);
    await idempotency.answerOnce(strapi, again, task({ a: 1 }, { count: 0 }));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('requestHash', () => {
  it('is the same for equal requests whatever the key order, and differs by form and account', () => {
    const hash = idempotency.requestHash('event-registration', { a: 1, b: [{ c: 2, d: 3 }] }, 7);
    expect(idempotency.requestHash('event-registration', { b: [{ d: 3, c: 2 }], a: 1 }, 7)).toBe(hash);
    expect(idempotency.requestHash('subscription-order', { a: 1, b: [{ c: 2, d: 3 }] }, 7)).not.toBe(hash);
    expect(idempotency.requestHash('event-registration', { a: 1, b: [{ c: 2, d: 3 }] }, 8)).not.toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
