/**
 * `/jobs/plaatsen` (docs/product.md#routes-and-layouts "place a vacancy"): an account holder places a vacancy.
 * All vacancy fields, the publication period and the invoice details with the IBAN for the direct
 * debit; the vacancy is stored as a draft for review by the editors and e-mailed to the account
 * holder. After a post the page confirms it (Post/Redirect/Get) and links to `/jobs/mijn`. Works
 * without JavaScript (a plain POST to the page).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import type { VacancyActionData } from '../../features/vacancies/my-vacancies-data.ts';
import { type CategoryOption, vacancyForm } from '../../features/vacancies/vacancy-form.ts';
import {
  VACANCY_FORM_ID,
  VacancyFormAlert,
  VacancyFormFields,
} from '../../features/vacancies/vacancy-ui.tsx';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { Seo } from '../../ui/seo.tsx';
import { MY_VACANCIES_PATH, myVacancyPath, PLACE_VACANCY_PATH } from '../../urls.ts';

/** Loader data of `/jobs/plaatsen`. */
export interface PlaceVacancyData {
  /** `YYYY-MM-DD` in Europe/Amsterdam: the publication may start today at the earliest. */
  today: string;
  categories: CategoryOption[];
  /** After a post (`?verzonden=1&vacature=`): the placed vacancy. */
  placed: { documentId: string; title: string; confirmationSent: boolean } | null;
  /** The account's address (the invoice address starts with it). */
  email: string;
  /** The CMS could not give the job categories (`categories` is empty then; status 503). */
  unavailable: boolean;
  /** The form's idempotency key (src/shared/forms/idempotency-key.ts); null after a placed vacancy. */
  idempotencyKey: string | null;
}

/** The confirmation after a placed vacancy. */
function PlacedVacancy({ placed }: { placed: NonNullable<PlaceVacancyData['placed']> }) {
  const { t } = useTranslation();
  return (
    <section
      className="submission-done"
      role="status"
      aria-labelledby="vacancy-placed"
      data-submission-done="vacancy"
    >
      <h2 id="vacancy-placed">{t('myVacancies.place.done.title')}</h2>
      <p>{t('myVacancies.place.done.text', { title: placed.title })}</p>
      <p>{t(placed.confirmationSent ? 'myVacancies.place.done.mail' : 'myVacancies.place.done.noMail')}</p>
      <p className="submission-done__actions">
        <AppLink to={myVacancyPath(placed.documentId)} className="button">
          {t('myVacancies.place.done.view')}
        </AppLink>
        <AppLink to={MY_VACANCIES_PATH} className="button button--secondary">
          {t('myVacancies.place.done.all')}
        </AppLink>
        <AppLink to={PLACE_VACANCY_PATH} className="button button--secondary">
          {t('myVacancies.place.done.another')}
        </AppLink>
      </p>
    </section>
  );
}

/** How placing works (beside the form). */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <aside className="vacancy-steps" aria-labelledby="vacancy-steps-title">
      <h2 id="vacancy-steps-title">{t('myVacancies.place.steps.title')}</h2>
      <ol>
        <li>{t('myVacancies.place.steps.fill')}</li>
        <li>{t('myVacancies.place.steps.review')}</li>
        <li>{t('myVacancies.place.steps.online')}</li>
        <li>{t('myVacancies.place.steps.manage')}</li>
      </ol>
      <p>
        <AppLink to={MY_VACANCIES_PATH}>{t('myVacancies.place.steps.mine')}</AppLink>
      </p>
    </aside>
  );
}

/**
 * The categories the form offers: the loader's; when it could not reach the CMS, the ones the
 * action saw, and at least the category that was posted, so an outage never loses the choice.
 */
function useFormCategories(data: PlaceVacancyData, action: VacancyActionData | undefined): CategoryOption[] {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!data.unavailable) return data.categories;
    const categories = action?.categories?.length ? action.categories : data.categories;
    const posted = action?.values.category;
    if (typeof posted !== 'string' || posted === '' || categories.some((c) => c.documentId === posted))
      return categories;
    return [...categories, { documentId: posted, name: t('myVacancies.place.categoryKept') }];
  }, [data.unavailable, data.categories, action, t]);
}

export function PlaceVacancyPage() {
  const data = useLoaderData() as PlaceVacancyData;
  const action = useActionData() as VacancyActionData | undefined;
  const { t } = useTranslation();
  const categories = useFormCategories(data, action);
  const form = vacancyForm({ today: data.today, categories, mode: 'place' });
  // One object per input: <PortalForm> starts again whenever `serverValues` is a new object.
  const initial = useMemo(
    () => ({ invoiceEmail: data.email, publishFrom: data.today }),
    [data.email, data.today],
  );
  return (
    <div className="container my-vacancies">
      <Seo
        title={t('myVacancies.place.title')}
        description={t('myVacancies.place.description')}
        path={PLACE_VACANCY_PATH}
        noindex
      />
      <header className="page-header">
        <h1>{t('myVacancies.place.title')}</h1>
        <p>{t('myVacancies.place.intro')}</p>
      </header>
      <div className="my-vacancies__layout">
        <div className="my-vacancies__main">
          {data.placed ? (
            <PlacedVacancy placed={data.placed} />
          ) : data.unavailable && !action ? (
            <p className="submission-alert submission-alert--error" role="alert" data-form-error="categories">
              {t('myVacancies.place.unavailable')}
            </p>
          ) : (
            <section className="submission-panel" aria-labelledby="vacancy-panel-title">
              <h2 id="vacancy-panel-title">{t('myVacancies.place.formTitle')}</h2>
              <p className="submission-panel__note">{t('myVacancies.place.formNote')}</p>
              <VacancyFormAlert error={action?.error} />
              <PortalForm
                key={data.today}
                form={form}
                id={VACANCY_FORM_ID}
                serverErrors={action?.errors}
                serverValues={action?.values ?? initial}
                submitLabel="myVacancies.place.submit"
              >
                <IdempotencyKeyField value={action?.idempotencyKey ?? data.idempotencyKey} />
                <VacancyFormFields mode="place" />
              </PortalForm>
            </section>
          )}
        </div>
        <HowItWorks />
      </div>
    </div>
  );
}
