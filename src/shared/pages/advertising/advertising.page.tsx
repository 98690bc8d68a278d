/**
 * `/adverteren`: the CMS page `adverteren` (title and editorial blocks) with the
 * advertising enquiry form below it and the publisher's contact details aside; behaviour in
 * `CmsFormPage`.
 */

import { useTranslation } from 'react-i18next';
import { CmsFormPage, type CmsFormPageData } from '../../features/public-forms/cms-form-page.tsx';
import { Checkbox, Select, TextArea, TextField } from '../../forms/fields.tsx';
import { ADVERTISING_PATH } from '../../urls.ts';
import { advertisingForm } from './advertising-form.ts';

/** Loader data of `/adverteren`. */
export type AdvertisingPageData = CmsFormPageData;

export function AdvertisingPage() {
  const { t } = useTranslation();
  return (
    <CmsFormPage
      ns="advertising"
      path={ADVERTISING_PATH}
      form={advertisingForm}
      aside={{ title: t('advertising.direct.title'), intro: t('advertising.direct.intro') }}
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
    </CmsFormPage>
  );
}
