/**
 * Which messages a field shows (docs/product.md#states), as a pure function shared by the field and
 * the form's summary:
 *
 * - the server's messages while the field still holds the value the server rejected;
 * - otherwise the browser's, once the field was blurred (checkboxes: once changed), after a submit
 *   attempt, or as soon as a field the server rejected is changed;
 * - while a debounced rule is still waiting, its previous messages only if they were already on
 *   screen (no new message appears before the rule has run).
 */
import type { FieldValidationState } from './live-validation.ts';

/** What decides a field's messages. */
export interface DisplayInput {
  state: FieldValidationState;
  /** The server's messages for the field (a rejected submit). */
  serverErrors: readonly string[] | undefined;
  /** Blurred at least once (final-form `touched`; all fields are touched by a blocked submit). */
  touched: boolean;
  /** Changed since the form was (re)initialised (final-form `modified`). */
  modified: boolean;
  /** Checkboxes show their messages once changed instead of on blur. */
  checkbox: boolean;
  /** The user tried to submit since the form was (re)initialised. */
  submitAttempted: boolean;
}

/** The messages on screen and the rules they belong to (empty rule names for server messages). */
export interface Displayed {
  messages: string[];
  rules: string[];
}

const NOTHING: Displayed = { messages: [], rules: [] };

/** The messages field shows now. */
export function displayedMessages(input: DisplayInput): Displayed {
  const { state, serverErrors } = input;
  const fromServer = serverErrors !== undefined && serverErrors.length > 0;
  if (fromServer && !input.modified) return { messages: [...serverErrors], rules: [] };
  const visible =
    input.submitAttempted ||
    input.touched ||
    (input.checkbox && input.modified) ||
    (fromServer && input.modified);
  if (!visible) return NOTHING;
  const failures = state.pending
    ? [...state.failures, ...state.stale.filter((failure) => state.shown.has(failure.rule))]
    : state.failures;
  return {
    messages: failures.map((failure) => failure.message),
    rules: failures.map((failure) => failure.rule),
  };
}
