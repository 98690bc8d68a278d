/**
 * `/jobs/mijn/{id}` (docs/product.md#routes-and-layouts; `{id}` = documentId): one of the account holder's own
 * vacancies. Its status and the editors' note; the vacancy form, prefilled (the IBAN is never shown:
 * leaving it empty keeps the stored account), whose save sends the vacancy back to review; and
 * withdrawing in two steps: the link opens a confirmation (`?intrekken=1`), whose button posts.
 * A withdrawn vacancy can no longer be changed. Works without JavaScript.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useLoaderData, useParams } from 'react-router';
import type { OwnVacancy, VacancyActionData } from '../../features/vacancies/my-vacancies-data.ts';
import { type CategoryOption, vacancyForm } from '../../features/vacancies/vacancy-form.ts';
import {
  StatusBadge,
  usePeriodText,
  VACANCY_FORM_ID,
  VacancyFormAlert,
  VacancyFormFields,
} from '../../features/vacancies/vacancy-ui.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { MY_VACANCIES_PATH, MY_VACANCY_QUERY, myVacancyPath, vacancyPath, withFlag } from '../../urls.ts';

/** Loader data of `/jobs/mijn/{id}`. */
export interface MyVacancyData {
  /** The vacancy; null when the CMS could not be reached (status 503). */
  vacancy: OwnVacancy | null;
  categories: CategoryOption[];
  /** `YYYY-MM-DD` in Europe/Amsterdam. */
  today: string;
  /** Confirmed step after a redirect (`?opgeslagen=1`, `?ingetrokken=1`). */
  notice: 'saved' | 'withdrawn' | null;
  /** Show the confirmation step of withdrawing (`?intrekken=1`). */
  confirmWithdraw: boolean;
}

/** The form's starting values: the stored vacancy (no IBAN, terms to accept again). */
function prefill(vacancy: OwnVacancy, today: string): Record<string, string | boolean> {
  const number = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: vacancy.title,
    summary: vacancy.summary,
    description: vacancy.description,
    category: vacancy.category?.documentId ?? '',
    employmentType: vacancy.employmentType ?? '',
    employer: vacancy.employer,
    employerWebsite: vacancy.employerWebsite ?? '',
    location: vacancy.location,
    street: vacancy.street ?? '',
    postalCode: vacancy.postalCode ?? '',
    region: vacancy.region ?? '',
    salaryMin: number(vacancy.salaryMin),
    salaryMax: number(vacancy.salaryMax),
    salaryPeriod: vacancy.salaryPeriod ?? '',
    applyUrl: vacancy.applyUrl ?? '',
    applyEmail: vacancy.applyEmail ?? '',
    // A saved vacancy is reviewed again, so it cannot go online before today.
    publishFrom: vacancy.publishFrom && vacancy.publishFrom > today ? vacancy.publishFrom : today,
    validThrough: vacancy.validThrough ?? '',
    invoiceCompany: vacancy.invoice.company ?? '',
    invoiceStreet: vacancy.invoice.street ?? '',
    invoiceHouseNumber: vacancy.invoice.houseNumber ?? '',
    invoicePostcode: vacancy.invoice.postcode ?? '',
    invoiceCity: vacancy.invoice.city ?? '',
    kvkNumber: vacancy.invoice.kvkNumber ?? '',
    vatNumber: vacancy.invoice.vatNumber ?? '',
    invoiceEmail: vacancy.invoice.email ?? '',
    iban: '',
    terms: false,
  };
}

/** The confirmation step of withdrawing: a POST button and a way back. */
function ConfirmWithdraw({ vacancy }: { vacancy: OwnVacancy }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section
      className="submission-panel vacancy-withdraw"
      aria-labelledby="withdraw-title"
      data-withdraw-confirm=""
    >
      <h2 id="withdraw-title">{t('myVacancies.withdraw.confirmTitle')}</h2>
      <p>{t('myVacancies.withdraw.confirmText', { title: vacancy.title })}</p>
      <Form
        method="post"
        action={localizePath(myVacancyPath(vacancy.documentId), locale)}
        className="vacancy-withdraw__actions"
      >
        <input type="hidden" name="intent" value="withdraw" />
        <button type="submit" className="button button--danger">
          {t('myVacancies.withdraw.confirm')}
        </button>
        <AppLink to={myVacancyPath(vacancy.documentId)} className="button button--quiet">
          {t('myVacancies.withdraw.cancel')}
        </AppLink>
      </Form>
    </section>
  );
}

/** Status, period and the editors' note of the vacancy. */
function VacancyStatusPanel({ vacancy }: { vacancy: OwnVacancy }) {
  const { t } = useTranslation();
  const period = usePeriodText(vacancy.publishFrom, vacancy.validThrough);
  return (
    <section className="vacancy-state" aria-labelledby="vacancy-state-title">
      <h2 id="vacancy-state-title" className="visually-hidden">
        {t('myVacancies.edit.stateTitle')}
      </h2>
      <p className="vacancy-state__line">
        <StatusBadge status={vacancy.status} /> <span>{t(`myVacancies.legend.${vacancy.status}`)}</span>
      </p>
      {period ? <p className="vacancy-state__line">{period}</p> : null}
      {vacancy.reviewNote ? (
        <div className="vacancy-state__note">
          <p className="vacancy-state__note-title">{t('myVacancies.edit.reviewNote')}</p>
          <p>{vacancy.reviewNote}</p>
        </div>
      ) : null}
      {vacancy.status === 'published' ? (
        <p className="vacancy-state__line">
          <AppLink to={vacancyPath(vacancy)}>{t('myVacancies.list.public')}</AppLink>
        </p>
      ) : null}
    </section>
  );
}

export function MyVacancyPage() {
  const data = useLoaderData() as MyVacancyData;
  if (!data.vacancy) return <VacancyUnavailable today={data.today} />;
  return <VacancyEditor data={{ ...data, vacancy: data.vacancy }} />;
}

/**
 * The page while the CMS cannot be reached: a notice, and after a post the form with what was
 * typed and the action's message (the categories the action saw, at least the chosen one).
 */
function VacancyUnavailable({ today }: { today: string }) {
  const action = useActionData() as VacancyActionData | undefined;
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const posted = action?.values.category;
  const categories = useMemo(() => {
    const known = action?.categories ?? [];
    if (typeof posted !== 'string' || posted === '' || known.some((c) => c.documentId === posted))
      return known;
    return [...known, { documentId: posted, name: t('myVacancies.place.categoryKept') }];
  }, [action, posted, t]);
  const form = vacancyForm({ today, categories, mode: 'edit' });
  return (
    <div className="container my-vacancies">
      <Seo title={t('myVacancies.edit.formTitle')} path={myVacancyPath(id)} noindex />
      <p className="my-vacancies__back">
        <AppLink to={MY_VACANCIES_PATH}>{t('myVacancies.edit.back')}</AppLink>
      </p>
      <header className="page-header">
        <h1>{t('myVacancies.edit.formTitle')}</h1>
      </header>
      {action ? (
        <>
          <VacancyFormAlert error={action.error ?? 'unavailable'} />
          <section className="submission-panel" aria-label={t('myVacancies.edit.formTitle')}>
            <PortalForm
              key={today}
              form={form}
              id={VACANCY_FORM_ID}
              serverErrors={action.errors}
              serverValues={action.values}
              submitLabel="myVacancies.edit.submit"
            >
              <VacancyFormFields mode="edit" />
            </PortalForm>
          </section>
        </>
      ) : (
        <p className="submission-alert submission-alert--error" role="alert" data-form-error="vacancy">
          {t('myVacancies.edit.unavailable')}
        </p>
      )}
    </div>
  );
}

/** The vacancy with its status, the edit form and withdrawing. */
function VacancyEditor({ data }: { data: MyVacancyData & { vacancy: OwnVacancy } }) {
  const action = useActionData() as VacancyActionData | undefined;
  const { t } = useTranslation();
  const { vacancy } = data;
  const form = vacancyForm({ today: data.today, categories: data.categories, mode: 'edit' });
  const initial = useMemo(() => prefill(vacancy, data.today), [vacancy, data.today]);
  const withdrawn = vacancy.status === 'withdrawn';
  return (
    <div className="container my-vacancies">
      <Seo
        title={t('myVacancies.edit.title', { title: vacancy.title })}
        path={myVacancyPath(vacancy.documentId)}
        noindex
      />
      <p className="my-vacancies__back">
        <AppLink to={MY_VACANCIES_PATH}>{t('myVacancies.edit.back')}</AppLink>
      </p>
      <header className="page-header">
        <h1>{vacancy.title}</h1>
        <p>{[vacancy.employer, vacancy.location, vacancy.category?.name].filter(Boolean).join(' · ')}</p>
      </header>
      {data.notice && !action ? (
        <p className="submission-alert" role="status" data-notice={data.notice}>
          {t(`myVacancies.edit.notice.${data.notice}`)}
        </p>
      ) : null}
      <VacancyFormAlert error={action?.error} />
      <div className="my-vacancies__layout">
        <div className="my-vacancies__main">
          {data.confirmWithdraw ? (
            <ConfirmWithdraw vacancy={vacancy} />
          ) : withdrawn ? (
            <div className="empty-state">
              <p>{t('myVacancies.edit.withdrawnText')}</p>
              <AppLink to={MY_VACANCIES_PATH} className="button">
                {t('myVacancies.edit.back')}
              </AppLink>
            </div>
          ) : (
            <section className="submission-panel" aria-labelledby="vacancy-panel-title">
              <h2 id="vacancy-panel-title">{t('myVacancies.edit.formTitle')}</h2>
              <p className="submission-panel__note">
                {t(
                  vacancy.status === 'published'
                    ? 'myVacancies.edit.formNotePublished'
                    : 'myVacancies.edit.formNote',
                )}
              </p>
              <PortalForm
                key={data.today}
                form={form}
                id={VACANCY_FORM_ID}
                serverErrors={action?.errors}
                serverValues={action?.values ?? initial}
                submitLabel="myVacancies.edit.submit"
              >
                <VacancyFormFields mode="edit" ibanMasked={vacancy.invoice.ibanMasked} />
              </PortalForm>
            </section>
          )}
        </div>
        <aside className="vacancy-steps">
          <VacancyStatusPanel vacancy={vacancy} />
          {withdrawn || data.confirmWithdraw ? null : (
            <div className="vacancy-withdraw-link">
              <h2>{t('myVacancies.withdraw.title')}</h2>
              <p>{t('myVacancies.withdraw.text')}</p>
              <AppLink
                to={withFlag(myVacancyPath(vacancy.documentId), MY_VACANCY_QUERY.withdraw)}
                className="button button--quiet"
              >
                {t('myVacancies.withdraw.start')}
              </AppLink>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
