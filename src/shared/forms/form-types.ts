/**
 * The types of a form definition (fields, values, the parsed definition), apart from
 * `defineForm` so that the validation engine can use them without importing the definer.
 */
import type * as v from 'valibot';
import type { ParsedRule, ValidationSpec } from './parse.ts';
import type { RuleDefinitions } from './rules.ts';

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

/** One field (docs/product.md#entities "Form field props"); texts are translation keys or plain text. */
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
   * Never send the value back after a rejected submit (default: password fields only; every other
   * value, an IBAN too, comes back as it was sent).
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
  /** The rules its fields may name: the built-in ones and the form's own. */
  readonly ruleDefinitions: RuleDefinitions;
  /** Per field: the fields whose values its rules read, itself first. */
  readonly dependencies: Readonly<Record<string, readonly string[]>>;
  /** Fields whose values are never sent back (passwords). */
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
