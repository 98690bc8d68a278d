/**
 * Idempotency keys of the portal's form submissions (docs/decisions/093-idempotency-keys.md): a
 * request that carries an `Idempotency-Key` header (the IETF draft's name) is stored at most once,
 * and the same request sent again gets the first one's answer, across CMS replicas, because the
 * record lives in the database (`api::idempotency-record.idempotency-record`, a unique index on the
 * key).
 *
 * - A key is a version 4 UUID in lower case, as `crypto.randomUUID()` writes it; any other value is
 *   refused with 400 `invalid-idempotency-key`. Without the header a request is handled as before
 *   (API clients and tests that post directly).
 * - The key is claimed before the work starts (an insert that the unique index lets only one
 *   request win). The record holds the form (`scope`), a SHA-256 of the validated request and the
 *   caller's account, and once stored the answer (status and body, never personal data) and the
 *   created document's id.
 * - The same key again: with the same request it is answered from the record (header
 *   `Idempotent-Replayed: true`); while the first is still at work, it waits for it (up to
 *   {@link WAIT_MS}) and then answers 409 `idempotency-in-progress` with `Retry-After`; with another
 *   request (another form, other values or another account) it answers 422
 *   `idempotency-key-reused`.
 * - Only stored outcomes are kept. A refusal (a full event, an unknown plan) or a failure stores
 *   nothing, so its claim is released and the visitor may correct the form and send it again
 *   with the same key.
 * - Workflows that store in a transaction mark the record done in that same transaction
 *   ({@link IdempotencyRecord.markDone}), so a crash never leaves a stored submission whose key
 *   is free again. A claim left pending by a crash elsewhere is taken over after {@link STALE_MS}.
 * - Records are removed {@link RETENTION_MS} after their claim (checked at most once an hour).
 */
const crypto = require('node:crypto');
const { errors } = require('@strapi/utils');
const { SubmissionError, sendError } = require('./http-errors');

const UID = 'api::idempotency-record.idempotency-record';
/** The request header (draft-ietf-httpapi-idempotency-key-header), as Koa reads it. */
const HEADER = 'idempotency-key';
/** A version 4 UUID in lower case: what `crypto.randomUUID()` returns. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** How long a repeated request waits for the first one with its key, in ms. */
const WAIT_MS = 10_000;
/** How often a waiting request looks at the record again, in ms. */
const POLL_MS = 50;
/** A claim still pending after this long (ms) belongs to a request that never finished. */
const STALE_MS = 120_000;
/** How long records are kept, in ms (seven days). */
const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Old records are removed at most this often, in ms. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

let lastPurge = 0;

/**
 * The request's idempotency key.
 * @param {import('koa').Context} ctx
 * @returns {string | null} the key, or null when the request has none
 * @throws {errors.ValidationError} 400 `invalid-idempotency-key` for a malformed key
 */
function idempotencyKeyOf(ctx) {
  const value = ctx.get(HEADER);
  if (value === '') return null;
  if (!KEY_PATTERN.test(value)) {
    throw new errors.ValidationError('Idempotency-Key must be a UUID (version 4, lower case)', {
      code: 'invalid-idempotency-key',
      field: 'idempotencyKey',
    });
  }
  return value;
}

/**
 * A value with its object keys sorted (and dates as ISO strings), so equal requests give equal JSON.
 * @param {unknown} value
 * @returns {unknown}
 */
function canonical(value) {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => value[key] !== undefined)
        .map((key) => [key, canonical(value[key])]),
    );
  }
  return value;
}

/**
 * The hash that tells whether a repeated key carries the same request.
 * @param {string} scope the form (e.g. `event-registration`)
 * @param {unknown} input the validated request body
 * @param {number | null | undefined} userId the caller's account, if any
 * @returns {string} SHA-256, hex (64 characters)
 */
function requestHash(scope, input, userId) {
  const json = JSON.stringify(canonical({ scope, user: userId ?? null, input }));
  return crypto.createHash('sha256').update(json).digest('hex');
}

/**
 * The record of a key, or null.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {string} key
 */
function findRecord(strapi, key) {
  return strapi.db.query(UID).findOne({ where: { idempotencyKey: key } });
}

/**
 * Removes records older than {@link RETENTION_MS}, at most once per {@link PURGE_EVERY_MS}; never
 * fails the request that triggered it.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} now ms since the epoch
 */
function purgeOld(strapi, now) {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  strapi.db
    .query(UID)
    .deleteMany({ where: { claimedAt: { $lt: new Date(now - RETENTION_MS) } } })
    .catch((error) => strapi.log.warn(`[idempotency] old records not removed: ${error.message}`));
}

/**
 * Claims `key` for a request, or tells what became of an earlier request with it.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {{ key: string, scope: string, hash: string, gone?: () => boolean }} request `gone`: the
 *   caller hung up (stop waiting)
 * @returns {Promise<{ kind: 'claimed', id: number } | { kind: 'replay', status: number, body: unknown }
 *   | { kind: 'mismatch' } | { kind: 'in-progress' }>}
 */
async function claim(strapi, { key, scope, hash, gone = () => false }) {
  const started = Date.now();
  purgeOld(strapi, started);
  for (;;) {
    const now = new Date();
    try {
      const created = await strapi.db.query(UID).create({
        data: { idempotencyKey: key, scope, requestHash: hash, state: 'pending', claimedAt: now, publishedAt: now },
        select: ['id'],
      });
      return { kind: 'claimed', id: created.id };
    } catch (error) {
      // The unique index refused the key (the drivers word this differently): is it there?
      const taken = await findRecord(strapi, key);
      if (!taken) throw error;
    }
    // Someone has the key: wait while it is at work, then answer as it was answered.
    for (;;) {
      const record = await findRecord(strapi, key);
      if (!record) break; // released meanwhile: claim it
      if (record.scope !== scope || record.requestHash !== hash) return { kind: 'mismatch' };
      if (record.state === 'done') return { kind: 'replay', status: record.httpStatus, body: record.response };
      const claimedAt = new Date(record.claimedAt).getTime();
      if (Date.now() - claimedAt > STALE_MS) {
        // Only one request takes it over: the first update makes the claim fresh for the others.
        const { count } = await strapi.db.query(UID).updateMany({
          where: { id: record.id, state: 'pending', claimedAt: { $lt: new Date(Date.now() - STALE_MS) } },
          data: { claimedAt: new Date() },
        });
        if (count === 1) return { kind: 'claimed', id: record.id };
        continue;
      }
      if (Date.now() - started >= WAIT_MS || gone()) return { kind: 'in-progress' };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * A claimed key, handed to the workflow so it can mark the record done in its own transaction.
 * @typedef {object} IdempotencyRecord
 * @property {number} id the record's database id
 * @property {(outcome: { status: number, body: unknown, documentId?: string }) => Promise<void>} markDone
 *   stores the answer (inside the caller's transaction when called in one)
 */

/**
 * The handle of a claimed record.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} id
 * @returns {IdempotencyRecord}
 */
function recordHandle(strapi, id) {
  return {
    id,
    async markDone({ status, body, documentId }) {
      await strapi.db.query(UID).update({
        where: { id },
        data: {
          state: 'done',
          httpStatus: status,
          response: body === undefined ? null : body,
          ...(documentId ? { createdDocument: documentId } : {}),
        },
      });
    },
  };
}

/**
 * Frees a claim that stored nothing (a refusal or a failure); a record already marked done stays.
 * Never throws: a claim that could not be freed is taken over after {@link STALE_MS}.
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {number} id
 */
async function release(strapi, id) {
  try {
    await strapi.db.query(UID).deleteMany({ where: { id, state: 'pending' } });
  } catch (error) {
    strapi.log.warn(`[idempotency] claim ${id} not released: ${error.message}`);
  }
}

/**
 * Runs a submission once per idempotency key and answers it (see the module comment).
 * @param {import('@strapi/strapi').Core.Strapi} strapi
 * @param {import('koa').Context} ctx
 * @param {{ scope: string, input: unknown, user?: { id: number } | null,
 *   run: (record: IdempotencyRecord | null) => Promise<{ status: number, body: unknown, documentId?: string }> }} task
 *   `run` does the work and returns the answer; `body` must hold no personal data (it is kept).
 *   It gets the claimed record (null without a key) to mark it done inside its own transaction.
 * @returns {Promise<void>} the answer is set on `ctx`
 * @throws {errors.ValidationError} for a malformed key; whatever `run` throws that is not a
 *   {@link SubmissionError} (after releasing the claim)
 */
async function answerOnce(strapi, ctx, { scope, input, user, run }) {
  const key = idempotencyKeyOf(ctx);
  const reply = ({ status, body }) => {
    ctx.status = status;
    ctx.body = body === undefined || body === null ? '' : body;
  };
  if (key === null) {
    try {
      reply(await run(null));
    } catch (error) {
      answerSubmissionError(ctx, error);
    }
    return;
  }
  const claimed = await claim(strapi, {
    key,
    scope,
    hash: requestHash(scope, input, user && user.id),
    // The caller hung up (the portal stopped waiting): stop waiting for the first request.
    gone: () => Boolean(ctx.req.socket && ctx.req.socket.destroyed),
  });
  if (claimed.kind === 'mismatch') {
    sendError(ctx, 422, 'UnprocessableEntityError', 'This Idempotency-Key was used for another request', {
      code: 'idempotency-key-reused',
    });
    return;
  }
  if (claimed.kind === 'in-progress') {
    ctx.set('Retry-After', '2');
    sendError(ctx, 409, 'ConflictError', 'A request with this Idempotency-Key is still being processed', {
      code: 'idempotency-in-progress',
    });
    return;
  }
  if (claimed.kind === 'replay') {
    ctx.set('Idempotent-Replayed', 'true');
    reply(claimed);
    return;
  }
  const record = recordHandle(strapi, claimed.id);
  let outcome;
  try {
    outcome = await run(record);
  } catch (error) {
    await release(strapi, claimed.id);
    answerSubmissionError(ctx, error);
    return;
  }
  try {
    await record.markDone(outcome);
  } catch (error) {
    // Stored, but the record could not say so: answer the truth; a repeat stores no second copy
    // unless the claim is taken over as stale (logged for the editors to check).
    strapi.log.error(`[idempotency] ${scope} stored but record ${claimed.id} not completed: ${error.message}`);
  }
  reply(outcome);
}

/**
 * Answers a {@link SubmissionError} in Strapi's shape; rethrows anything else.
 * @param {import('koa').Context} ctx
 * @param {unknown} error
 */
function answerSubmissionError(ctx, error) {
  if (error instanceof SubmissionError) {
    sendError(ctx, error.status, error.errorName, error.message, error.details);
    return;
  }
  throw error;
}

module.exports = { UID, HEADER, KEY_PATTERN, WAIT_MS, STALE_MS, idempotencyKeyOf, requestHash, canonical, answerOnce };
