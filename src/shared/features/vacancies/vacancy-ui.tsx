/**
 * Pieces shared by the vacancy pages of account holders: the vacancy form's fields in
 * their groups (the same form places and edits a vacancy), the form-level alert of a refused post,
 * the status badge and the publication period text.
 */

import { Trans, useTranslation } from 'react-i18next';
import { Checkbox, Select, TextArea, TextField } from '../../forms/fields.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { useLocale } from '../../ui/root-data.ts';
import { ADVERTISING_PATH } from '../../urls.ts';
import type { OwnVacancyStatus, VacancyFormError } from './my-vacancies-data.ts';
import type { VacancyFormMode } from './vacancy-form.ts';
import '../../forms/submission.css';
import './my-vacancies.css';

/** Id of the vacancy form (field ids are `vacancy-form-{name}`). */
export const VACANCY_FORM_ID = 'vacancy-form';

/**
 * The fields of the vacancy form, grouped: the vacancy, the workplace (its place and optional
 * address), salary, applying, publication period and invoicing. Place inside a `<PortalForm>` of {@link vacancyForm}.
 * @param ibanMasked the stored IBAN, masked (edit mode: shown in the IBAN's help text)
 */
export function VacancyFormFields({
  mode,
  ibanMasked,
}: {
  mode: VacancyFormMode;
  ibanMasked?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.vacancy')}</legend>
        <TextField name="title" />
        <TextArea name="summary" rows={3} />
        <TextArea name="description" rows={12} />
        <div className="submission-row submission-row--even">
          <Select name="category" />
          <Select name="employmentType" />
        </div>
        <div className="submission-row submission-row--even">
          <TextField name="employer" />
          <TextField name="employerWebsite" />
        </div>
      </fieldset>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.workplace')}</legend>
        <p className="submission-group__note">{t('myVacancies.groups.workplaceNote')}</p>
        <TextField name="location" />
        <div className="submission-row">
          <TextField name="street" />
          <TextField name="postalCode" />
        </div>
        <Select name="region" />
      </fieldset>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.salary')}</legend>
        <p className="submission-group__note">{t('myVacancies.groups.salaryNote')}</p>
        <div className="submission-row submission-row--thirds">
          <TextField name="salaryMin" />
          <TextField name="salaryMax" />
          <Select name="salaryPeriod" />
        </div>
      </fieldset>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.apply')}</legend>
        <div className="submission-row submission-row--even">
          <TextField name="applyUrl" />
          <TextField name="applyEmail" />
        </div>
      </fieldset>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.period')}</legend>
        <div className="submission-row submission-row--even">
          <TextField name="publishFrom" />
          <TextField name="validThrough" />
        </div>
      </fieldset>
      <fieldset className="submission-group">
        <legend>{t('myVacancies.groups.invoice')}</legend>
        <p className="submission-group__note">{t('myVacancies.groups.invoiceNote')}</p>
        <TextField name="invoiceCompany" />
        <div className="submission-row">
          <TextField name="invoiceStreet" />
          <TextField name="invoiceHouseNumber" />
        </div>
        <div className="submission-row submission-row--postcode">
          <TextField name="invoicePostcode" />
          <TextField name="invoiceCity" />
        </div>
        <div className="submission-row submission-row--even">
          <TextField name="kvkNumber" />
          <TextField name="vatNumber" />
        </div>
        <TextField name="invoiceEmail" />
        <TextField
          name="iban"
          help={
            mode === 'edit' && ibanMasked
              ? t('myVacancies.fields.ibanKeepHelp', { iban: ibanMasked })
              : undefined
          }
        />
      </fieldset>
      <p className="submission-group__note">
        <Trans i18nKey="myVacancies.termsNote" components={{ a: <AppLink to={ADVERTISING_PATH} /> }} />
      </p>
      <Checkbox name="terms" />
    </>
  );
}

/** The alert of a post the CMS did not take (outage, refusal, withdrawn meanwhile). */
export function VacancyFormAlert({ error }: { error: VacancyFormError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="submission-alert submission-alert--error" role="alert" data-form-error={error}>
      {t(`myVacancies.errors.${error}`)}
    </p>
  );
}

/** The status of an own vacancy as a coloured badge. */
export function StatusBadge({ status }: { status: OwnVacancyStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`vacancy-status vacancy-status--${status}`} data-status={status}>
      {t(`myVacancies.status.${status}`)}
    </span>
  );
}

/** "21 november 2026 t/m 21 december 2026", or null without dates. */
export function usePeriodText(publishFrom: string | null, validThrough: string | null): string | null {
  const { t } = useTranslation();
  const locale = useLocale();
  if (!publishFrom || !validThrough) return null;
  // Calendar dates: format them at noon UTC so every time zone shows the same day.
  const day = (date: string) => formatDate(`${date}T12:00:00Z`, locale);
  return t('myVacancies.period', { from: day(publishFrom), through: day(validThrough) });
}
