import { useTranslation } from 'react-i18next';
import type { Vacancy } from '../../cms-types.ts';
import { foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { useSalaryText } from '../../ui/cards.tsx';
import { formatDate } from '../../ui/format.ts';
import { useLocale } from '../../ui/root-data.ts';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { vacancyPath } from '../../urls.ts';
import '../../ui/listing.css';
import './jobs.css';

/**
 * One vacancy in the list: category (unless `hideCategory`, on a category's own page), title,
 * employer, place, type, summary, salary and closing date.
 */
export function JobListItem({ vacancy, hideCategory }: { vacancy: Vacancy; hideCategory?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const salary = useSalaryText(vacancy);
  const names = useTaxonomyNames();
  return (
    <li className="card job-card">
      <div className="card__body">
        {vacancy.category && !hideCategory ? (
          <p className="card__kicker">{names.jobCategory(vacancy.category)}</p>
        ) : null}
        <h3 className="card__title" lang={foreignLang(vacancy, locale)}>
          <AppLink to={vacancyPath(vacancy)}>{vacancy.title}</AppLink>
        </h3>
        <p className="card__meta">
          <span className="job-card__employer">{vacancy.employer}</span> · {vacancy.location}
          {vacancy.employmentType ? ` · ${t(`vacancy.employmentType.${vacancy.employmentType}`)}` : ''}
        </p>
        {vacancy.summary ? (
          <p className="card__summary" lang={foreignLang(vacancy, locale)}>
            {vacancy.summary}
          </p>
        ) : null}
        {salary || vacancy.validThrough ? (
          <p className="job-card__footer">
            {salary ? <span className="card__salary">{salary}</span> : null}
            {vacancy.validThrough ? (
              <span className="job-card__deadline">
                {t('jobs.applyBefore', { date: formatDate(vacancy.validThrough, locale) })}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}
