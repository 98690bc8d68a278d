/**
 * Runs a field's rules in FormKit's order (https://formkit.com/essentials/validation#rule-hints):
 * rules run in declaration order; once one fails the rest are skipped unless forced (`*`); a rule
 * is skipped while the value is empty unless it runs on empty values (`required`, `accepted`,
 * `require_one`, `iban` or the `+` hint). In the browser a debounced rule pauses the run (the caller
 * resumes it after the debounce); on the server every rule runs at once.
 */
import type { FieldMap, FormDefinition } from './form-types.ts';
import { failureMessage, type MessageContext, translate } from './messages.ts';
import type { ParsedRule } from './parse.ts';
import { isEmpty, type RuleContext, type RuleDefinitions } from './rules.ts';

/** A rule that failed, with its message in the form's language. */
export interface RuleFailure {
  rule: string;
  blocking: boolean;
  message: string;
}

/** Progress of one field's run. */
export interface RunState {
  failures: RuleFailure[];
  /** No rule has failed so far (later rules only run while this holds, unless forced). */
  passing: boolean;
  /** Index of the next rule to consider. */
  next: number;
}

/** A run that finished (`wait` 0) or paused before the debounced rule `next` for `wait` ms. */
export interface FieldRun extends RunState {
  wait: number;
}

/** Builds the message of a failed rule. */
export type DescribeFailure = (rule: ParsedRule, misconfigured: boolean) => string;

/**
 * Runs `rules` from `options.from` (default: the start).
 * @param options.definitions the rules by name (the form's `ruleDefinitions`)
 * @param options.debounce pause before a rule with a debounce (browser); false runs every rule now
 * @param options.release the paused rule at `from.next` may run now (its debounce has passed)
 */
export function runRules(
  rules: readonly ParsedRule[],
  context: RuleContext,
  describe: DescribeFailure,
  options: { definitions: RuleDefinitions; debounce: boolean; from?: RunState; release?: boolean },
): FieldRun {
  const failures = [...(options.from?.failures ?? [])];
  let passing = options.from?.passing ?? true;
  const start = options.from?.next ?? 0;
  const empty = isEmpty(context.value);
  for (let index = start; index < rules.length; index++) {
    const rule = rules[index]!;
    if (empty && rule.skipEmpty) continue;
    if (!passing && !rule.force) continue;
    if (options.debounce && rule.debounce > 0 && !(options.release && index === start)) {
      return { failures, passing, next: index, wait: rule.debounce };
    }
    const definition = options.definitions[rule.name]!;
    const misconfigured = definition.argsValid ? !definition.argsValid(rule.args) : false;
    if (misconfigured || !definition.test(context, rule.args)) {
      failures.push({ rule: rule.name, blocking: rule.blocking, message: describe(rule, misconfigured) });
      passing = false;
    }
  }
  return { failures, passing, next: rules.length, wait: 0 };
}

/** The display name of a field in messages: its `validationLabel`, else `label`, else its name. */
function fieldLabel(form: FormDefinition<FieldMap>, name: string, messages: MessageContext): string {
  const field = form.fields[name];
  const label = field?.validationLabel ?? field?.label;
  return label ? translate(messages, label) : name;
}

/** The message builder for field `name` with the given coerced value. */
export function describer(
  form: FormDefinition<FieldMap>,
  name: string,
  value: unknown,
  messages: MessageContext,
  now: number,
): DescribeFailure {
  return (rule, misconfigured) =>
    failureMessage(messages, {
      rule,
      misconfigured,
      value,
      label: fieldLabel(form, name, messages),
      labelOf: (other) => fieldLabel(form, other, messages),
      custom: form.fields[name]?.messages?.[rule.name],
      now,
    });
}

/**
 * Runs every rule of every field at once (server actions, schema checks).
 * @param values coerced values (see `coerceValues`)
 * @returns the failures per field name, only for fields with at least one
 */
export function validateValues(
  form: FormDefinition<FieldMap>,
  values: Readonly<Record<string, unknown>>,
  messages: MessageContext,
  now: number,
): Record<string, RuleFailure[]> {
  const result: Record<string, RuleFailure[]> = {};
  for (const name of form.names) {
    const context: RuleContext = { value: values[name], name, values, now };
    const run = runRules(
      form.rules[name] ?? [],
      context,
      describer(form, name, values[name], messages, now),
      { definitions: form.ruleDefinitions, debounce: false },
    );
    if (run.failures.length) result[name] = run.failures;
  }
  return result;
}
