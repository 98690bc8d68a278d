/**
 * Parses FormKit-style validation declarations (https://formkit.com/essentials/validation, MIT):
 *
 * - string syntax: rules separated by `|`, arguments after `:` separated by `,`:
 *   `required|length:5,100|matches:/^[A-Z]/i` (a `/pattern/flags` argument may contain `|` and `,`);
 * - array syntax: `[['required'], ['matches', /^\d{4}$/], ['+iban']]` (arguments of any type).
 *
 * Rule hints before the name change a rule's defaults: `*` force (run even after an earlier rule
 * failed), `+` run on an empty value, `?` non-blocking, `(200)` debounce in ms; e.g. `(20)+iban`.
 * One hint is the portal's own (FormKit has no way to switch it off): `-` skips a rule while the
 * value is empty, the opposite of `+`, for rules that run on empty values by default — `-iban` on
 * an optional IBAN field ("leave empty to keep the stored account", docs/decisions/040).
 */
import { RULES, type RuleArg, type RuleDefinitions } from './rules.ts';

/** One rule in the array syntax: its (hinted) name, then its arguments. */
export type RuleIntent = readonly [string, ...RuleArg[]];

/** A field's validation declaration. */
export type ValidationSpec = string | readonly RuleIntent[];

/** A rule ready to run. */
export interface ParsedRule {
  name: string;
  args: readonly RuleArg[];
  /** A failure blocks submitting. */
  blocking: boolean;
  /** Browser debounce in ms (0: run at once). */
  debounce: number;
  /** Run even when an earlier rule failed. */
  force: boolean;
  /** Skip while the value is empty. */
  skipEmpty: boolean;
}

const HINTED_NAME = /^((?:[*+?-]|\(\d+\))*)([a-zA-Z][a-zA-Z0-9_]*)$/;

/**
 * Splits `text` at `separator`, except inside `/pattern/flags` arguments. A pattern starts with a
 * `/` where `startsArgument(current)` says an argument begins.
 */
function splitOutsidePatterns(
  text: string,
  separator: string,
  startsArgument: (current: string) => boolean,
): string[] {
  const parts: string[] = [];
  let current = '';
  let inPattern = false;
  let inClass = false;
  let escaped = false;
  for (const char of text) {
    if (inPattern) {
      current += char;
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      else if (char === '/' && !inClass) inPattern = false;
      continue;
    }
    if (char === '/' && startsArgument(current)) {
      inPattern = true;
      current += char;
    } else if (char === separator) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  // An argument that opens a pattern but never closes it was no pattern after all.
  return inPattern ? text.split(separator) : parts;
}

/** `length:5,100` → `['length', '5', '100']`. */
function parseRuleText(ruleText: string): RuleIntent | null {
  const trimmed = ruleText.trim();
  if (!trimmed) return null;
  const colon = trimmed.indexOf(':');
  if (colon === -1) return [trimmed];
  const args = splitOutsidePatterns(trimmed.slice(colon + 1), ',', (current) => current.trim() === '').map(
    (arg) => arg.trim(),
  );
  return [trimmed.slice(0, colon).trim(), ...args];
}

/** Splits the string syntax into rule intents. */
export function extractRules(spec: string): RuleIntent[] {
  return splitOutsidePatterns(spec, '|', (current) => /[:,]\s*$/.test(current))
    .map(parseRuleText)
    .filter((intent): intent is RuleIntent => intent !== null);
}

/**
 * Turns a declaration into rules with their hints applied.
 * @param definitions the rules it may name (default: the built-in ones)
 * @throws Error for an unknown rule name or malformed hints (a programming error in a form definition)
 */
export function parseValidation(
  spec: ValidationSpec | undefined,
  definitions: RuleDefinitions = RULES,
): ParsedRule[] {
  if (!spec) return [];
  const intents = typeof spec === 'string' ? extractRules(spec) : spec;
  return intents.map(([hintedName, ...args]) => {
    const match = HINTED_NAME.exec(hintedName.trim());
    if (!match) throw new Error(`Invalid validation rule "${hintedName}"`);
    const [, hints = '', name = ''] = match;
    const definition = definitions[name];
    if (!definition) throw new Error(`Unknown validation rule "${name}"`);
    const rule: ParsedRule = {
      name,
      args,
      blocking: definition.blocking ?? true,
      debounce: definition.debounce ?? 0,
      force: definition.force ?? false,
      skipEmpty: definition.skipEmpty ?? true,
    };
    for (const hint of hints.match(/[*+?-]|\(\d+\)/g) ?? []) {
      if (hint === '*') rule.force = true;
      else if (hint === '+') rule.skipEmpty = false;
      else if (hint === '-') rule.skipEmpty = true;
      else if (hint === '?') rule.blocking = false;
      else rule.debounce = Number.parseInt(hint.slice(1, -1), 10);
    }
    return rule;
  });
}
