/**
 * `/wachtwoord-reset?code=…`: choose a new password (twice) with the code from the
 * reset e-mail; afterwards the visitor is signed in. Without a code the page explains where to
 * get one.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { newPasswordForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AuthError, HiddenValue } from '../../features/accounts/account-ui.tsx';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the password-reset page. */
export interface PasswordResetData {
  /** The code from the e-mailed link, or null. */
  code: string | null;
}

export function PasswordResetPage() {
  const data = useLoaderData() as PasswordResetData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const codeProblem = action?.error === 'invalid-action-code' || action?.error === 'expired-action-code';
  return (
    <AccountCard title={t('accounts.reset.title')} intro={data.code ? t('accounts.reset.intro') : undefined}>
      <Seo
        title={t('accounts.reset.title')}
        description={t('accounts.reset.description')}
        path="/wachtwoord-reset"
        noindex
      />
      {data.code ? (
        <>
          <AuthError code={action?.error}>
            {codeProblem ? (
              <AppLink to="/wachtwoord-vergeten">{t('accounts.reset.requestNew')}</AppLink>
            ) : null}
          </AuthError>
          <PortalForm
            form={newPasswordForm}
            serverErrors={action?.errors}
            serverValues={action?.values}
            submitLabel="accounts.reset.submit"
          >
            <HiddenValue name="code" value={data.code} />
            <TextField name="password" />
            <TextField name="password_confirm" />
          </PortalForm>
        </>
      ) : (
        <>
          <p>{t('accounts.reset.missingCode')}</p>
          <p>
            <AppLink to="/wachtwoord-vergeten" className="button">
              {t('accounts.reset.requestNew')}
            </AppLink>
          </p>
        </>
      )}
    </AccountCard>
  );
}
