/**
 * The built-in validation rules (docs/product.md#validation), with FormKit's names and semantics:
 * after @formkit/rules and @formkit/utils (MIT, https://github.com/formkit/formkit, packages/rules
 * and packages/utils), re-implemented here. Deviations, all deliberate: `matches` accepts
 * `/regex/flags`, `between` orders its bounds, unusable arguments (a non-numeric `min`, an invalid
 * date or pattern) fail with the "misconfigured" message instead of silently failing or passing.
 * The custom `iban` rule of docs/product.md#validation is not built in: it is in iban.ts, and the
 * forms that use it bring it (`defineForm({ fields, rules: { iban: IBAN_RULE } })`, FormKit's
 * per-form `validation-rules`), so its country table loads only with those forms.
 *
 * A rule is a pure function of the field's coerced value, the form's values and the clock; the
 * same functions run in the browser and in server actions.
 */
/** A rule argument: strings from the string syntax, any of these from the array syntax. */
export type RuleArg = string | number | boolean | RegExp | Date;

/** What a rule sees. */
export interface RuleContext {
  /** The field's coerced value (trimmed string, boolean for a single checkbox, string[] for a group). */
  value: unknown;
  /** The field's name. */
  name: string;
  /** All coerced values of the form, by field name. */
  values: Readonly<Record<string, unknown>>;
  /** Current time, ms since the epoch (date rules without a date compare with it). */
  now: number;
}

/** A rule and its default hints (FormKit's rule properties `skipEmpty`, `blocking`, `debounce`, `force`). */
export interface RuleDefinition {
  /** True when the value passes. */
  test: (context: RuleContext, args: readonly RuleArg[]) => boolean;
  /** False when the arguments are unusable; the rule then fails with the "misconfigured" message. */
  argsValid?: (args: readonly RuleArg[]) => boolean;
  /** Other fields the rule reads (the field is validated again when they change). */
  dependsOn?: (name: string, args: readonly RuleArg[]) => string[];
  /** Skip the rule while the value is empty (default true). */
  skipEmpty?: boolean;
  /** A failure blocks submitting (default true). */
  blocking?: boolean;
  /** Wait this many ms after the last change before running (browser only; default 0). */
  debounce?: number;
  /** Run even when an earlier rule failed (default false). */
  force?: boolean;
}

/** Rules by name: the built-in `RULES`, plus a form's own (see `defineForm`). */
export type RuleDefinitions = Readonly<Record<string, RuleDefinition>>;

/**
 * FormKit's `empty()`: undefined, null, `''`, `[]` and `{}` are empty; `false`, `0`, dates and
 * regular expressions are not (so an unchecked single checkbox, `false`, is not empty).
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date || value instanceof RegExp) return false;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** True for a finite number or a string that converts to one (`'12'`, `'-1.5'`, `'1e3'`). */
function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

/** Milliseconds since the epoch of a date, number or date string (`Date.parse`), NaN when invalid. */
export function toTime(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Date.parse(value);
  return Number.NaN;
}

const REGEX_LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * The pattern of a `matches` argument: a RegExp, a `/pattern/flags` string, or null for a plain
 * string (compared for equality).
 * @throws SyntaxError when the `/pattern/flags` string is not a valid regular expression
 */
function toRegExp(arg: RuleArg): RegExp | null {
  if (arg instanceof RegExp) return new RegExp(arg.source, arg.flags.replace(/[gy]/g, ''));
  if (typeof arg !== 'string') return null;
  const literal = REGEX_LITERAL.exec(arg);
  if (!literal) return null;
  // `g` and `y` make `test()` stateful; a match test needs neither.
  return new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, ''));
}

/**
 * FormKit's `regexForFormat`: a pattern for a date format with the tokens `YYYY`, `YY`, `MM`,
 * `M`, `DD` and `D` (`MM/DD/YYYY` matches `12/31/2026`); other characters match themselves.
 */
function regexForFormat(format: string): RegExp {
  const tokens: Record<string, string> = {
    YYYY: '\\d{4}',
    YY: '\\d{2}',
    MM: '(?:0[1-9]|1[0-2])',
    M: '(?:0?[1-9]|1[0-2])',
    DD: '(?:0[1-9]|[12]\\d|3[01])',
    D: '(?:0?[1-9]|[12]\\d|3[01])',
  };
  const source = format
    .split(/(YYYY|YY|MM|M|DD|D)/)
    .map((part) => tokens[part] ?? part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Min and max length of a `length` rule (FormKit: `length:min,max`, max defaults to Infinity). */
export function lengthBounds(args: readonly RuleArg[]): { min: number; max: number } | null {
  const first = args[0] === undefined ? 0 : Number.parseInt(String(args[0]), 10);
  const parsedSecond = args[1] === undefined ? Number.NaN : Number.parseInt(String(args[1]), 10);
  const second = Number.isNaN(parsedSecond) ? Number.POSITIVE_INFINITY : parsedSecond;
  if (Number.isNaN(first)) return null;
  return { min: Math.min(first, second), max: Math.max(first, second) };
}

/** The other field a `confirm` rule compares with: its argument, else `x` ↔ `x_confirm`. */
function confirmTarget(name: string, args: readonly RuleArg[]): string {
  const explicit = args[0];
  if (typeof explicit === 'string' && explicit !== '') return explicit;
  const suffix = /_confirm(?:ed)?$/;
  return suffix.test(name) ? name.replace(suffix, '') : `${name}_confirm`;
}

/** Start and end (ms) of a `date_between` rule; one date means "from now until that date". */
export function dateRange(args: readonly RuleArg[], now: number): [number, number] {
  if (args.length === 1) return [now, toTime(args[0])];
  return [toTime(args[0]), toTime(args[1])];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));
const optionalNumber = (args: readonly RuleArg[]) => args[0] === undefined || isNumeric(args[0]);
const optionalDate = (args: readonly RuleArg[]) => args[0] === undefined || !Number.isNaN(toTime(args[0]));
const SYMBOLS = '!-/:-@[-`{-~';

/** A rule testing the whole value (`^…$`) or part of it against a named character set. */
function charset(sets: Record<string, RegExp>): RuleDefinition {
  return {
    test: ({ value }, args) => {
      const set = typeof args[0] === 'string' && Object.hasOwn(sets, args[0]) ? args[0] : 'default';
      return sets[set]!.test(text(value));
    },
  };
}

/** Every built-in rule, by name. */
export const RULES: RuleDefinitions = {
  accepted: {
    skipEmpty: false,
    test: ({ value }) => ['yes', 'on', '1', 1, true, 'true'].includes(value as string),
  },
  alpha: charset({ default: /^\p{L}+$/u, latin: /^[a-z]+$/i }),
  alpha_spaces: charset({ default: /^[\p{L} ]+$/u, latin: /^[a-z ]+$/i }),
  alphanumeric: charset({ default: /^[0-9\p{L}]+$/u, latin: /^[0-9a-z]+$/i }),
  between: {
    argsValid: (args) => isNumeric(args[0]) && isNumeric(args[1]),
    test: ({ value }, args) => {
      if (!isNumeric(value)) return false;
      const [a, b] = [Number(args[0]), Number(args[1])];
      const number = Number(value);
      return number >= Math.min(a, b) && number <= Math.max(a, b);
    },
  },
  confirm: {
    dependsOn: (name, args) => [confirmTarget(name, args)],
    test: ({ value, values, name }, args) => {
      const other = values[confirmTarget(name, args)];
      if (args[1] === 'strict') return value === other;
      return value === other || (value != null && other != null && String(value) === String(other));
    },
  },
  contains_alpha: charset({ default: /\p{L}/u, latin: /[a-z]/i }),
  contains_alpha_spaces: charset({ default: /[\p{L} ]/u, latin: /[a-z ]/i }),
  contains_alphanumeric: charset({ default: /[0-9\p{L}]/u, latin: /[0-9a-z]/i }),
  contains_lowercase: charset({ default: /\p{Ll}/u, latin: /[a-z]/ }),
  contains_numeric: charset({ default: /[0-9]/ }),
  contains_symbol: charset({ default: new RegExp(`[${SYMBOLS}]`) }),
  contains_uppercase: charset({ default: /\p{Lu}/u, latin: /[A-Z]/ }),
  date_after: {
    argsValid: optionalDate,
    test: ({ value, now }, args) => toTime(value) > (args[0] === undefined ? now : toTime(args[0])),
  },
  date_before: {
    argsValid: optionalDate,
    test: ({ value, now }, args) => toTime(value) < (args[0] === undefined ? now : toTime(args[0])),
  },
  date_between: {
    argsValid: (args) => args.length > 0 && args.every((arg) => !Number.isNaN(toTime(arg))),
    test: ({ value, now }, args) => {
      const [start, end] = dateRange(args, now);
      const time = toTime(value);
      return time >= start && time <= end;
    },
  },
  date_format: {
    test: ({ value }, args) =>
      typeof args[0] === 'string' && args[0] !== ''
        ? regexForFormat(args[0]).test(text(value))
        : !Number.isNaN(toTime(text(value))),
  },
  email: {
    test: ({ value }) =>
      /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@(([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{2,})$/i.test(
        text(value),
      ),
  },
  ends_with: {
    test: ({ value }, args) =>
      typeof value === 'string' && (args.length === 0 || args.some((arg) => value.endsWith(String(arg)))),
  },
  is: {
    test: ({ value }, args) => args.some((arg) => String(arg) === text(value)),
  },
  length: {
    argsValid: (args) => lengthBounds(args) !== null,
    test: ({ value }, args) => {
      const { min, max } = lengthBounds(args)!;
      let size: number;
      if (typeof value === 'string' || Array.isArray(value)) size = value.length;
      else if (value && typeof value === 'object') size = Object.keys(value).length;
      else return false;
      return size >= min && size <= max;
    },
  },
  lowercase: charset({
    default: /^\p{Ll}+$/u,
    allow_non_alpha: new RegExp(`^[0-9\\p{Ll}${SYMBOLS}]+$`, 'u'),
    allow_numeric: /^[0-9\p{Ll}]+$/u,
    allow_numeric_dashes: /^[0-9\p{Ll}-]+$/u,
    latin: /^[a-z]+$/,
  }),
  matches: {
    argsValid: (args) =>
      args.length > 0 &&
      args.every((arg) => {
        try {
          toRegExp(arg);
          return true;
        } catch {
          return false;
        }
      }),
    test: ({ value }, args) =>
      args.some((arg) => {
        const pattern = toRegExp(arg);
        return pattern ? pattern.test(text(value)) : String(arg) === text(value);
      }),
  },
  max: {
    argsValid: optionalNumber,
    test: ({ value }, args) => {
      const max = args[0] === undefined ? 10 : Number(args[0]);
      return Array.isArray(value) ? value.length <= max : isNumeric(value) && Number(value) <= max;
    },
  },
  min: {
    argsValid: optionalNumber,
    test: ({ value }, args) => {
      const min = args[0] === undefined ? 1 : Number(args[0]);
      return Array.isArray(value) ? value.length >= min : isNumeric(value) && Number(value) >= min;
    },
  },
  not: {
    test: ({ value }, args) => !args.some((arg) => arg === value || String(arg) === value),
  },
  number: {
    test: ({ value }) => isNumeric(value),
  },
  require_one: {
    skipEmpty: false,
    dependsOn: (_name, args) => args.map(String),
    test: ({ value, values }, args) => !isEmpty(value) || args.some((arg) => !isEmpty(values[String(arg)])),
  },
  required: {
    skipEmpty: false,
    test: ({ value }, args) =>
      args[0] === 'trim' && typeof value === 'string' ? value.trim() !== '' : !isEmpty(value),
  },
  starts_with: {
    test: ({ value }, args) =>
      typeof value === 'string' && (args.length === 0 || args.some((arg) => value.startsWith(String(arg)))),
  },
  symbol: charset({ default: new RegExp(`^[${SYMBOLS}]+$`) }),
  uppercase: charset({ default: /^\p{Lu}+$/u, latin: /^[A-Z]+$/ }),
  url: {
    test: ({ value }, args) => {
      const protocols = args.length
        ? args.map((arg) => (String(arg).endsWith(':') ? String(arg) : `${String(arg)}:`))
        : ['http:', 'https:'];
      try {
        return protocols.includes(new URL(text(value)).protocol);
      } catch {
        return false;
      }
    },
  },
};
