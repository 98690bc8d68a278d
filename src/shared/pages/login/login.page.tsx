/**
 * `/inloggen`: e-mail address and password; the `redirect` parameter returns the visitor
 * to where they were. Offers the external providers configured for the portal (none by default),
 * and links to registration and the forgotten-password page.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData, AccountNotice } from '../../features/accounts/account-data.ts';
import { loginForm } from '../../features/accounts/account-forms.ts';
import {
  AccountCard,
  AccountNoticeMessage,
  AuthError,
  HiddenValue,
} from '../../features/accounts/account-ui.tsx';
import type { AuthErrorCode } from '../../features/accounts/auth-errors.ts';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the login page. */
export interface LoginData {
  /** Safe return path from `?redirect=`. */
  redirect: string | null;
  /** Error code from `?error=` (external sign-in). */
  error: AuthErrorCode | null;
  /** Step confirmed by `?status=` (e.g. after logging out). */
  notice: AccountNotice | null;
  /** External sign-in providers to offer. */
  providers: string[];
}

/** Display names of well-known providers (others are shown capitalised). */
const PROVIDER_NAMES: Record<string, string> = {
  github: 'GitHub',
  google: 'Google',
  linkedin: 'LinkedIn',
  microsoft: 'Microsoft',
  facebook: 'Facebook',
  auth0: 'Auth0',
  keycloak: 'Keycloak',
};

export function LoginPage() {
  const data = useLoaderData() as LoginData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const locale = useLocale();
  const error = action?.error ?? data.error;
  const redirectQuery = data.redirect ? `?redirect=${encodeURIComponent(data.redirect)}` : '';
  return (
    <AccountCard
      title={t('accounts.login.title')}
      intro={t('accounts.login.intro')}
      aside={
        <p>
          {t('accounts.login.noAccount')}{' '}
          <AppLink to={`/registreren${redirectQuery}`}>{t('accounts.login.register')}</AppLink>
        </p>
      }
    >
      <Seo
        title={t('accounts.login.title')}
        description={t('accounts.login.description')}
        path="/inloggen"
        noindex
      />
      <AccountNoticeMessage notice={action ? null : data.notice} />
      <AuthError code={error}>
        {error === 'email-not-confirmed' ? (
          <AppLink to="/email-valideren">{t('accounts.login.resendConfirmation')}</AppLink>
        ) : null}
      </AuthError>
      <PortalForm
        form={loginForm}
        serverErrors={action?.errors}
        serverValues={action?.values}
        submitLabel="accounts.login.submit"
      >
        <HiddenValue name="redirect" value={data.redirect} />
        <TextField name="email" />
        <TextField name="password" />
      </PortalForm>
      <div className="account-links">
        <AppLink to="/wachtwoord-vergeten">{t('accounts.login.forgot')}</AppLink>
      </div>
      {data.providers.length ? (
        <>
          <p className="account-divider">{t('accounts.login.orWith')}</p>
          <div className="account-providers">
            {data.providers.map((provider) => (
              <a
                key={provider}
                className="button"
                href={`${localizePath(`/connect/${provider}`, locale)}${redirectQuery}`}
                data-reload
              >
                {t('accounts.login.withProvider', {
                  provider: PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1),
                })}
              </a>
            ))}
          </div>
        </>
      ) : null}
    </AccountCard>
  );
}
