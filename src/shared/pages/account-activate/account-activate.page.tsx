/**
 * `/account-activeren`: the invitee's address (filled in from the invitation, read-only)
 * and a new password twice; or why the link does not work.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { newPasswordForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AuthError, HiddenValue } from '../../features/accounts/account-ui.tsx';
import type { AuthErrorCode } from '../../features/accounts/auth-errors.ts';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the activation page. */
export type AccountActivateData =
  | { state: 'form'; code: string; email: string }
  | { state: 'failed'; error: AuthErrorCode };

export function AccountActivatePage() {
  const data = useLoaderData() as AccountActivateData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const seo = (
    <Seo
      title={t('accounts.activate.title')}
      description={t('accounts.activate.description')}
      path="/account-activeren"
      noindex
    />
  );
  if (data.state === 'failed') {
    return (
      <AccountCard title={t('accounts.activate.title')}>
        {seo}
        <AuthError code={data.error} />
        <p>{t('accounts.activate.failedHelp')}</p>
        <div className="account-links">
          <AppLink to="/inloggen">{t('accounts.register.login')}</AppLink>
          <AppLink to="/wachtwoord-vergeten">{t('accounts.login.forgot')}</AppLink>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('accounts.activate.title')} intro={t('accounts.activate.intro')}>
      {seo}
      <dl className="account-profile">
        <dt>{t('accounts.fields.email')}</dt>
        <dd className="account-email" data-testid="activation-email">
          {data.email}
        </dd>
      </dl>
      <AuthError code={action?.error} />
      <PortalForm
        form={newPasswordForm}
        serverErrors={action?.errors}
        serverValues={action?.values}
        submitLabel="accounts.activate.submit"
      >
        <HiddenValue name="code" value={data.code} />
        <input type="hidden" name="username" value={data.email} autoComplete="username" />
        <TextField name="password" />
        <TextField name="password_confirm" />
      </PortalForm>
    </AccountCard>
  );
}
