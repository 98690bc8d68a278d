/**
 * Browser validation of one form instance, feeding react-final-form (docs/product.md#states).
 *
 * `validator(name)` is the field-level validator given to final-form: it coerces the form's values
 * like the server does, runs the field's rules and returns the messages of failed *blocking*
 * rules, so final-form refuses to submit exactly when a blocking rule fails. A debounced rule
 * (`(20)+iban`) makes the validator return a promise that settles after the debounce; final-form
 * marks the field as validating meanwhile, waits for it on submit and ignores superseded runs.
 *
 * Every failure, blocking or not, is kept in this store for display (`get(name)`), which React reads
 * with `useSyncExternalStore`. While a debounced rule is pending, the failures of that rule and the
 * ones after it from the previous run are kept as `stale`: a field keeps showing those it already
 * showed (`markShown`) until the rule has run, and does not show new ones early.
 */
import { coerceValues, type FieldMap, type FormDefinition } from './define-form.ts';
import { describer, type RuleFailure, type RunState, runRules } from './engine.ts';
import type { MessageContext } from './messages.ts';
import type { RuleContext } from './rules.ts';

/** What a field's display knows about its validation. */
export interface FieldValidationState {
  /** Failures of the rules that have run, in rule order. */
  failures: readonly RuleFailure[];
  /** A debounced rule is waiting to run. */
  pending: boolean;
  /** While pending: the previous run's failures of the waiting rule and the rules after it. */
  stale: readonly RuleFailure[];
  /** Rules whose messages the field displayed last. */
  shown: ReadonlySet<string>;
}

/** The state of a field that has not been validated. */
export const EMPTY_FIELD_STATE: FieldValidationState = Object.freeze({
  failures: [],
  pending: false,
  stale: [],
  shown: new Set<string>(),
});

/** Result handed to final-form: messages of failed blocking rules, or undefined. */
type BlockingResult = string[] | undefined;

interface Run {
  key: string;
  result: BlockingResult | Promise<BlockingResult>;
  timer?: ReturnType<typeof setTimeout>;
  settle?: (result: BlockingResult) => void;
}

/** The field-level validator signature of final-form. */
export type FieldValidator = (value: unknown, allValues: object) => BlockingResult | Promise<BlockingResult>;

/** Validation state of one form in the browser. */
export class LiveValidation {
  private readonly states = new Map<string, FieldValidationState>();
  private readonly runs = new Map<string, Run>();
  private readonly validators = new Map<string, FieldValidator>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /**
   * @param options.debounce honour rule debounces (false runs every rule at once, e.g. without timers)
   * @param options.now clock in ms (tests)
   */
  constructor(
    private readonly form: FormDefinition<FieldMap>,
    private readonly messages: MessageContext,
    private readonly options: { debounce?: boolean; now?: () => number } = {},
  ) {}

  /** Subscribes to state changes; returns the unsubscribe function (`useSyncExternalStore`). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A number that changes whenever any field's state changes (`useSyncExternalStore` snapshot). */
  getVersion = (): number => this.version;

  /** The current state of field `name` (a stable object until it changes). */
  get(name: string): FieldValidationState {
    return this.states.get(name) ?? EMPTY_FIELD_STATE;
  }

  /** The final-form validator of field `name` (one stable function per field). */
  validator(name: string): FieldValidator {
    let validator = this.validators.get(name);
    if (!validator) {
      validator = (_value, allValues) => this.validate(name, allValues as Record<string, unknown>);
      this.validators.set(name, validator);
    }
    return validator;
  }

  /** Records which rules' messages field `name` displays (for the stale-message rule). */
  markShown(name: string, rules: readonly string[]): void {
    const state = this.get(name);
    if (state.shown.size === rules.length && rules.every((rule) => state.shown.has(rule))) return;
    this.set(name, { ...state, shown: new Set(rules) });
  }

  /** Cancels waiting rules (unmount); the next validation starts afresh. */
  dispose(): void {
    for (const run of this.runs.values()) {
      clearTimeout(run.timer);
      run.settle?.(undefined);
    }
    this.runs.clear();
  }

  private set(name: string, state: FieldValidationState): void {
    this.states.set(name, state);
    this.version++;
    for (const listener of this.listeners) listener();
  }

  private validate(
    name: string,
    rawValues: Record<string, unknown>,
  ): BlockingResult | Promise<BlockingResult> {
    const values = coerceValues(this.form, rawValues) as Record<string, unknown>;
    const key = JSON.stringify(this.form.dependencies[name]?.map((field) => values[field]) ?? []);
    const previousRun = this.runs.get(name);
    // final-form validates every field on every change; only rerun when the inputs changed.
    if (previousRun?.key === key) return previousRun.result;
    if (previousRun) {
      clearTimeout(previousRun.timer);
      // Superseded: final-form ignores this result, it only needs the promise to settle.
      previousRun.settle?.(undefined);
    }
    const now = this.options.now?.() ?? Date.now();
    const context: RuleContext = { value: values[name], name, values, now };
    const rules = this.form.rules[name] ?? [];
    const describe = describer(this.form, name, values[name], this.messages, now);
    const debounce = this.options.debounce ?? true;
    const previous = this.get(name);
    const definitions = this.form.ruleDefinitions;
    const first = runRules(rules, context, describe, { definitions, debounce });
    const run: Run = { key, result: undefined };
    this.runs.set(name, run);

    const finish = (state: RunState): BlockingResult => {
      this.set(name, { failures: state.failures, pending: false, stale: [], shown: this.get(name).shown });
      const blocking = state.failures.filter((failure) => failure.blocking).map((failure) => failure.message);
      return blocking.length ? blocking : undefined;
    };
    if (first.wait === 0) {
      run.result = finish(first);
      return run.result;
    }

    const pendingRules = new Set(rules.slice(first.next).map((rule) => rule.name));
    const stale = [...previous.failures, ...previous.stale].filter((failure) =>
      pendingRules.has(failure.rule),
    );
    this.set(name, { failures: first.failures, pending: true, stale, shown: previous.shown });
    run.result = new Promise<BlockingResult>((resolve) => {
      run.settle = resolve;
      const resume = (paused: RunState, wait: number) => {
        run.timer = setTimeout(() => {
          if (this.runs.get(name) !== run) return;
          const next = runRules(rules, context, describe, {
            definitions,
            debounce,
            from: paused,
            release: true,
          });
          if (next.wait > 0) {
            this.set(name, { ...this.get(name), failures: next.failures });
            resume(next, next.wait);
            return;
          }
          const result = finish(next);
          run.result = result;
          run.settle = undefined;
          resolve(result);
        }, wait);
      };
      resume(first, first.wait);
    });
    return run.result;
  }
}
