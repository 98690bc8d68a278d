/** The hidden field that carries a rendered form's idempotency key (idempotency-key.ts). */
import { IDEMPOTENCY_FIELD } from './idempotency-key.ts';

/**
 * The hidden field of a form's key; place it inside the `<PortalForm>`. Renders nothing without a
 * key (a page that shows no form makes none).
 */
export function IdempotencyKeyField({ value }: { value: string | null | undefined }) {
  return value ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} /> : null;
}
