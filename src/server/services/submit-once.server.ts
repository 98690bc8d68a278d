/**
 * Form writes that are safe to repeat and tell the truth about their outcome
 * (docs/decisions/093-idempotency-keys.md, docs/decisions/094-a-write-has-its-own-deadline.md):
 *
 * - every write carries the rendered form's idempotency key as `Idempotency-Key`, so the CMS stores
 *   a post at most once, however often it arrives (a visitor's second click, a reload of the answer,
 *   the portal's own look-up below, another replica);
 * - a write has its own deadline, {@link WRITE_TIMEOUT_FACTOR} times the CMS timeout, counted from
 *   when it is sent (not from the request's arrival, decision 048), so a burst that keeps the CMS
 *   busy for a while is still answered by it;
 * - when the write ends without a clear answer (no answer in time, a broken connection, a 5xx), the
 *   portal asks once more with the same key and one CMS timeout: the CMS answers a stored post from
 *   its record, waits for one still at work, or stores it now. Only then does the portal decide:
 *   stored, refused, not sent, or unconfirmed (it may have arrived; sending it again is safe);
 * - afterwards the request's reads get a fresh budget, so the page that shows the outcome can load.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_FIELD, isIdempotencyKey } from '../../shared/forms/idempotency-key.ts';
import { isStrapiError, type StrapiError } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';

/** A write may take this many CMS timeouts (`CMS_TIMEOUT_MS`, 5 s by default: 15 s). */
export const WRITE_TIMEOUT_FACTOR = 3;

/** The request header the CMS reads the key from (draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Transport errors that mean the request never reached the CMS (nothing can have been stored). */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A new key for a form about to be rendered: a random version 4 UUID (122 random bits). */
export function newIdempotencyKey(): string {
  return randomUUID();
}

/**
 * The key a form was posted with. `missing`: the post has none (a page rendered before keys
 * existed, or a client of its own), so the action uses the fresh `key` for this post only;
 * `malformed`: a value that is no key, refused by the action (it shows the form with the fresh `key`).
 */
export type PostedKey =
  | { kind: 'valid'; key: string }
  | { kind: 'missing'; key: string }
  | { kind: 'malformed'; key: string };

/**
 * Reads the hidden key field of a posted form.
 * @param formData the POST body
 * @returns the posted key, or a fresh one with why (see {@link PostedKey})
 */
export function postedIdempotencyKey(formData: FormData): PostedKey {
  const value = formData.get(IDEMPOTENCY_FIELD);
  if (value === null || value === '') return { kind: 'missing', key: newIdempotencyKey() };
  if (isIdempotencyKey(value)) return { kind: 'valid', key: value };
  return { kind: 'malformed', key: newIdempotencyKey() };
}

/**
 * How a write ended, as the page must tell it:
 * - `stored`: the CMS has it (now, or from an earlier post with the same key: `replayed`);
 * - `refused`: the CMS refused it (4xx: invalid, full, unknown plan, …) and stored nothing;
 * - `key-reused`: the key was used before for other values (CMS 422 `idempotency-key-reused`);
 * - `not-sent`: certainly not stored: the CMS could not be reached, or said it failed;
 * - `unconfirmed`: it may have been stored (no answer in time, or still at work); the form's key
 *   makes sending it again safe, and the answer to that tells.
 */
export type SubmitOutcome<T> =
  | { kind: 'stored'; data: T | null; replayed: boolean }
  | { kind: 'refused'; error: StrapiError }
  | { kind: 'key-reused'; error: StrapiError }
  | { kind: 'not-sent'; error: StrapiError }
  | { kind: 'unconfirmed'; error: StrapiError };

/** One form write: where, what and as whom. */
export interface FormWrite {
  /** API path after the prefix, e.g. `/event-registrations`. */
  path: string;
  /** Default `POST`. */
  method?: 'POST' | 'PUT';
  /** The submission; sent as `{ data }`. */
  data: Record<string, unknown>;
  /** The form's idempotency key ({@link postedIdempotencyKey}). */
  key: string;
  /** The visitor's session JWT, when the CMS must know the account. */
  jwt?: string | null;
}

/**
 * An answer of the CMS itself: Strapi's JSON error shape. Not a failure without an answer, nor a
 * body that is not Strapi's (`UnknownError`, e.g. a proxy's 502 page), which says nothing about
 * what the CMS did.
 */
function answered(error: StrapiError): boolean {
  return !['NetworkError', 'TimeoutError', 'AbortError', 'UnknownError'].includes(error.name);
}

/** The `details.code` of a CMS error, if any. */
function codeOf(error: StrapiError): string | undefined {
  const code = (error.details as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A refusal: the CMS answered 4xx about the request itself (not "busy", not "still at work"). */
function refusal(error: StrapiError): boolean {
  return (
    answered(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429 &&
    codeOf(error) !== 'idempotency-in-progress'
  );
}

/** The request never reached the CMS: refused connection, unknown host, or sent after its deadline. */
function neverReached(error: StrapiError): boolean {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (error.name === 'TimeoutError')
    return cause?.message === 'request deadline passed' || cause?.code === 'UND_ERR_CONNECT_TIMEOUT';
  if (error.name !== 'NetworkError') return false;
  const code = (error.details as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_CONNECTED.has(code);
}

/** Reads `{ data }` of a v5 answer (null for an empty body such as 202). */
function dataOf<T>(body: unknown): T | null {
  if (body === null || typeof body !== 'object') return null;
  return ((body as { data?: T }).data ?? null) as T | null;
}

/**
 * Sends a form's write to the CMS once, with its key, and finds out how it ended (module comment).
 * @param context the request's CMS view (its deadline is moved on afterwards) and logger
 * @param write see {@link FormWrite}
 * @returns the outcome; never throws for CMS failures
 * @throws anything that is not a CMS error
 */
export async function submitOnce<T>(
  context: Pick<PortalContext, 'strapi' | 'logger'>,
  write: FormWrite,
): Promise<SubmitOutcome<T>> {
  const { strapi } = context;
  const send = async (budgetMs: number) =>
    dataOf<T>(
      await strapi.request(write.path, {
        method: write.method ?? 'POST',
        body: { data: write.data },
        jwt: write.jwt ?? null,
        headers: { [IDEMPOTENCY_HEADER]: write.key },
        deadline: Date.now() + budgetMs,
        timeoutMs: budgetMs,
      }),
    );
  try {
    return await decide<T>(send, strapi.timeoutMs, context.logger, write.path);
  } finally {
    // The page that shows the outcome reads the CMS again: give it a budget of its own.
    strapi.extendDeadline(Date.now() + strapi.timeoutMs);
  }
}

/** The write, the look-up when needed, and the outcome (see {@link submitOnce}). */
async function decide<T>(
  send: (budgetMs: number) => Promise<T | null>,
  timeoutMs: number,
  logger: PortalContext['logger'],
  path: string,
): Promise<SubmitOutcome<T>> {
  let first: StrapiError;
  try {
    return { kind: 'stored', data: await send(WRITE_TIMEOUT_FACTOR * timeoutMs), replayed: false };
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    if (codeOf(error) === 'idempotency-key-reused') return { kind: 'key-reused', error };
    if (refusal(error)) return { kind: 'refused', error };
    first = error;
  }
  // No clear answer: ask again with the same key (stored → its answer; at work → wait; else store).
  try {
    const data = await send(timeoutMs);
    logger.info({ path, strapi: first.toJSON() }, 'form write confirmed by its idempotency key');
    return { kind: 'stored', data, replayed: true };
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    if (codeOf(error) === 'idempotency-key-reused') return { kind: 'key-reused', error };
    if (refusal(error)) return { kind: 'refused', error };
    const notSent = (answered(error) && error.status >= 500) || (neverReached(first) && neverReached(error));
    logger.warn(
      { path, strapi: error.toJSON(), first: first.toJSON(), outcome: notSent ? 'not-sent' : 'unconfirmed' },
      'form write not confirmed',
    );
    return { kind: notSent ? 'not-sent' : 'unconfirmed', error };
  }
}
