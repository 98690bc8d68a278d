/**
 * Outcomes of the newsletter's token pages and their query values: the confirm and
 * unsubscribe actions redirect to `?resultaat=<value>` so a reload or a link checker never repeats
 * the change and the token leaves the address bar.
 */

/** Outcome of `/nieuwsbrief/bevestigen` (also the translation key below `newsletter.confirm.`). */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid' | 'expired' | 'unavailable';

/** Outcome of `/nieuwsbrief/afmelden` (translation key below `newsletter.unsubscribe.`). */
export type UnsubscribeOutcome = 'unsubscribed' | 'already-unsubscribed' | 'invalid';

/** `?resultaat=` values of the confirm page. */
export const CONFIRM_RESULTS: Readonly<Record<string, Exclude<ConfirmOutcome, 'unavailable'>>> = {
  bevestigd: 'confirmed',
  'al-bevestigd': 'already-confirmed',
  ongeldig: 'invalid',
  verlopen: 'expired',
};

/** `?resultaat=` values of the unsubscribe page. */
export const UNSUBSCRIBE_RESULTS: Readonly<Record<string, UnsubscribeOutcome>> = {
  afgemeld: 'unsubscribed',
  'al-afgemeld': 'already-unsubscribed',
  ongeldig: 'invalid',
};

/**
 * The `?resultaat=` value of an outcome.
 * @throws Error when the table has no value for the outcome (a programming error)
 */
export function resultValue(table: Readonly<Record<string, string>>, outcome: string): string {
  const entry = Object.entries(table).find(([, value]) => value === outcome);
  if (!entry) throw new Error(`No result value for outcome "${outcome}"`);
  return entry[0];
}

/** Loader data of `/nieuwsbrief`. */
export interface NewsletterPageData {
  /** An address was just signed up (`?aangemeld=1`). */
  signedUp: boolean;
  /** The form's idempotency key (src/shared/forms/idempotency-key.ts); null when no form shows. */
  idempotencyKey: string | null;
}

/** Loader data of `/nieuwsbrief/bevestigen`. */
export interface NewsletterConfirmData {
  outcome: ConfirmOutcome;
}

/** Loader data of `/nieuwsbrief/afmelden`: ask (with the link's token) or an outcome. */
export type NewsletterUnsubscribeData =
  | { state: 'ask'; token: string }
  | { state: UnsubscribeOutcome; token: null };
