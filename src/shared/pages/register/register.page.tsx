/**
 * `/registreren`: create an account with e-mail address and password. After submitting,
 * the visitor is either signed in (the CMS needs no confirmation) or asked to confirm their
 * address through the e-mail the CMS sent.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { registerForm } from '../../features/accounts/account-forms.ts';
import {
  AccountCard,
  AccountNoticeMessage,
  AuthError,
  HiddenValue,
} from '../../features/accounts/account-ui.tsx';
import { Checkbox, TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the registration page. */
export interface RegisterData {
  /** Safe return path from `?redirect=`. */
  redirect: string | null;
}

export function RegisterPage() {
  const data = useLoaderData() as RegisterData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const seo = (
    <Seo
      title={t('accounts.register.title')}
      description={t('accounts.register.description')}
      path="/registreren"
    />
  );
  if (action?.done === 'registered') {
    return (
      <AccountCard title={t('accounts.register.checkMailTitle')}>
        {seo}
        <AccountNoticeMessage notice="registered" email={action.email} />
        <p>{t('accounts.register.checkMailBody')}</p>
        <p>
          <AppLink to="/email-valideren">{t('accounts.register.noMail')}</AppLink>
        </p>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title={t('accounts.register.title')}
      intro={t('accounts.register.intro')}
      aside={
        <p>
          {t('accounts.register.haveAccount')}{' '}
          <AppLink to="/inloggen">{t('accounts.register.login')}</AppLink>
        </p>
      }
    >
      {seo}
      <AuthError code={action?.error}>
        {action?.error === 'email-already-in-use' ? (
          <AppLink to="/wachtwoord-vergeten">{t('accounts.login.forgot')}</AppLink>
        ) : null}
      </AuthError>
      <PortalForm
        form={registerForm}
        serverErrors={action?.errors}
        serverValues={action?.values}
        submitLabel="accounts.register.submit"
      >
        <HiddenValue name="redirect" value={data.redirect} />
        <TextField name="email" />
        <TextField name="password" />
        <TextField name="password_confirm" />
        <Checkbox name="terms" />
      </PortalForm>
    </AccountCard>
  );
}
