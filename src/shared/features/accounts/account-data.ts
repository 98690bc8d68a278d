/**
 * What the account actions answer and the account pages read. A rejected submit sends
 * the form's values (never passwords) and messages (`FormActionData`), plus an auth error code the
 * page translates; a finished step names what happened (`done`), so the page can confirm it.
 */
import type { FormActionData } from '../../forms/validate-form.ts';
import type { AuthErrorCode } from './auth-errors.ts';

/** Steps a page confirms after a submit or a redirect (`?status=…`). */
export const ACCOUNT_NOTICES = [
  'registered',
  'confirmation-sent',
  'reset-sent',
  'invitation-sent',
  'password-changed',
  'password-reset',
  'email-confirmed',
  'activated',
  'welcome',
  'logged-out',
  'logged-out-everywhere',
  'account-deleted',
  'name-changed',
  'email-change-sent',
  'email-changed',
  'newsletter-check-mail',
  'newsletter-unsubscribed',
] as const;

/** One confirmed step. */
export type AccountNotice = (typeof ACCOUNT_NOTICES)[number];

/** True when `value` is one of {@link ACCOUNT_NOTICES} (for `?status=` in a URL). */
export function isAccountNotice(value: unknown): value is AccountNotice {
  return typeof value === 'string' && (ACCOUNT_NOTICES as readonly string[]).includes(value);
}

/** The answer of an account action. */
export interface AccountActionData extends Partial<FormActionData> {
  /** Which form of the page answered (pages with several forms). */
  form?: string;
  /** Why the submit failed. */
  error?: AuthErrorCode;
  /** What the submit did. */
  done?: AccountNotice;
  /** The address a confirmation names ("we sent an e-mail to …"). */
  email?: string;
}
