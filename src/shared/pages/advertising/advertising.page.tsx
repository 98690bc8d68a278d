/**
 * `/adverteren` (issue 5): the CMS page `adverteren` (title and editorial blocks) with the
 * advertising enquiry form below it and the publisher's contact details aside. After a successful
 * post the form is replaced by a confirmation (`?verzonden=1`); a rejected post shows the messages
 * next to the fields and keeps every typed value; a CMS outage says the enquiry was not sent.
 */

import { useActionData, useLoaderData } from 'react-router';
import { Checkbox, Select, TextArea, TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ADVERTISING_PATH, FORM_ANCHOR } from '../../public-forms-paths.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';
import type { PublicFormActionData } from '../public-forms/public-form-data.ts';
import {
  EditorialBlocks,
  FormAlert,
  type FormPageContent,
  FormPageLayout,
  FormSection,
  PrivacyNote,
  SiteContactDetails,
} from '../public-forms/public-form-ui.tsx';
import { advertisingForm } from './advertising-form.ts';

/** Loader data of `/adverteren`. */
export interface AdvertisingPageData {
  /** The CMS page `adverteren`, or null when the CMS has none. */
  page: FormPageContent | null;
  /** An enquiry was just sent. */
  sent: boolean;
}

export function AdvertisingPage() {
  const { page, sent } = useLoaderData() as AdvertisingPageData;
  const action = useActionData() as PublicFormActionData | undefined;
  const t = useT();
  const title = page?.title ?? t('advertising.title');
  return (
    <FormPageLayout
      title={title}
      aside={
        <SiteContactDetails title={t('advertising.direct.title')} intro={t('advertising.direct.intro')} />
      }
    >
      <Seo
        title={page?.seo?.metaTitle ?? title}
        description={page?.seo?.metaDescription ?? t('advertising.description')}
        image={page?.seo?.shareImage?.url}
        path={ADVERTISING_PATH}
        noindex={sent}
      />
      <EditorialBlocks blocks={page?.blocks ?? []} />
      <FormSection title={t('advertising.formTitle')} intro={sent ? undefined : t('advertising.formIntro')}>
        {sent ? (
          <>
            <FormAlert tone="success" code="sent" title={t('advertising.sentTitle')}>
              <p>{t('advertising.sent')}</p>
            </FormAlert>
            <p className="form-actions">
              <AppLink to={`${ADVERTISING_PATH}#${FORM_ANCHOR}`} className="button button--secondary">
                {t('advertising.sendAnother')}
              </AppLink>
            </p>
          </>
        ) : (
          <>
            {action?.error ? (
              <FormAlert tone="error" code={action.error}>
                <p>{t('advertising.unavailable')}</p>
              </FormAlert>
            ) : null}
            <PortalForm
              form={advertisingForm}
              serverErrors={action?.errors}
              serverValues={action?.values}
              submitLabel="advertising.submit"
            >
              <div className="form-grid">
                <TextField name="company" />
                <TextField name="contactPerson" />
              </div>
              <div className="form-grid">
                <TextField name="email" />
                <TextField name="phone" />
              </div>
              <Checkbox name="interests" />
              <Select name="budget" />
              <TextArea name="message" rows={5} />
              <Checkbox name="consent" />
              <PrivacyNote text={t('advertising.privacyLink')} />
            </PortalForm>
          </>
        )}
      </FormSection>
    </FormPageLayout>
  );
}
