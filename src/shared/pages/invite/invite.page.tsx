/**
 * `/uitnodiging`: invite a colleague by e-mail address. The colleague receives a link to
 * `/account-activeren` with their address filled in; the confirmation here is the same whether or
 * not the address already has an account.
 */

import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { AccountActionData } from '../../features/accounts/account-data.ts';
import { inviteForm } from '../../features/accounts/account-forms.ts';
import { AccountCard, AccountNoticeMessage, AuthError } from '../../features/accounts/account-ui.tsx';
import { TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';

/** Loader data of the invitation page. */
export interface InviteData {
  /** The inviting account's address (named in the e-mail). */
  inviter: string;
}

export function InvitePage() {
  const { inviter } = useLoaderData() as InviteData;
  const action = useActionData() as AccountActionData | undefined;
  const { t } = useTranslation();
  return (
    <AccountCard
      title={t('accounts.invite.title')}
      intro={t('accounts.invite.intro', { inviter })}
      aside={
        <p>
          <AppLink to="/account">{t('accounts.invite.backToAccount')}</AppLink>
        </p>
      }
    >
      <Seo
        title={t('accounts.invite.title')}
        description={t('accounts.invite.description')}
        path="/uitnodiging"
        noindex
      />
      {action?.done === 'invitation-sent' ? (
        <AccountNoticeMessage notice="invitation-sent" email={action.email} />
      ) : null}
      <AuthError code={action?.error} />
      <PortalForm
        form={inviteForm}
        serverErrors={action?.errors}
        serverValues={action?.values}
        submitLabel="accounts.invite.submit"
      >
        <TextField name="email" />
      </PortalForm>
    </AccountCard>
  );
}
