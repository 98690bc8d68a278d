/**
 * The idempotency key of a rendered form (docs/decisions/093-idempotency-keys.md): the page's loader
 * makes a random key for each form it renders, the form carries it as a hidden field (so it goes
 * along with and without JavaScript), and the action hands it to the CMS as `Idempotency-Key`. The
 * same post sent twice is then stored once and answered alike. A refused or failed post shows the
 * form again with the same key, so sending it again is safe. The field itself:
 * `IdempotencyKeyField` (idempotency-key-field.tsx).
 */

/** Name of the hidden field. */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/**
 * A key as `crypto.randomUUID()` writes it: a version 4 UUID in lower case (RFC 9562). The CMS
 * checks the same pattern (cms/src/lib/idempotency.js).
 */
export const IDEMPOTENCY_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** True when `value` is a well-formed key. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}
