/**
 * `defineForm`: one definition per form, used by the page (client validation, field rendering) and
 * by its server action (`validateForm`), so both apply the same rules and show the same messages
 * (issue 5). A field has the props of spec section 3 — label, help, name (its key), validation,
 * options — plus its input type:
 *
 * ```ts
 * export const contactForm = defineForm({
 *   fields: {
 *     email: { type: 'email', label: 'forms.labels.email', validation: 'required|email' },
 *     iban: { label: 'forms.labels.iban', validation: 'iban' },
 *     terms: { type: 'checkbox', label: 'Voorwaarden', validation: 'accepted' },
 *   },
 * });
 * ```
 *
 * Values are coerced the same way on both sides by valibot schemas: text is trimmed (passwords
 * are kept as typed), a single checkbox becomes a boolean, a checkbox group or multiple select a
 * list of strings, and a value that is not one of the field's options becomes empty.
 */
import * as v from 'valibot';
import { getI18n } from '../i18n/i18n.ts';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale.ts';
import { validateValues } from './engine.ts';
import { type ParsedRule, parseValidation, type ValidationSpec } from './parse.ts';
import { RULES } from './rules.ts';

/** Input types of text-like fields (`textarea` renders a `<textarea>`). */
export type TextFieldType =
  | 'text'
  | 'email'
  | 'password'
  | 'tel'
  | 'url'
  | 'search'
  | 'number'
  | 'date'
  | 'textarea'
  | 'hidden';

/** Every field type. */
export type FieldType = TextFieldType | 'select' | 'radio' | 'checkbox';

/** A choice of a select, radio group or checkbox group; `label` is a translation key or text. */
export interface FieldOption {
  value: string;
  label: string;
}

/** One field (spec section 3 "Form field props"); texts are translation keys or plain text. */
export interface FieldDefinition {
  /** Default `text`. */
  type?: FieldType;
  label?: string;
  help?: string;
  /** FormKit-style rules: `required|length:5,100` or `[['required'], ['matches', /^\d+$/]]`. */
  validation?: ValidationSpec;
  /** The name used in messages instead of the label. */
  validationLabel?: string;
  /** Custom messages by rule name (translation key or text with the same `{{placeholders}}`). */
  messages?: Readonly<Record<string, string>>;
  /** Choices of a select, radio group or checkbox group (a checkbox without options is a single yes/no box). */
  options?: readonly FieldOption[];
  /** A select that allows several choices. */
  multiple?: boolean;
  /**
   * Never send the value back after a rejected submit (default: password fields and fields with the
   * `iban` rule).
   */
  secret?: boolean;
  placeholder?: string;
  autoComplete?: string;
}

/** The fields of a form by name. */
export type FieldMap = Readonly<Record<string, FieldDefinition>>;

/** Any field's value. */
export type AnyFieldValue = string | boolean | string[];

/** The coerced value of a field: `string`, `boolean` (single checkbox) or `string[]` (group, multiple select). */
export type FieldValue<D> = FieldDefinition extends D
  ? AnyFieldValue
  : D extends { type: 'checkbox'; options: readonly FieldOption[] }
    ? string[]
    : D extends { type: 'checkbox' }
      ? boolean
      : D extends { multiple: true }
        ? string[]
        : string;

/** The coerced values of a form. */
export type FormValues<F extends FieldMap> = { [K in keyof F]: FieldValue<F[K]> };

/** How a field's value is shaped. */
export type ValueKind = 'text' | 'boolean' | 'list';

/** A parsed form definition. */
export interface FormDefinition<F extends FieldMap = FieldMap> {
  readonly fields: F;
  /** Field names in declaration order. */
  readonly names: readonly string[];
  /** Parsed rules per field. */
  readonly rules: Readonly<Record<string, readonly ParsedRule[]>>;
  /** Per field: the fields whose values its rules read, itself first. */
  readonly dependencies: Readonly<Record<string, readonly string[]>>;
  /** Fields whose values are never sent back (passwords, IBANs). */
  readonly secrets: ReadonlySet<string>;
  /** Empty values: `''`, `false` or `[]`. */
  readonly initialValues: FormValues<F>;
  /** valibot schema turning submitted or typed values into coerced values; never fails. */
  readonly coercion: v.GenericSchema<unknown, FormValues<F>>;
  /**
   * valibot schema of a submittable form: the coercion plus every blocking rule. Parse with
   * `{ lang: 'nl' | 'en' }` for messages in that language; issue paths name the field.
   */
  readonly schema: v.GenericSchema<unknown, FormValues<F>>;
  /** The shape of a field's value. */
  kind(name: string): ValueKind;
}

/** The shape of a field's value. */
export function valueKind(field: FieldDefinition): ValueKind {
  if (field.type === 'checkbox') return field.options ? 'list' : 'boolean';
  if (field.type === 'select' && field.multiple) return 'list';
  return 'text';
}

/** The valibot schema coercing one field's value. */
function fieldSchema(field: FieldDefinition): v.GenericSchema<unknown, AnyFieldValue> {
  const allowed = field.options ? new Set(field.options.map((option) => option.value)) : null;
  const kind = valueKind(field);
  if (kind === 'boolean') {
    return v.fallback(
      v.pipe(
        v.optional(v.union([v.boolean(), v.string()]), false),
        v.transform(
          (value) => value === true || (typeof value === 'string' && value !== '' && value !== 'false'),
        ),
      ),
      false,
    );
  }
  if (kind === 'list') {
    return v.fallback(
      v.pipe(
        v.optional(v.union([v.string(), v.array(v.string())]), []),
        v.transform((value) => (Array.isArray(value) ? value : [value])),
        v.mapItems((item) => item.trim()),
        v.filterItems((item) => item !== '' && (!allowed || allowed.has(item))),
      ),
      [],
    );
  }
  const trimmed = field.type === 'password' ? v.string() : v.pipe(v.string(), v.trim());
  return v.fallback(
    v.pipe(
      v.optional(trimmed, ''),
      v.transform((value) => (allowed && !allowed.has(value) ? '' : value)),
    ),
    '',
  );
}

/**
 * Parses a form definition.
 * @throws Error for an unknown rule, malformed rule hints, or a `confirm` / `require_one` rule that
 *   names a field the form does not have
 */
export function defineForm<const F extends FieldMap>(config: { fields: F }): FormDefinition<F> {
  const names = Object.keys(config.fields);
  const rules: Record<string, ParsedRule[]> = {};
  const dependencies: Record<string, string[]> = {};
  const secrets = new Set<string>();
  const initialValues: Record<string, AnyFieldValue> = {};
  const entries: Record<string, v.GenericSchema<unknown, AnyFieldValue>> = {};
  for (const name of names) {
    const field = config.fields[name]!;
    const parsed = parseValidation(field.validation);
    rules[name] = parsed;
    const reads = parsed.flatMap((rule) => RULES[rule.name]!.dependsOn?.(name, rule.args) ?? []);
    for (const other of reads) {
      if (!Object.hasOwn(config.fields, other)) {
        throw new Error(`Field "${name}": a validation rule refers to the unknown field "${other}"`);
      }
    }
    dependencies[name] = [...new Set([name, ...reads])];
    if (field.secret ?? (field.type === 'password' || parsed.some((rule) => rule.name === 'iban'))) {
      secrets.add(name);
    }
    const kind = valueKind(field);
    initialValues[name] = kind === 'boolean' ? false : kind === 'list' ? [] : '';
    entries[name] = fieldSchema(field);
  }
  const coercion = v.object(entries) as unknown as v.GenericSchema<unknown, FormValues<F>>;
  const form: FormDefinition<F> = {
    fields: config.fields,
    names,
    rules,
    dependencies,
    secrets,
    initialValues: initialValues as FormValues<F>,
    coercion,
    schema: v.pipe(
      coercion,
      v.rawCheck(({ dataset, addIssue, config: parseConfig }) => {
        if (!dataset.typed) return;
        const locale = isLocale(parseConfig.lang) ? parseConfig.lang : DEFAULT_LOCALE;
        const values = dataset.value as Record<string, unknown>;
        const failures = validateValues(form, values, { i18n: getI18n(locale), locale }, Date.now());
        for (const [name, list] of Object.entries(failures)) {
          for (const failure of list.filter((item) => item.blocking)) {
            addIssue({
              message: failure.message,
              path: [{ type: 'object', origin: 'value', input: values, key: name, value: values[name] }],
            });
          }
        }
      }),
    ),
    kind: (name) => valueKind(config.fields[name] ?? {}),
  };
  return form;
}

/**
 * Coerces raw values (typed in the browser, or read from a submitted form) with the form's schema.
 * Unknown keys are dropped; missing or malformed values become empty.
 */
export function coerceValues<F extends FieldMap>(
  form: FormDefinition<F>,
  raw: Readonly<Record<string, unknown>>,
): FormValues<F> {
  return v.parse(form.coercion, raw);
}
