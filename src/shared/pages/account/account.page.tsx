/**
 * `/account`: the signed-in user's profile (e-mail address, status, member since),
 * changing the password, sending the confirmation e-mail again (unconfirmed accounts), inviting a
 * colleague, logging out, and logging out everywhere (every session of the account ends,
 * docs/decisions/049-sessions-that-end.md). Every form also works without JavaScript.
 */

import { useTranslation } from 'react-i18next';
import { Form, useActionData, useLoaderData } from 'react-router';
import type { AccountActionData, AccountNotice } from '../../features/accounts/account-data.ts';
import { changePasswordForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AccountNoticeMessage, AuthError } from '../../features/accounts/account-ui.tsx';
import { type MyRegistration, MyRegistrations } from '../../features/registrations/my-registrations.tsx';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { type PublicUser, useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the account page. */
export interface AccountData {
  profile: PublicUser & { createdAt: string | null; provider: string };
  /** Step confirmed by `?status=` (after a redirect). */
  notice: AccountNotice | null;
  /** The user's event registrations, or null when the CMS could not answer. */
  myRegistrations: MyRegistration[] | null;
}

/** The log-out form (a POST, so a link prefetch can never log anybody out). */
function LogoutForm({ className, label }: { className?: string; label: string }) {
  const locale = useLocale();
  return (
    <Form method="post" action={localizePath('/account', locale)} className={className}>
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}

export function AccountPage() {
  const { profile, notice, myRegistrations } = useLoaderData() as AccountData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const locale = useLocale();
  const passwordAction = action?.form === 'password' ? action : undefined;
  const confirmationAction = action?.form === 'confirmation' ? action : undefined;
  const sessionsAction = action?.form === 'sessions' ? action : undefined;
  return (
    <AccountCard
      wide
      title={t('accounts.account.title')}
      intro={t('accounts.account.intro', { email: profile.email })}
    >
      <Seo
        title={t('accounts.account.title')}
        description={t('accounts.account.description')}
        path="/account"
        noindex
      />
      <AccountNoticeMessage notice={action ? null : notice} email={profile.email} />
      <div className="account-overview">
        <section className="account-section" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('accounts.account.profile')}</h2>
          <dl className="account-profile">
            <dt>{t('accounts.fields.email')}</dt>
            <dd className="account-email" data-testid="account-email">
              {profile.email}
            </dd>
            {profile.username !== profile.email ? (
              <>
                <dt>{t('accounts.account.username')}</dt>
                <dd>{profile.username}</dd>
              </>
            ) : null}
            <dt>{t('accounts.account.status')}</dt>
            <dd>
              {profile.confirmed ? (
                <span className="account-badge">{t('accounts.account.confirmed')}</span>
              ) : (
                <span className="account-badge account-badge--warning">
                  {t('accounts.account.notConfirmed')}
                </span>
              )}
            </dd>
            {profile.createdAt ? (
              <>
                <dt>{t('accounts.account.memberSince')}</dt>
                <dd>{formatDate(profile.createdAt, locale)}</dd>
              </>
            ) : null}
            {profile.provider !== 'local' ? (
              <>
                <dt>{t('accounts.account.signInWith')}</dt>
                <dd>{profile.provider}</dd>
              </>
            ) : null}
          </dl>
        </section>

        {profile.confirmed ? null : (
          <section className="account-section" aria-labelledby="account-confirmation">
            <h2 id="account-confirmation">{t('accounts.account.resendTitle')}</h2>
            <p className="account-section__intro">{t('accounts.account.resendIntro')}</p>
            <AuthError code={confirmationAction?.error} />
            {confirmationAction?.done ? (
              <AccountNoticeMessage notice={confirmationAction.done} email={confirmationAction.email} />
            ) : (
              <Form method="post" className="account-inline-form">
                <input type="hidden" name="intent" value="resend-confirmation" />
                <button type="submit" className="button button--secondary">
                  {t('accounts.account.resendSubmit')}
                </button>
              </Form>
            )}
          </section>
        )}

        {profile.provider === 'local' ? (
          <section className="account-section" aria-labelledby="account-password">
            <h2 id="account-password">{t('accounts.account.changePassword')}</h2>
            <AuthError code={passwordAction?.error} />
            <PortalForm
              form={changePasswordForm}
              id="change-password"
              serverErrors={passwordAction?.errors}
              serverValues={passwordAction?.values}
              submitLabel="accounts.account.changePasswordSubmit"
            >
              <input type="hidden" name="intent" value="change-password" />
              <input type="hidden" name="username" value={profile.email} autoComplete="username" />
              <TextField name="current_password" />
              <TextField name="password" />
              <TextField name="password_confirm" />
            </PortalForm>
          </section>
        ) : null}

        <MyRegistrations registrations={myRegistrations} className="account-section" />

        <section className="account-section" aria-labelledby="account-invite">
          <h2 id="account-invite">{t('accounts.account.inviteTitle')}</h2>
          <p className="account-section__intro">{t('accounts.account.inviteIntro')}</p>
          <p>
            <AppLink to="/uitnodiging" className="button button--secondary">
              {t('accounts.nav.invite')}
            </AppLink>
          </p>
        </section>

        <section className="account-section" aria-labelledby="account-logout">
          <h2 id="account-logout">{t('accounts.account.logoutTitle')}</h2>
          <p className="account-section__intro">{t('accounts.account.logoutIntro')}</p>
          <LogoutForm className="account-inline-form account-logout" label={t('accounts.nav.logout')} />
        </section>

        <section className="account-section" aria-labelledby="account-logout-everywhere">
          <h2 id="account-logout-everywhere">{t('accounts.account.logoutEverywhereTitle')}</h2>
          <p className="account-section__intro">{t('accounts.account.logoutEverywhereIntro')}</p>
          <AuthError code={sessionsAction?.error} />
          <Form method="post" className="account-inline-form account-logout-everywhere">
            <input type="hidden" name="intent" value="logout-everywhere" />
            <button type="submit" className="button button--secondary">
              {t('accounts.account.logoutEverywhereSubmit')}
            </button>
          </Form>
        </section>
      </div>
    </AccountCard>
  );
}
