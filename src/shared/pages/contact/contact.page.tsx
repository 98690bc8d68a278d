/**
 * `/contact`: the CMS page `contact` (title and editorial blocks), the contact form and
 * the publisher's contact details (root data `site.contact`); behaviour in `CmsFormPage`.
 */

import { useTranslation } from 'react-i18next';
import { CmsFormPage, type CmsFormPageData } from '../../features/public-forms/cms-form-page.tsx';
import { Checkbox, TextArea, TextField } from '../../forms/fields.tsx';
import { CONTACT_PATH } from '../../urls.ts';
import { contactForm } from './contact-form.ts';

/** Loader data of `/contact`. */
export type ContactPageData = CmsFormPageData;

export function ContactPage() {
  const { t } = useTranslation();
  return (
    <CmsFormPage
      ns="contact"
      path={CONTACT_PATH}
      form={contactForm}
      aside={{ title: t('contact.details.title'), intro: t('contact.details.intro') }}
    >
      <div className="form-grid">
        <TextField name="name" />
        <TextField name="email" />
      </div>
      <TextField name="organisation" />
      <TextField name="subject" />
      <TextArea name="message" rows={7} />
      <Checkbox name="consent" />
    </CmsFormPage>
  );
}
