/**
 * Server side of a form: read a submitted form, validate it with the same rules and
 * messages as the browser, and build the action data a rejected submit sends back to the page
 * (values except secrets, and the messages per field).
 *
 * ```ts
 * export async function action({ request, context }: PortalActionArgs) {
 *   const result = validateForm(contactForm, await request.formData(), context.locale);
 *   if (!result.success) return data(formFailure(contactForm, result), { status: 422 });
 *   …use result.values…
 * }
 * ```
 */

import type { Locale } from '../i18n/locale.ts';
import { i18nFor } from '../i18n/translations.ts';
import {
  type AnyFieldValue,
  coerceValues,
  type FieldMap,
  type FormDefinition,
  type FormValues,
} from './define-form.ts';
import { validateValues } from './engine.ts';

/** Messages per field name (fields without messages are left out). */
export type FieldErrors = Record<string, string[]>;

/** Outcome of `validateForm`. */
export interface FormValidationResult<F extends FieldMap = FieldMap> {
  /** No blocking rule failed: the action may go ahead. */
  success: boolean;
  /** Coerced values. */
  values: FormValues<F>;
  /** Every message per field, blocking and non-blocking, as the browser shows them. */
  errors: FieldErrors;
}

/** What an action returns after a rejected submit; the page hands it to `<PortalForm>`. */
export interface FormActionData {
  /** Submitted values without secrets (passwords). */
  values: Record<string, AnyFieldValue>;
  errors: FieldErrors;
  /**
   * The idempotency key the form shows again (src/shared/forms/idempotency-key.ts): the posted one,
   * so that sending the form again is the same submission; a new one when the posted key was
   * malformed or already used for other values.
   */
  idempotencyKey?: string;
}

/** A submitted form: `FormData`/`URLSearchParams` (a POST body) or a plain object (JSON). */
export type FormInput = FormData | URLSearchParams | Readonly<Record<string, unknown>>;

/**
 * Reads the form's fields from a POST body: lists for checkbox groups and multiple selects, the
 * first value otherwise; files and unknown fields are ignored.
 */
export function readFormInput(form: FormDefinition<FieldMap>, input: FormInput): Record<string, unknown> {
  if (!(input instanceof FormData) && !(input instanceof URLSearchParams)) return { ...input };
  const raw: Record<string, unknown> = {};
  for (const name of form.names) {
    const entries = input.getAll(name).filter((entry): entry is string => typeof entry === 'string');
    if (form.kind(name) === 'list') raw[name] = entries;
    else if (entries.length > 0) raw[name] = entries[0];
  }
  return raw;
}

/**
 * Validates a submitted form.
 * @param locale language of the messages
 * @param options.now current time in ms (date rules without a date; default `Date.now()`)
 */
export function validateForm<F extends FieldMap>(
  form: FormDefinition<F>,
  input: FormInput,
  locale: Locale,
  options: { now?: number } = {},
): FormValidationResult<F> {
  const values = coerceValues(form, readFormInput(form, input));
  const failures = validateValues(form, values, { i18n: i18nFor(locale), locale }, options.now ?? Date.now());
  const errors: FieldErrors = {};
  let success = true;
  for (const [name, list] of Object.entries(failures)) {
    errors[name] = list.map((failure) => failure.message);
    if (list.some((failure) => failure.blocking)) success = false;
  }
  return { success, values, errors };
}

/** The action data of a rejected submit: the values without secrets, and the messages. */
export function formFailure<F extends FieldMap>(
  form: FormDefinition<F>,
  result: Pick<FormValidationResult<F>, 'values' | 'errors'>,
): FormActionData {
  const values: Record<string, AnyFieldValue> = {};
  for (const name of form.names) {
    if (!form.secrets.has(name)) values[name] = (result.values as Record<string, AnyFieldValue>)[name]!;
  }
  return { values, errors: result.errors };
}
