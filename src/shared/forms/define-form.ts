/**
 * `defineForm`: one definition per form, used by the page (client validation, field rendering) and
 * by its server action (`validateForm`), so both apply the same rules and show the same messages
 *. A field has the props of docs/product.md#entities — label, help, name (its key), validation,
 * options — plus its input type:
 *
 * ```ts
 * export const contactForm = defineForm({
 *   fields: {
 *     email: { type: 'email', label: 'forms.labels.email', validation: 'required|email' },
 *     iban: { label: 'forms.labels.iban', validation: 'iban' },
 *     terms: { type: 'checkbox', label: 'Voorwaarden', validation: 'accepted' },
 *   },
 *   rules: { iban: IBAN_RULE },
 * });
 * ```
 *
 * `rules` adds the form's own rules to the built-in ones (FormKit's `validation-rules`), such as
 * the `iban` rule of iban.ts, which only the forms that take an IBAN load.
 *
 * Values are coerced the same way on both sides by valibot schemas: text is trimmed (passwords
 * are kept as typed), a single checkbox becomes a boolean, a checkbox group or multiple select a
 * list of strings, and a value that is not one of the field's options becomes empty.
 */
import * as v from 'valibot';
import { DEFAULT_LOCALE, isLocale } from '../i18n/locale.ts';
import { i18nFor } from '../i18n/translations.ts';
import { validateValues } from './engine.ts';
import type {
  AnyFieldValue,
  FieldDefinition,
  FieldMap,
  FormDefinition,
  FormValues,
  ValueKind,
} from './form-types.ts';
import { type ParsedRule, parseValidation } from './parse.ts';
import { RULES, type RuleDefinitions } from './rules.ts';

export type {
  AnyFieldValue,
  FieldDefinition,
  FieldMap,
  FieldOption,
  FieldType,
  FieldValue,
  FormDefinition,
  FormValues,
  TextFieldType,
  ValueKind,
} from './form-types.ts';

/** The shape of a field's value. */
function valueKind(field: FieldDefinition): ValueKind {
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
export function defineForm<const F extends FieldMap>(config: {
  fields: F;
  rules?: RuleDefinitions;
}): FormDefinition<F> {
  const definitions: RuleDefinitions = config.rules ? { ...RULES, ...config.rules } : RULES;
  const names = Object.keys(config.fields);
  const rules: Record<string, ParsedRule[]> = {};
  const dependencies: Record<string, string[]> = {};
  const secrets = new Set<string>();
  const initialValues: Record<string, AnyFieldValue> = {};
  const entries: Record<string, v.GenericSchema<unknown, AnyFieldValue>> = {};
  for (const name of names) {
    const field = config.fields[name]!;
    const parsed = parseValidation(field.validation, definitions);
    rules[name] = parsed;
    const reads = parsed.flatMap((rule) => definitions[rule.name]!.dependsOn?.(name, rule.args) ?? []);
    for (const other of reads) {
      if (!Object.hasOwn(config.fields, other)) {
        throw new Error(`Field "${name}": a validation rule refers to the unknown field "${other}"`);
      }
    }
    dependencies[name] = [...new Set([name, ...reads])];
    // Only passwords are never sent back: a refused form keeps every other value it was sent,
    // IBANs included (docs/decisions/110-forms-a-first-visitor-can-fill-in.md).
    if (field.secret ?? field.type === 'password') secrets.add(name);
    const kind = valueKind(field);
    initialValues[name] = kind === 'boolean' ? false : kind === 'list' ? [] : '';
    entries[name] = fieldSchema(field);
  }
  const coercion = v.object(entries) as unknown as v.GenericSchema<unknown, FormValues<F>>;
  const form: FormDefinition<F> = {
    fields: config.fields,
    names,
    rules,
    ruleDefinitions: definitions,
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
        const failures = validateValues(form, values, { i18n: i18nFor(locale), locale }, Date.now());
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
