/**
 * The CMS's form validation on yup (Strapi's bundled copy, `require('@strapi/utils').yup`;
 * docs/decisions/081-cms-validation-on-yup.md): field schemas the form workflows build their body
 * schemas from, and {@link validateBody}, which answers a refused body with Strapi's 400
 * `ValidationError` shape.
 *
 * The rules are the portal's (src/shared/forms/rules.ts and the form definitions); the parity tests
 * cms/tests/form-rules-parity.test.ts and cms/tests/vacancy-form-parity.test.ts run the same samples
 * through both sides. Three checks are the CMS's own yup `.test()`s, because yup has no such rule:
 * the IBAN (ibantools through lib/iban.js), the Dutch postcode and calendar dates compared with
 * today in Europe/Amsterdam (lib/dates.js). E-mail addresses and web addresses use the portal's
 * definitions (FormKit's pattern, the WHATWG URL parser): yup's `email()` and `url()` accept and
 * refuse other addresses than the portal does.
 *
 * Messages are English: they are for the portal (a machine), which shows its own Dutch texts.
 */
const { errors, validateYupSchemaSync, yup } = require('@strapi/utils');
const { LOCALES, amsterdamToday, toLocale } = require('./form-submissions');
const { normalizeIban } = require('./iban');

/** Longest e-mail address (RFC 5321: 254 characters in a path). */
const MAX_EMAIL_LENGTH = 254;

/** An e-mail address as the portal's `email` rule accepts it (FormKit's pattern). */
const EMAIL_PATTERN =
  /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@(([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{2,})$/i;

/** Dutch postcode: 1234 AB, no SA/SD/SS letter pairs (the portal's POSTCODE_RULE). */
const POSTCODE_PATTERN = /^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Za-z]{2}$/;

/** House number with an optional addition: `12`, `12A`, `12-3`, `12 bis` (the portal's HOUSE_NUMBER_RULE). */
const HOUSE_NUMBER_PATTERN = /^[1-9][0-9]{0,4}(?:[ -]?[A-Za-z0-9]{1,6})?$/;

/** A calendar date as the forms post it: `YYYY-MM-DD`. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A yup transform that lets only strings through to the string rules: any other original value
 * (a number, an object, …) stays as it is and so fails the type check, where yup would have turned
 * `12` into `'12'`. `clean` shapes the string (trimming).
 * @param {(text: string) => string | null} clean
 * @returns {(value: unknown, original: unknown) => unknown}
 */
const fromString = (clean) => (_value, original) => (typeof original === 'string' ? clean(original) : original);

/** Trimmed; an empty string stays empty (required fails on it). */
const trim = (text) => text.trim();

/**
 * A string schema with its type message; `optional` turns empty input into null (the default).
 * @param {(text: string) => string | null} clean
 * @param {string} message
 * @param {{ optional?: boolean }} [options]
 * @returns {import('yup').StringSchema}
 */
function stringField(clean, message, { optional = false } = {}) {
  const schema = yup.string().typeError(message);
  if (!optional) return schema.transform(fromString(clean)).required(message);
  return schema
    .transform(fromString((text) => clean(text) || null))
    .nullable()
    .default(null);
}

/**
 * Text of `min`–`max` characters, trimmed. Single-line text has its runs of white space collapsed
 * (a name or subject may end up in an e-mail header); multi-line text keeps its line breaks (CRLF
 * from a form post becomes LF).
 * @param {[number, number]} bounds in characters
 * @param {{ multiline?: boolean, optional?: boolean }} [options] `optional`: empty → null
 * @returns {import('yup').StringSchema}
 */
function text([min, max], { multiline = false, optional = false } = {}) {
  const message = `\${path} must have ${min} to ${max} characters`;
  const clean = multiline
    ? (value) => value.replace(/\r\n?/g, '\n').trim()
    : (value) => value.replace(/\s+/g, ' ').trim();
  return stringField(clean, message, { optional }).min(min, message).max(max, message);
}

/**
 * An e-mail address of at most 254 characters, trimmed, as the portal's `email` rule accepts it
 * (the pattern itself needs at least six: `a@b.cd`).
 * @param {{ optional?: boolean }} [options] `optional`: empty → null
 * @returns {import('yup').StringSchema}
 */
function emailAddress({ optional = false } = {}) {
  const message = '${path} must be an e-mail address';
  return stringField(trim, message, { optional })
    .max(MAX_EMAIL_LENGTH, message)
    .matches(EMAIL_PATTERN, { message, excludeEmptyString: true });
}

/**
 * An http(s) URL of at most 500 characters, trimmed: what the portal's `url` rule accepts (the
 * WHATWG URL parser, protocol http: or https:).
 * @param {{ optional?: boolean }} [options] `optional`: empty → null
 * @returns {import('yup').StringSchema}
 */
function webUrl({ optional = false } = {}) {
  const message = '${path} must be an http(s) URL';
  return stringField(trim, message, { optional })
    .max(500, message)
    .test('web-url', message, (value) => value == null || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)));
}

/**
 * A string matching `pattern` after trimming (house numbers, KvK and VAT numbers, slugs).
 * @param {RegExp} regex
 * @param {string} message with `${path}`
 * @param {{ optional?: boolean, uppercase?: boolean }} [options] `optional`: empty → null
 * @returns {import('yup').StringSchema}
 */
function pattern(regex, message, { optional = false, uppercase = false } = {}) {
  const clean = uppercase ? (value) => value.trim().toUpperCase() : trim;
  return stringField(clean, message, { optional }).matches(regex, { message, excludeEmptyString: true });
}

/**
 * One of `values` (enums, provinces); `optional` turns missing or empty input into null.
 * @param {readonly string[]} values
 * @param {{ optional?: boolean }} [options]
 * @returns {import('yup').StringSchema}
 */
function oneOf(values, { optional = false } = {}) {
  const message = `\${path} must be one of ${values.join(', ')}`;
  return stringField(trim, message, { optional }).oneOf(optional ? [...values, null] : [...values], message);
}

/**
 * A list of `options` (checkboxes), missing or null meaning none; a list of known options comes
 * back without duplicates, in the order of `options`.
 * @param {readonly string[]} options
 * @param {{ required?: boolean }} [rules] `required`: at least one
 * @returns {import('yup').ArraySchema<any>}
 */
function choices(options, { required = false } = {}) {
  const message = `\${path} must be a list of ${options.join(', ')}`;
  const schema = yup
    .array()
    .of(oneOf(options))
    // From the value as posted: yup would read a string as JSON and anything else as no list.
    .transform((_value, original) => {
      if (original == null) return [];
      return Array.isArray(original) && original.every((item) => options.includes(item))
        ? options.filter((option) => original.includes(option))
        : original;
    })
    .typeError(message)
    .default(() => []);
  return required ? schema.min(1, '${path} needs at least one choice') : schema;
}

/**
 * The language a public form was posted in: `nl` (when missing) or `en`; anything else is refused.
 * @returns {import('yup').StringSchema}
 */
function language() {
  return oneOf(LOCALES).default('nl');
}

/**
 * A whole number from `min` to `max`, given as a number or a string of digits (`'3200'`, not
 * `'3200.50'`, `'1e3'` or `'32 00'`, which yup's own number cast would accept).
 * @param {number} min
 * @param {number} max
 * @returns {import('yup').NumberSchema}
 */
function wholeNumber(min, max) {
  const message = `\${path} must be a whole number from ${min} to ${max}`;
  return yup
    .number()
    .transform((_value, original) => {
      if (typeof original !== 'string') return original;
      const digits = original.trim();
      return /^[0-9]{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
    })
    .typeError(message)
    .required(message)
    .integer(message)
    .min(min, message)
    .max(max, message);
}

/**
 * A ticked box: `true` (or `'true'`, as a form post sends it).
 * @returns {import('yup').BooleanSchema}
 */
function accepted() {
  const message = '${path} must be true';
  return yup.boolean().typeError(message).required(message).oneOf([true], message);
}

/**
 * The locale a submission was posted in: `en`, or `nl` for anything else (lib/form-submissions.js).
 * @returns {import('yup').StringSchema}
 */
function siteLocale() {
  return yup
    .string()
    .transform((_value, original) => toLocale(original))
    .default('nl');
}

/**
 * A Dutch postcode, stored as `1234 AB`. The CMS's own check: the pattern runs on the trimmed input
 * as posted (yup has no postcode rule; normalising first would accept `1234  AB`, which the portal
 * refuses).
 * @param {{ optional?: boolean }} [options] `optional`: empty → null
 * @returns {import('yup').StringSchema}
 */
function postcode({ optional = false } = {}) {
  const message = '${path} is not a Dutch postcode';
  const normalise = (value) => {
    const trimmed = value.trim();
    if (!POSTCODE_PATTERN.test(trimmed)) return trimmed;
    const compact = trimmed.replace(/\s+/g, '').toUpperCase();
    return `${compact.slice(0, 4)} ${compact.slice(4)}`;
  };
  return stringField(normalise, message, { optional }).test(
    'postcode',
    message,
    (value) => value == null || POSTCODE_PATTERN.test(value),
  );
}

/**
 * An IBAN, stored in electronic format (`NL91ABNA0417164300`). The CMS's own check: ibantools
 * (country, length, structure, mod-97) through {@link normalizeIban}, as the portal's `iban` rule.
 * @param {{ optional?: boolean }} [options] `optional`: empty → null (an edit keeps the stored IBAN)
 * @returns {import('yup').StringSchema}
 */
function iban({ optional = false } = {}) {
  const message = '${path} is not a valid IBAN';
  return stringField((value) => normalizeIban(value) ?? value, message, { optional }).test(
    'iban',
    message,
    (value) => value == null || normalizeIban(value) === value,
  );
}

/**
 * True for a real calendar date written as `YYYY-MM-DD` (no 2026-02-30).
 * @param {unknown} value
 * @returns {boolean}
 */
function isCalendarDate(value) {
  if (typeof value !== 'string' || !DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A calendar date `YYYY-MM-DD` that `accepts(date, context)` — the CMS's own check, since "today"
 * is taken in Europe/Amsterdam and yup's `date()` would turn the string into an instant.
 * `context.today` is today in Europe/Amsterdam at `now` from the validation context (default: the
 * clock); `context.parent` the other values of the form.
 * @param {string} message with `${path}`
 * @param {(date: string, context: { today: string, parent: Record<string, unknown> }) => boolean} accepts
 * @returns {import('yup').StringSchema}
 */
function calendarDate(message, accepts) {
  return yup
    .string()
    .typeError(message)
    .required(message)
    .test('amsterdam-date', message, function check(value) {
      const context = this.options.context || {};
      const today = amsterdamToday(context.now ?? Date.now());
      return isCalendarDate(value) && accepts(value, { today, parent: this.parent });
    });
}

/**
 * The `{ data: { … } }` body of a submission with `fields` as the schema of `data`; unknown keys
 * are dropped by {@link validateBody}.
 * @param {Record<string, import('yup').AnySchema>} fields
 * @returns {import('yup').AnyObjectSchema}
 */
function submission(fields) {
  const message = 'Body must be { "data": { … } }';
  return yup
    .object({
      data: yup
        .object(fields)
        // `data` as posted: yup would read a string as JSON.
        .transform((value, original) => (typeof original === 'string' ? original : value))
        .default(undefined)
        .typeError(message)
        .required(message),
    })
    .typeError(message)
    .required(message);
}

/**
 * Strapi's 400 `ValidationError` about fields of `data`: `details.errors[]` with `path` (into the
 * request body, e.g. `['data', 'iban']`), `message` and `name` — never the submitted value — and
 * `details.field`, the first refused field (what the portal reads: src/server/services/my-vacancies.server.ts).
 * @param {string} message
 * @param {Array<{ path: string[], message: string, name: string }>} list at least one
 * @returns {errors.ValidationError}
 */
function fieldsError(message, list) {
  const [first] = list;
  const field = first.path[0] === 'data' && first.path.length > 1 ? first.path[1] : 'data';
  return new errors.ValidationError(message, { field, errors: list });
}

/**
 * The same 400 for one field refused after validation (e.g. a job category removed meanwhile).
 * @param {string} field a key of `data`
 * @param {string} message
 * @returns {errors.ValidationError}
 */
function fieldError(field, message) {
  return fieldsError(message, [{ path: ['data', field], message, name: 'ValidationError' }]);
}

/**
 * Validates a request body against a {@link submission} schema with Strapi's validateYupSchemaSync
 * (not strict: values are trimmed and normalised; every refused field is reported, in the order of
 * the schema's keys; unknown keys dropped).
 * @param {import('yup').AnySchema} schema
 * @param {unknown} body
 * @param {{ now?: number }} [context] `now` in ms since the epoch, for the date checks
 * @returns {any} the cleaned body (`{ data }`)
 * @throws {errors.ValidationError} 400 (see {@link fieldsError}), without the submitted values
 */
function validateBody(schema, body, context = {}) {
  try {
    return validateYupSchemaSync(schema, { strict: false, stripUnknown: true, context })(body);
  } catch (error) {
    if (!(error instanceof errors.YupValidationError)) throw error;
    // One entry per field and message (a value can fail two rules that share a message).
    const unique = new Map(
      error.details.errors.map(({ path, message, name }) => [`${path.join('.')} ${message}`, { path, message, name }]),
    );
    const list = [...unique.values()];
    throw fieldsError(list.length === 1 ? list[0].message : `${list.length} errors occurred`, list);
  }
}

module.exports = {
  MAX_EMAIL_LENGTH,
  EMAIL_PATTERN,
  POSTCODE_PATTERN,
  HOUSE_NUMBER_PATTERN,
  yup,
  text,
  emailAddress,
  webUrl,
  pattern,
  oneOf,
  wholeNumber,
  accepted,
  choices,
  language,
  siteLocale,
  postcode,
  iban,
  isCalendarDate,
  calendarDate,
  submission,
  fieldError,
  validateBody,
};
