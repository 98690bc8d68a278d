/**
 * `/account`: the signed-in user's profile (name, e-mail address, status, member since), changing
 * the name and the e-mail address (confirmed by a link to the new address), the newsletter,
 * changing the password, sending the confirmation e-mail again (unconfirmed accounts), inviting a
 * colleague, logging out, logging out everywhere (every session of the account ends,
 * docs/decisions/049-sessions-that-end.md), downloading what is held about the account as JSON and
 * deleting the account (docs/personal-data.md).
 * Every form also works without JavaScript.
 */

import { useTranslation } from 'react-i18next';
import { Form, useActionData, useLoaderData } from 'react-router';
import type { AccountActionData, AccountNotice } from '../../features/accounts/account-data.ts';
import {
  accountNewsletterForm,
  changePasswordForm,
  deleteAccountForm,
  deleteProviderAccountForm,
  emailChangeForm,
  emailChangeProviderForm,
  nameForm,
} from '../../features/accounts/account-forms.ts';
import { AccountCard, AccountNoticeMessage, AuthError } from '../../features/accounts/account-ui.tsx';
import type { AuthErrorCode } from '../../features/accounts/auth-errors.ts';
import { type MyRegistration, MyRegistrations } from '../../features/registrations/my-registrations.tsx';
import { Checkbox, TextField } from '../../forms/fields.tsx';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { type PublicUser, useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the account page. */
export interface AccountData {
  profile: PublicUser & { createdAt: string | null; provider: string; fullName: string | null };
  /** Step confirmed by `?status=` (after a redirect). */
  notice: AccountNotice | null;
  /** The user's event registrations, or null when the CMS could not answer. */
  myRegistrations: MyRegistration[] | null;
  /** The pending e-mail change and the newsletter state, or null when the CMS could not answer. */
  own: {
    pendingEmail: string | null;
    newsletter: { state: string; topics: string[] } | null;
  } | null;
  /** Why the link of an e-mail change (`?email-wijziging=`) was refused, if it was. */
  emailChangeError: AuthErrorCode | null;
  /** The idempotency keys of the e-mail change and newsletter forms (decision 093). */
  keys: { email: string; newsletter: string };
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

/**
 * "Account verwijderen": what is deleted and what is kept (docs/personal-data.md), and the
 * password again (an account of an external provider types its e-mail address).
 */
function DeleteAccountSection({
  profile,
  action,
}: {
  profile: AccountData['profile'];
  action: AccountActionData | undefined;
}) {
  const { t } = useTranslation();
  const local = profile.provider === 'local';
  return (
    <section className="account-section account-delete" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('accounts.account.deleteTitle')}</h2>
      <p className="account-section__intro">{t('accounts.account.deleteIntro')}</p>
      <h3>{t('accounts.account.deleteGoesTitle')}</h3>
      <ul>
        <li>{t('accounts.account.deleteGoesAccount')}</li>
        <li>{t('accounts.account.deleteGoesRegistrations')}</li>
        <li>{t('accounts.account.deleteGoesVacancies')}</li>
        <li>{t('accounts.account.deleteGoesSubscriptions')}</li>
      </ul>
      <h3>{t('accounts.account.deleteStaysTitle')}</h3>
      <ul>
        <li>{t('accounts.account.deleteStaysOrders')}</li>
        <li>{t('accounts.account.deleteStaysInvoices')}</li>
      </ul>
      <p>
        <AppLink to="/privacy">{t('accounts.account.deleteMoreInfo')}</AppLink>
      </p>
      {local ? null : <p>{t('accounts.account.deleteProviderIntro', { provider: profile.provider })}</p>}
      <AuthError code={action?.error} />
      {local ? (
        <PortalForm
          form={deleteAccountForm}
          id="delete-account"
          serverErrors={action?.errors}
          serverValues={action?.values}
          submitLabel="accounts.account.deleteSubmit"
          submitTone="danger"
        >
          <input type="hidden" name="intent" value="delete-account" />
          <input type="hidden" name="username" value={profile.email} autoComplete="username" />
          <TextField name="password" />
        </PortalForm>
      ) : (
        <PortalForm
          form={deleteProviderAccountForm}
          id="delete-account"
          serverErrors={action?.errors}
          serverValues={action?.values}
          submitLabel="accounts.account.deleteSubmit"
          submitTone="danger"
        >
          <input type="hidden" name="intent" value="delete-account" />
          <TextField name="email" />
        </PortalForm>
      )}
    </section>
  );
}

/** "Naam en e-mailadres": the name, and a new e-mail address confirmed by a link. */
function DetailsSection({
  data,
  nameAction,
  emailAction,
}: {
  data: AccountData;
  nameAction: AccountActionData | undefined;
  emailAction: AccountActionData | undefined;
}) {
  const { t } = useTranslation();
  const { profile, own, keys, emailChangeError } = data;
  const local = profile.provider === 'local';
  const emailKey = emailAction?.idempotencyKey ?? keys.email;
  return (
    <section className="account-section account-details" aria-labelledby="account-details">
      <h2 id="account-details">{t('accounts.account.detailsTitle')}</h2>
      <AuthError code={nameAction?.error} />
      <PortalForm
        form={nameForm}
        id="name-form"
        serverErrors={nameAction?.errors}
        serverValues={nameAction?.values ?? { fullName: profile.fullName ?? '' }}
        submitLabel="accounts.account.nameSubmit"
      >
        <input type="hidden" name="intent" value="update-name" />
        <TextField name="fullName" />
      </PortalForm>

      <h3>{t('accounts.account.emailTitle')}</h3>
      {own?.pendingEmail ? (
        <p className="account-alert account-alert--info" data-pending-email={own.pendingEmail}>
          {t('accounts.account.pendingEmail', { pending: own.pendingEmail, email: profile.email })}
        </p>
      ) : null}
      <p className="account-section__intro">{t('accounts.account.emailIntro', { email: profile.email })}</p>
      <AuthError code={emailAction?.error ?? emailChangeError} />
      {local ? (
        <PortalForm
          form={emailChangeForm}
          id="email-form"
          serverErrors={emailAction?.errors}
          serverValues={emailAction?.values}
          submitLabel="accounts.account.emailSubmit"
        >
          <input type="hidden" name="intent" value="change-email" />
          <IdempotencyKeyField value={emailKey} />
          <TextField name="email" />
          <TextField name="current_password" />
        </PortalForm>
      ) : (
        <PortalForm
          form={emailChangeProviderForm}
          id="email-form"
          serverErrors={emailAction?.errors}
          serverValues={emailAction?.values}
          submitLabel="accounts.account.emailSubmit"
        >
          <input type="hidden" name="intent" value="change-email" />
          <IdempotencyKeyField value={emailKey} />
          <TextField name="email" />
        </PortalForm>
      )}
    </section>
  );
}

/** "Nieuwsbrief": the state of the account's address, and signing up or off. */
function NewsletterSection({ data, action }: { data: AccountData; action: AccountActionData | undefined }) {
  const { t } = useTranslation();
  const { profile, own, keys } = data;
  const newsletter = own?.newsletter ?? null;
  const state = newsletter?.state ?? 'none';
  const topics = newsletter?.topics ?? [];
  return (
    <section className="account-section account-newsletter" aria-labelledby="account-newsletter">
      <h2 id="account-newsletter">{t('accounts.account.newsletterTitle')}</h2>
      <AuthError code={action?.error} />
      {own === null ? (
        <p>{t('accounts.account.newsletterUnavailable')}</p>
      ) : state === 'confirmed' ? (
        <>
          <p data-newsletter-state="confirmed">
            {t('accounts.account.newsletterConfirmed', { email: profile.email })}
          </p>
          <p>
            {topics.length
              ? t('accounts.account.newsletterTopics', {
                  topics: topics.map((topic) => t(`newsletter.topics.${topic}`)).join(', '),
                })
              : t('accounts.account.newsletterAllTopics')}
          </p>
          <Form method="post" className="account-inline-form">
            <input type="hidden" name="intent" value="newsletter-unsubscribe" />
            <button type="submit" className="button button--secondary">
              {t('accounts.account.newsletterUnsubscribe')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p data-newsletter-state={state}>
            {t(
              state === 'pending' ? 'accounts.account.newsletterPending' : 'accounts.account.newsletterNone',
              {
                email: profile.email,
              },
            )}
          </p>
          <PortalForm
            form={accountNewsletterForm}
            id="newsletter-form"
            serverErrors={action?.errors}
            serverValues={action?.values}
            submitLabel="accounts.account.newsletterSubscribe"
          >
            <input type="hidden" name="intent" value="newsletter-subscribe" />
            <IdempotencyKeyField value={action?.idempotencyKey ?? keys.newsletter} />
            <Checkbox name="topics" />
            <Checkbox name="consent" />
          </PortalForm>
        </>
      )}
    </section>
  );
}

export function AccountPage() {
  const loaded = useLoaderData() as AccountData;
  const { profile, notice, myRegistrations } = loaded;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const locale = useLocale();
  const passwordAction = action?.form === 'password' ? action : undefined;
  const confirmationAction = action?.form === 'confirmation' ? action : undefined;
  const sessionsAction = action?.form === 'sessions' ? action : undefined;
  const deleteAction = action?.form === 'delete' ? action : undefined;
  const nameAction = action?.form === 'name' ? action : undefined;
  const emailAction = action?.form === 'email' ? action : undefined;
  const newsletterAction = action?.form === 'newsletter' ? action : undefined;
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
            {profile.fullName ? (
              <>
                <dt>{t('accounts.fields.fullName')}</dt>
                <dd data-testid="account-name">{profile.fullName}</dd>
              </>
            ) : null}
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

        <DetailsSection data={loaded} nameAction={nameAction} emailAction={emailAction} />

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

        <NewsletterSection data={loaded} action={newsletterAction} />

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

        <section className="account-section" aria-labelledby="account-export">
          <h2 id="account-export">{t('accounts.account.exportTitle')}</h2>
          <p className="account-section__intro">{t('accounts.account.exportIntro')}</p>
          <p>
            <a
              href={localizePath('/account/gegevens.json', locale)}
              download
              className="button button--secondary account-export"
            >
              {t('accounts.account.exportSubmit')}
            </a>
          </p>
        </section>

        <DeleteAccountSection profile={profile} action={deleteAction} />
      </div>
    </AccountCard>
  );
}
