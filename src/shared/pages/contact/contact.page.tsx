/**
 * `/contact` (issue 5): the CMS page `contact` (title and editorial blocks), the contact form and
 * the publisher's contact details (root data `site.contact`). After a successful post the form is
 * replaced by a confirmation (`?verzonden=1`); a rejected post shows the messages next to the
 * fields and keeps every typed value; a CMS outage says the message was not sent.
 */

import { useActionData, useLoaderData } from 'react-router';
import { Checkbox, TextArea, TextField } from '../../forms/fields.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { useT } from '../../i18n/use-t.ts';
import { CONTACT_PATH, FORM_ANCHOR } from '../../public-forms-paths.ts';
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
import { contactForm } from './contact-form.ts';

/** Loader data of `/contact`. */
export interface ContactPageData {
  /** The CMS page `contact`, or null when the CMS has none. */
  page: FormPageContent | null;
  /** A message was just sent. */
  sent: boolean;
}

export function ContactPage() {
  const { page, sent } = useLoaderData() as ContactPageData;
  const action = useActionData() as PublicFormActionData | undefined;
  const t = useT();
  const title = page?.title ?? t('contact.title');
  return (
    <FormPageLayout
      title={title}
      aside={<SiteContactDetails title={t('contact.details.title')} intro={t('contact.details.intro')} />}
    >
      <Seo
        title={page?.seo?.metaTitle ?? title}
        description={page?.seo?.metaDescription ?? t('contact.description')}
        image={page?.seo?.shareImage?.url}
        path={CONTACT_PATH}
        noindex={sent}
      />
      <EditorialBlocks blocks={page?.blocks ?? []} />
      <FormSection title={t('contact.formTitle')} intro={sent ? undefined : t('contact.formIntro')}>
        {sent ? (
          <>
            <FormAlert tone="success" code="sent" title={t('contact.sentTitle')}>
              <p>{t('contact.sent')}</p>
            </FormAlert>
            <p className="form-actions">
              <AppLink to={`${CONTACT_PATH}#${FORM_ANCHOR}`} className="button button--secondary">
                {t('contact.sendAnother')}
              </AppLink>
            </p>
          </>
        ) : (
          <>
            {action?.error ? (
              <FormAlert tone="error" code={action.error}>
                <p>{t('contact.unavailable')}</p>
              </FormAlert>
            ) : null}
            <PortalForm
              form={contactForm}
              serverErrors={action?.errors}
              serverValues={action?.values}
              submitLabel="contact.submit"
            >
              <div className="form-grid">
                <TextField name="name" />
                <TextField name="email" />
              </div>
              <TextField name="organisation" />
              <TextField name="subject" />
              <TextArea name="message" rows={7} />
              <Checkbox name="consent" />
              <PrivacyNote text={t('contact.privacyLink')} />
            </PortalForm>
          </>
        )}
      </FormSection>
    </FormPageLayout>
  );
}
