/**
 * What the actions of the public forms (contact, advertising, newsletter) send back to
 * their pages after a post that did not go through; a successful post redirects instead
 * (Post/Redirect/Get).
 */
import type { FormActionData } from '../../forms/validate-form.ts';

/**
 * Why a valid post did not go through: `unavailable`: it was not stored (the CMS could not be
 * reached or refused it); `unconfirmed`: it may have been stored, the CMS did not confirm in time
 * (sending it again with the same key is safe); `resubmit`: the form's key was malformed or already
 * used for other values, nothing was stored, and the form comes back with a new key.
 */
export type PublicFormError = 'unavailable' | 'unconfirmed' | 'resubmit';

/**
 * A rejected (422: `errors` per field) or failed (503: `error`) post; the typed values and the
 * form's idempotency key come back.
 */
export interface PublicFormActionData extends FormActionData {
  error?: PublicFormError;
}
