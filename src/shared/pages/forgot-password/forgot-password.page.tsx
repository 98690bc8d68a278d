/**
 * `/wachtwoord-vergeten`: ask for a reset link. The answer is the same neutral text for
 * every address, so the page never reveals whether an address has an account.
 */

import { useTranslation } from 'react-i18next';
import { useActionData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { emailOnlyForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AccountNoticeMessage, AuthError } from '../../features/accounts/account-ui.tsx';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';

export function ForgotPasswordPage() {
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  return (
    <AccountCard
      title={t('accounts.forgot.title')}
      intro={action?.done ? undefined : t('accounts.forgot.intro')}
      aside={
        <p>
          <AppLink to="/inloggen">{t('accounts.forgot.backToLogin')}</AppLink>
        </p>
      }
    >
      <Seo
        title={t('accounts.forgot.title')}
        description={t('accounts.forgot.description')}
        path="/wachtwoord-vergeten"
        noindex
      />
      {action?.done === 'reset-sent' ? (
        <AccountNoticeMessage notice="reset-sent" email={action.email} />
      ) : (
        <>
          <AuthError code={action?.error} />
          <PortalForm
            form={emailOnlyForm}
            serverErrors={action?.errors}
            serverValues={action?.values}
            submitLabel="accounts.forgot.submit"
          >
            <TextField name="email" />
          </PortalForm>
        </>
      )}
    </AccountCard>
  );
}
