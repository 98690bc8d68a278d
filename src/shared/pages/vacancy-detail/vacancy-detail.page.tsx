/**
 * Vacancy detail: title, employer (linked to its partner page or website), facts (workplace
 * address, posting date, employment type, salary, category, closing date),
 * description, apply button (the employer's page or e-mail) and JobPosting JSON-LD. An expired
 * vacancy (answered with 410) explains that it is closed, links to open vacancies of the same
 * category and to all vacancies, and has no apply button and no JobPosting.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useContentPageview } from '../../analytics/use-content-pageview.ts';
import type { Vacancy } from '../../cms-types.ts';
import { JobListItem } from '../../features/vacancies/job-list-item.tsx';
import { contentLocaleOf, DUTCH_CONTENT, foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { useSalaryText } from '../../ui/cards.tsx';
import { formatDate } from '../../ui/format.ts';
import { JsonLd } from '../../ui/json-ld.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { jobPostingJsonLd } from '../../ui/schema-org.ts';
import { Seo } from '../../ui/seo.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { JOBS_PATH, jobCategoryPath, partnerPath, vacancyPath } from '../../urls.ts';
import '../../ui/listing.css';
import '../../features/vacancies/jobs.css';

export interface VacancyDetailData {
  /** The vacancy; without `description` when it has expired. */
  vacancy: Vacancy;
  /** `validThrough` has passed (decided by the loader; the document status is 410). */
  expired: boolean;
  /** The description as HTML for the JobPosting JSON-LD; null when expired. */
  descriptionHtml: string | null;
  /** Open vacancies of the same category, newest first. */
  similar: Vacancy[];
}

/** `mailto:` link with a subject naming the vacancy. */
function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

export function VacancyDetailPage() {
  const { vacancy, expired, descriptionHtml, similar } = useLoaderData() as VacancyDetailData;
  useContentPageview('vacancy', vacancy.documentId);
  const { t } = useTranslation();
  const locale = useLocale();
  // The language of the text (decision 061): English under /en when translated, else Dutch; the
  // structured data names the page in that language, as the canonical does.
  const contentLocale = contentLocaleOf(vacancy);
  const root = useRootData();
  const salary = useSalaryText(vacancy);
  const category = vacancy.category;
  const names = useTaxonomyNames();
  const categoryName = category ? names.jobCategory(category) : '';
  const closing = vacancy.validThrough ? formatDate(vacancy.validThrough, locale) : null;
  // A calendar date: formatted at noon UTC, so every time zone shows the same day.
  const posted = vacancy.publishFrom ? formatDate(`${vacancy.publishFrom}T12:00:00Z`, locale) : null;
  const type = vacancy.employmentType ? t(`vacancy.employmentType.${vacancy.employmentType}`) : null;
  return (
    <div className="container vacancy-detail">
      <Seo
        contentLocales={vacancy.locales ?? DUTCH_CONTENT}
        title={expired ? t('jobs.closedTitle', { title: vacancy.title }) : vacancy.title}
        description={
          vacancy.summary ??
          t('jobs.detailDescription', {
            title: vacancy.title,
            employer: vacancy.employer,
            location: vacancy.location,
          })
        }
        path={vacancyPath(vacancy)}
        noindex={expired}
      />
      {expired || descriptionHtml === null ? null : (
        <JsonLd
          data={jobPostingJsonLd(vacancy, descriptionHtml, {
            siteUrl: root?.siteUrl ?? '',
            locale: contentLocale,
          })}
        />
      )}
      <Breadcrumb
        crumbs={[
          { name: t('jobs.title'), path: JOBS_PATH },
          ...(category ? [{ name: categoryName, path: jobCategoryPath(category) }] : []),
          { name: vacancy.title, path: vacancyPath(vacancy), lang: foreignLang(vacancy, locale) },
        ]}
      />
      <article className="vacancy">
        <UntranslatedNote kind="vacancy" contentLocale={contentLocale} />
        <header className="vacancy__header">
          {category ? (
            <p className="card__kicker">
              <AppLink to={jobCategoryPath(category)}>{categoryName}</AppLink>
            </p>
          ) : null}
          <h1 lang={contentLocale}>{vacancy.title}</h1>
          <p className="vacancy__employer">
            {vacancy.employer} · {vacancy.location}
          </p>
        </header>
        {expired ? (
          <section className="vacancy-closed" aria-labelledby="vacancy-closed-title">
            <h2 id="vacancy-closed-title">{t('jobs.closedHeading')}</h2>
            <p>{closing ? t('jobs.closedText', { date: closing }) : t('jobs.closedTextNoDate')}</p>
            <p>{t('jobs.closedHelp')}</p>
            <p className="vacancy-closed__links">
              {category ? (
                <AppLink to={jobCategoryPath(category)} className="button">
                  {t('jobs.openInCategory', { category: categoryName })}
                </AppLink>
              ) : null}
              <AppLink to={JOBS_PATH} className="button button--secondary">
                {t('jobs.allVacancies')}
              </AppLink>
            </p>
          </section>
        ) : null}
        <div className="detail-layout">
          <aside className="facts-box" aria-label={t('jobs.facts')}>
            <dl>
              <dt>{t('jobs.employer')}</dt>
              <dd>
                {vacancy.partner ? (
                  <AppLink to={partnerPath(vacancy.partner)}>{vacancy.employer}</AppLink>
                ) : vacancy.employerWebsite ? (
                  <a href={vacancy.employerWebsite} rel="noopener noreferrer">
                    {vacancy.employer}
                  </a>
                ) : (
                  vacancy.employer
                )}
              </dd>
              <dt>{t('jobs.location')}</dt>
              <dd>
                <address className="vacancy__address">
                  {vacancy.street ? <span>{vacancy.street}</span> : null}
                  <span>{[vacancy.postalCode, vacancy.location].filter(Boolean).join(' ')}</span>
                  {vacancy.region ? <span>{vacancy.region}</span> : null}
                </address>
              </dd>
              {posted ? (
                <>
                  <dt>{t('jobs.datePosted')}</dt>
                  <dd>
                    <time dateTime={vacancy.publishFrom ?? undefined}>{posted}</time>
                  </dd>
                </>
              ) : null}
              {type ? (
                <>
                  <dt>{t('jobs.employmentType')}</dt>
                  <dd>{type}</dd>
                </>
              ) : null}
              {salary ? (
                <>
                  <dt>{t('jobs.salary')}</dt>
                  <dd className="vacancy__salary">{salary}</dd>
                </>
              ) : null}
              {category ? (
                <>
                  <dt>{t('jobs.category')}</dt>
                  <dd>
                    <AppLink to={jobCategoryPath(category)}>{categoryName}</AppLink>
                  </dd>
                </>
              ) : null}
              {closing ? (
                <>
                  <dt>{expired ? t('jobs.closedOn') : t('jobs.validThrough')}</dt>
                  <dd>
                    <time dateTime={vacancy.validThrough ?? undefined}>{closing}</time>
                  </dd>
                </>
              ) : null}
            </dl>
            <div className="facts-box__actions">
              {expired ? (
                <p className="facts-box__status">{t('jobs.closedStatus')}</p>
              ) : vacancy.applyUrl ? (
                <>
                  <a
                    href={vacancy.applyUrl}
                    className="button button--secondary vacancy__apply"
                    rel="noopener noreferrer"
                  >
                    {t('jobs.apply')}
                  </a>
                  <p className="facts-box__note">{t('jobs.applyNote', { employer: vacancy.employer })}</p>
                </>
              ) : vacancy.applyEmail ? (
                <>
                  <a
                    href={mailtoHref(vacancy.applyEmail, t('jobs.applySubject', { title: vacancy.title }))}
                    className="button button--secondary vacancy__apply"
                  >
                    {t('jobs.applyByEmail')}
                  </a>
                  <p className="facts-box__note">{vacancy.applyEmail}</p>
                </>
              ) : (
                <p className="facts-box__status">{t('jobs.applyContact', { employer: vacancy.employer })}</p>
              )}
            </div>
          </aside>
          <div className="detail-layout__main">
            {expired ? (
              vacancy.summary ? (
                <p className="article__lead" lang={contentLocale}>
                  {vacancy.summary}
                </p>
              ) : null
            ) : (
              <div lang={contentLocale}>
                <RichText content={vacancy.description} className="prose" />
              </div>
            )}
          </div>
        </div>
      </article>
      {similar.length ? (
        <section aria-labelledby="similar-title" className="related">
          <h2 id="similar-title" className="section-title">
            {category ? t('jobs.similarIn', { category: categoryName }) : t('jobs.similar')}
          </h2>
          <ul className="job-list">
            {similar.map((item) => (
              <JobListItem key={item.documentId} vacancy={item} hideCategory={Boolean(category)} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
