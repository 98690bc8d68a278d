/**
 * Building blocks of the account pages: the centred card the forms sit in, the alert
 * that shows an auth error code or a confirmed step in the visitor's language, and the hidden
 * inputs that carry a one-time code or the return path through a form post.
 */
import './accounts.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountNotice } from './account-data.ts';
import type { AuthErrorCode } from './auth-errors.ts';

/** The page frame of an account page: heading, optional intro and the content in a card. */
export function AccountCard({
  title,
  intro,
  children,
  aside,
  wide,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (to the other account pages). */
  aside?: ReactNode;
  /** The account overview uses a wider column. */
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'account-page account-page--wide container' : 'account-page container'}>
      <header className="account-page__header">
        <h1>{title}</h1>
        {intro ? <p className="account-page__intro">{intro}</p> : null}
      </header>
      <div className="account-card">{children}</div>
      {aside ? <div className="account-page__aside">{aside}</div> : null}
    </div>
  );
}

/** The message of an auth error code (role `alert`: read out as soon as it appears). */
export function AuthError({
  code,
  children,
}: {
  code: AuthErrorCode | null | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <div className="account-alert account-alert--error" role="alert" data-error-code={code}>
      <p>{t(`accounts.errors.${code}`)}</p>
      {children}
    </div>
  );
}

/** Confirmation of a finished step (role `status`). */
export function AccountNoticeMessage({
  notice,
  email,
  children,
}: {
  notice: AccountNotice | null | undefined;
  email?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className="account-alert account-alert--success" role="status" data-notice={notice}>
      <p>{t(`accounts.notices.${notice}`, { email: email ?? '' })}</p>
      {children}
    </div>
  );
}

/** A hidden input, rendered only when there is a value. */
export function HiddenValue({ name, value }: { name: string; value: string | null | undefined }) {
  return value ? <input type="hidden" name={name} value={value} /> : null;
}
