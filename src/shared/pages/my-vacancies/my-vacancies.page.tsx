/**
 * `/jobs/mijn` (docs/product.md#routes-and-layouts "the user's own vacancies"): the signed-in account holder's
 * vacancies with their status (pending review, published, rejected, withdrawn, expired), the
 * publication period, a link to edit each one and, when published, to its public page. Paginated
 * with `?page=n`; real links throughout, so it works without JavaScript.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { OWN_VACANCY_STATUSES, type OwnVacancySummary } from '../../features/vacancies/my-vacancies-data.ts';
import { StatusBadge, usePeriodText } from '../../features/vacancies/vacancy-ui.tsx';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { MY_VACANCIES_PATH, myVacancyPath, PLACE_VACANCY_PATH, vacancyPath } from '../../urls.ts';

/** Loader data of `/jobs/mijn`. */
export interface MyVacanciesData {
  vacancies: OwnVacancySummary[];
  page: number;
  pageCount: number;
  total: number;
}

/** One vacancy in the list. */
function OwnVacancyItem({ vacancy }: { vacancy: OwnVacancySummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const period = usePeriodText(vacancy.publishFrom, vacancy.validThrough);
  const meta = [vacancy.employer, vacancy.location, vacancy.category?.name].filter(Boolean).join(' · ');
  return (
    <li className={`own-vacancy own-vacancy--${vacancy.status}`} data-vacancy={vacancy.documentId}>
      <div className="own-vacancy__main">
        <h2 className="own-vacancy__title">
          <AppLink to={myVacancyPath(vacancy.documentId)}>{vacancy.title}</AppLink>
        </h2>
        <p className="own-vacancy__meta">{meta}</p>
        {period ? <p className="own-vacancy__meta">{period}</p> : null}
        <p className="own-vacancy__meta own-vacancy__meta--small">
          {t('myVacancies.list.placedOn', { date: formatDate(vacancy.createdAt, locale) })}
        </p>
      </div>
      <div className="own-vacancy__side">
        <StatusBadge status={vacancy.status} />
        <p className="own-vacancy__actions">
          <AppLink to={myVacancyPath(vacancy.documentId)}>
            {t(vacancy.status === 'withdrawn' ? 'myVacancies.list.view' : 'myVacancies.list.edit')}
            <span className="visually-hidden">: {vacancy.title}</span>
          </AppLink>
          {vacancy.status === 'published' ? (
            <AppLink to={vacancyPath(vacancy)}>
              {t('myVacancies.list.public')}
              <span className="visually-hidden">: {vacancy.title}</span>
            </AppLink>
          ) : null}
        </p>
      </div>
    </li>
  );
}

export function MyVacanciesPage() {
  const { vacancies, page, pageCount, total } = useLoaderData() as MyVacanciesData;
  const { t } = useTranslation();
  return (
    <div className="container my-vacancies">
      <Seo
        title={t('myVacancies.list.title')}
        description={t('myVacancies.list.description')}
        path={page > 1 ? `${MY_VACANCIES_PATH}?page=${page}` : MY_VACANCIES_PATH}
        noindex
      />
      <header className="page-header my-vacancies__header">
        <div>
          <h1>{t('myVacancies.list.title')}</h1>
          <p>{total > 0 ? t('myVacancies.list.count', { count: total }) : t('myVacancies.list.intro')}</p>
        </div>
        <AppLink to={PLACE_VACANCY_PATH} className="button">
          {t('myVacancies.list.place')}
        </AppLink>
      </header>
      {vacancies.length === 0 ? (
        <div className="empty-state">
          <p>{t('myVacancies.list.empty')}</p>
          <AppLink to={PLACE_VACANCY_PATH} className="button">
            {t('myVacancies.list.place')}
          </AppLink>
        </div>
      ) : (
        <>
          <ul className="own-vacancies">
            {vacancies.map((vacancy) => (
              <OwnVacancyItem key={vacancy.documentId} vacancy={vacancy} />
            ))}
          </ul>
          <Pagination path={MY_VACANCIES_PATH} page={page} pageCount={pageCount} />
        </>
      )}
      <section className="vacancy-legend" aria-labelledby="vacancy-legend-title">
        <h2 id="vacancy-legend-title">{t('myVacancies.legend.title')}</h2>
        <dl>
          {OWN_VACANCY_STATUSES.map((status) => (
            <div key={status} className="vacancy-legend__item">
              <dt>
                <StatusBadge status={status} />
              </dt>
              <dd>{t(`myVacancies.legend.${status}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
