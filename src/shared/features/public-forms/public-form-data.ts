/**
 * What the actions of the public forms (contact, advertising, newsletter) send back to
 * their pages after a post that did not go through; a successful post redirects instead
 * (Post/Redirect/Get).
 */
import type { FormActionData } from '../../forms/validate-form.ts';

/** Why a valid post was not sent: the CMS could not be reached or refused it. */
export type PublicFormError = 'unavailable';

/** A rejected (422: `errors` per field) or failed (503: `error`) post; the typed values come back. */
export interface PublicFormActionData extends FormActionData {
  error?: PublicFormError;
}
