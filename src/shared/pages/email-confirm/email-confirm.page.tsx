/**
 * `/email-valideren`: why a confirmation link did not work (a working one leads to the
 * account page, signed in), and a form to send the confirmation e-mail again.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { emailOnlyForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AccountNoticeMessage, AuthError } from '../../features/accounts/account-ui.tsx';
import type { AuthErrorCode } from '../../features/accounts/auth-errors.ts';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the e-mail confirmation page. */
export type EmailConfirmData =
  | { state: 'form' }
  | { state: 'failed'; error: AuthErrorCode; signedIn: boolean };

/** The "send it again" form (posts to the page without the code). */
function ResendForm({ action }: { action: AccountActionData | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (action?.done === 'confirmation-sent') {
    return <AccountNoticeMessage notice="confirmation-sent" email={action.email} />;
  }
  return (
    <section className="account-section" aria-labelledby="resend-title">
      <h2 id="resend-title">{t('accounts.confirm.resendTitle')}</h2>
      <p className="account-section__intro">{t('accounts.confirm.resendIntro')}</p>
      <AuthError code={action?.error} />
      <PortalForm
        form={emailOnlyForm}
        action={localizePath('/email-valideren', locale)}
        serverErrors={action?.errors}
        serverValues={action?.values}
        submitLabel="accounts.confirm.resendSubmit"
      >
        <TextField name="email" />
      </PortalForm>
    </section>
  );
}

export function EmailConfirmPage() {
  const data = useLoaderData() as EmailConfirmData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  const seo = (
    <Seo
      title={t('accounts.confirm.title')}
      description={t('accounts.confirm.description')}
      path="/email-valideren"
      noindex
    />
  );
  return (
    <AccountCard
      title={t('accounts.confirm.title')}
      intro={data.state === 'form' ? t('accounts.confirm.intro') : undefined}
    >
      {seo}
      {data.state === 'failed' ? (
        <AuthError code={data.error}>
          {data.signedIn ? <AppLink to="/account">{t('accounts.confirm.toAccount')}</AppLink> : null}
        </AuthError>
      ) : null}
      <ResendForm action={action} />
    </AccountCard>
  );
}
