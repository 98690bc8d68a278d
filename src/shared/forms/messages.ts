/**
 * Validation message texts (docs/product.md#validation, docs/product.md#errors): Dutch by default, English under `/en`, from
 * `locales/{nl,en}/forms.json`. The texts are FormKit's (@formkit/i18n `nl` and `en` locales, MIT,
 * https://github.com/formkit/formkit/tree/master/packages/i18n/src/locales) with the spec's wording
 * for the misconfigured-rule message, a closing full stop on every sentence, Dutch list words
 * (`a, b of c`) and dates formatted in the message's language (Europe/Amsterdam, e.g. `5 jan 2026`
 * / `5 Jan 2026`).
 *
 * `{{Name}}` is the field's label (its `validationLabel`, else `label`, else its name) with the first
 * letter capitalised; `{{name}}` is the same label as written, for use mid-sentence. Custom
 * messages of `date_after:YYYY-MM-DD` / `date_before:YYYY-MM-DD` may also name the first / last
 * date the rule allows, `{{first}}` (the day after) / `{{last}}` (the day before).
 */
import type { Locale } from '../i18n/locale.ts';
import type { i18n } from '../i18n/translations.ts';
import { formatDate } from '../ui/format.ts';
import type { ParsedRule } from './parse.ts';
import { dateRange, lengthBounds, type RuleArg, toTime } from './rules.ts';

/**
 * Where messages come from: an i18next instance (src/shared/i18n/translations.ts; its `t` and
 * `exists`) and the language to write in.
 */
export interface MessageContext {
  i18n: Pick<i18n, 't' | 'exists'>;
  locale: Locale;
}

/** Untranslated fallback of a rule without a message (FormKit's default). */
const FALLBACK_MESSAGE = 'This field is not valid.';
/** Untranslated fallback of the blocked-submit message (docs/product.md#states). */
export const FALLBACK_INCOMPLETE = 'Form incomplete.';

const LIST_LOCALES: Record<Locale, string> = { nl: 'nl-NL', en: 'en-GB' };
const listFormats = new Map<Locale, Intl.ListFormat>();

/** FormKit's `sentence()`: the first letter in upper case. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `a, b of c` / `a, b or c`. */
function orList(items: readonly string[], locale: Locale): string {
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(LIST_LOCALES[locale], { type: 'disjunction' });
    listFormats.set(locale, format);
  }
  return format.format(items);
}

/** A date argument (or ms timestamp) for a message: `5 jan 2026` / `5 Jan 2026`. */
function messageDate(value: RuleArg | number, locale: Locale): string {
  const time = toTime(value);
  return Number.isNaN(time) ? String(value) : formatDate(new Date(time).toISOString(), locale, 'short');
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The calendar date `days` days from a `YYYY-MM-DD` argument (`2026-12-03`, 1 → `2026-12-04`), or
 * null for any other argument (an instant has no "next day" a rule would allow).
 */
function adjacentDay(value: RuleArg, days: number): string | null {
  if (typeof value !== 'string' || !CALENDAR_DATE.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) ? null : new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Translates `textOrKey` when it is a translation key, else fills `{{placeholders}}` in the text itself
 * (labels and custom messages may be either).
 */
export function translate(
  context: MessageContext,
  textOrKey: string,
  params: Record<string, string> = {},
): string {
  if (context.i18n.exists(textOrKey, { lng: context.locale })) {
    // A text that happens to name a group of keys (`home`) is not a key of a text.
    const translated: unknown = context.i18n.t(textOrKey, {
      ...params,
      lng: context.locale,
      returnObjects: true,
    });
    if (typeof translated === 'string') return translated;
  }
  return textOrKey.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, key: string) => params[key] ?? placeholder);
}

/** What a failed rule's message is made of. */
export interface FailureDescription {
  rule: ParsedRule;
  /** The rule's arguments were unusable. */
  misconfigured: boolean;
  /** The field's coerced value. */
  value: unknown;
  /** The field's display name (already translated). */
  label: string;
  /** Display names of other fields (for `require_one`). */
  labelOf: (field: string) => string;
  /** A custom message for this rule (translation key or text), from the field definition. */
  custom?: string;
  /** Current time in ms (date rules without a date). */
  now: number;
}

/** The translation key (below `forms.validation.`) and parameters of a failure. */
function messageKey(
  failure: FailureDescription,
  locale: Locale,
): { key: string; params: Record<string, string> } {
  const { rule, value, label } = failure;
  const { args } = rule;
  const params: Record<string, string> = { name: label, Name: sentence(label) };
  const variant = (key: string, extra: Record<string, string> = {}) => ({
    key,
    params: { ...params, ...extra },
  });
  switch (rule.name) {
    case 'between': {
      const [low, high] = Number(args[0]) <= Number(args[1]) ? [args[0], args[1]] : [args[1], args[0]];
      return variant('between', { min: String(low), max: String(high) });
    }
    case 'date_after':
    case 'date_before': {
      if (args[0] === undefined) return variant(`${rule.name}.now`);
      // A calendar date's first day after it / last day before it: the first / last date allowed,
      // for messages that name it (`{{first}}`, `{{last}}`).
      const edge = adjacentDay(args[0], rule.name === 'date_after' ? 1 : -1) ?? args[0];
      return variant(`${rule.name}.date`, {
        date: messageDate(args[0], locale),
        [rule.name === 'date_after' ? 'first' : 'last']: messageDate(edge, locale),
      });
    }
    case 'date_between': {
      const [start, end] = dateRange(args, failure.now);
      return variant('date_between', { start: messageDate(start, locale), end: messageDate(end, locale) });
    }
    case 'date_format':
      return typeof args[0] === 'string' && args[0] !== ''
        ? variant('date_format.format', { format: args[0] })
        : variant('date_format.invalid');
    case 'ends_with':
    case 'starts_with':
      return variant(rule.name, { list: orList(args.map(String), locale) });
    case 'length': {
      const { min, max } = lengthBounds(args)!;
      const bounds = { min: String(min), max: String(max) };
      if (min === 1 && max === Number.POSITIVE_INFINITY) return variant('length.atLeastOne', bounds);
      if (min === 0) return variant('length.max', bounds);
      if (min === max) return variant('length.exact', bounds);
      if (max === Number.POSITIVE_INFINITY) return variant('length.min', bounds);
      return variant('length.between', bounds);
    }
    case 'lowercase': {
      const set = ['allow_non_alpha', 'allow_numeric', 'allow_numeric_dashes'].includes(String(args[0]))
        ? String(args[0])
        : 'default';
      return variant(`lowercase.${set}`);
    }
    case 'max':
    case 'min': {
      const bound = String(args[0] ?? (rule.name === 'min' ? 1 : 10));
      return variant(`${rule.name}.${Array.isArray(value) ? 'list' : 'value'}`, { [rule.name]: bound });
    }
    case 'not':
      return variant('not', { value: String(value) });
    case 'require_one':
      return variant('require_one', {
        names: sentence(orList([label, ...args.map((arg) => failure.labelOf(String(arg)))], locale)),
      });
    default:
      return variant(rule.name);
  }
}

/** The message of a failed rule, in `context.locale`. */
export function failureMessage(context: MessageContext, failure: FailureDescription): string {
  const t = (key: string, params: Record<string, string>, defaultValue: string) =>
    context.i18n.t(key, { ...params, lng: context.locale, defaultValue });
  const fallback = t('forms.validation.default', {}, FALLBACK_MESSAGE);
  if (failure.misconfigured) return t('forms.validation.misconfigured', {}, fallback);
  const { key, params } = messageKey(failure, context.locale);
  if (failure.custom) return translate(context, failure.custom, params);
  return t(`forms.validation.${key}`, params, fallback);
}
