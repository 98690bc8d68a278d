/**
 * Cards for lists of news, events and vacancies. A title or summary in another language than the
 * page (a Dutch item in an English list) carries its `lang` (docs/decisions/061-untranslated-content.md).
 */

import { useTranslation } from 'react-i18next';
import type { Article, Vacancy } from '../cms-types.ts';
import type { EventWithSignUp, SignUpStatus } from '../features/events/event-sign-up.ts';
import { opensOn } from '../features/events/event-time.ts';
import { foreignLang } from '../i18n/locale.ts';
import { articlePath, eventPath, vacancyPath } from '../urls.ts';
import { AppLink } from './app-link.tsx';
import { formatDate, formatEuro } from './format.ts';
import { IMAGE_SIZES } from './image-sizes.ts';
import { ResponsiveImage } from './media.tsx';
import { useLocale } from './root-data.ts';
import { useTaxonomyNames } from './taxonomy-names.ts';

/**
 * A news article teaser. `priority` for the first, above-the-fold card; `sizes` for a grid other
 * than `.grid--news` (./image-sizes.ts).
 */
export function ArticleCard({
  article,
  priority,
  lead,
  sizes,
}: {
  article: Article;
  priority?: boolean;
  lead?: boolean;
  sizes?: string;
}) {
  const locale = useLocale();
  const names = useTaxonomyNames();
  return (
    <article className={lead ? 'card card--lead' : 'card'}>
      {article.cover ? (
        <ResponsiveImage
          media={article.cover}
          className="card__image"
          priority={priority}
          sizes={sizes ?? (lead ? IMAGE_SIZES.lead : IMAGE_SIZES.card)}
        />
      ) : null}
      <div className="card__body">
        {article.topic ? <p className="card__kicker">{names.topic(article.topic)}</p> : null}
        <h3 className="card__title" lang={foreignLang(article, locale)}>
          <AppLink to={articlePath(article)}>{article.title}</AppLink>
        </h3>
        <p className="card__meta">
          <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale)}</time>
        </p>
        {article.summary ? (
          <p className="card__summary" lang={foreignLang(article, locale)}>
            {article.summary}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** The teaser text of each registration state. */
const SIGN_UP_BADGES: Record<SignUpStatus, string> = {
  open: 'event.registrationOpen',
  full: 'event.registrationFull',
  'opens-later': 'event.registrationOpensOn',
  closed: 'event.registrationClosed',
  ended: 'event.registrationClosed',
};

/**
 * An event teaser with its date in Europe/Amsterdam and its registration state
 * ("Inschrijving geopend", "Volgeboekt", "Aanmelden vanaf 15 december 2026" or "Inschrijving
 * gesloten": `event.signUp`).
 */
export function EventCard({ event }: { event: EventWithSignUp }) {
  const locale = useLocale();
  const { t } = useTranslation();
  const zone = event.timeZone ?? undefined;
  // Without a state from the loader: the CMS flag alone (open or closed).
  const status = event.signUp?.status ?? (event.registrationOpen ? 'open' : 'closed');
  return (
    <article className="card card--event">
      <p className="card__date" aria-hidden="true">
        {formatDate(event.startsAt, locale, 'day', zone)}
      </p>
      <div className="card__body">
        <h3 className="card__title" lang={foreignLang(event, locale)}>
          <AppLink to={eventPath(event)}>{event.title}</AppLink>
        </h3>
        <p className="card__meta">
          <time dateTime={event.startsAt}>{formatDate(event.startsAt, locale, 'dateTime', zone)}</time>
          {event.venue ? ` · ${event.venue}` : ''}
          {event.address?.city ? `, ${event.address.city}` : ''}
        </p>
        <p className={`card__badge card__badge--${status}`}>
          {t(SIGN_UP_BADGES[status], { date: opensOn(event, locale) })}
        </p>
      </div>
    </article>
  );
}

/** Salary text such as `€ 3.000 – € 4.200 per maand`, or null when unknown. */
export function useSalaryText(vacancy: Vacancy): string | null {
  const locale = useLocale();
  const { t } = useTranslation();
  if (!vacancy.salaryMin) return null;
  const period = t(`vacancy.period.${vacancy.salaryPeriod ?? 'MONTH'}`);
  return vacancy.salaryMax
    ? t('vacancy.salary', {
        min: formatEuro(vacancy.salaryMin, locale),
        max: formatEuro(vacancy.salaryMax, locale),
        period,
      })
    : t('vacancy.salaryFrom', { min: formatEuro(vacancy.salaryMin, locale), period });
}

/** A vacancy teaser. */
export function VacancyCard({ vacancy }: { vacancy: Vacancy }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const salary = useSalaryText(vacancy);
  return (
    <article className="card card--vacancy">
      <div className="card__body">
        <h3 className="card__title" lang={foreignLang(vacancy, locale)}>
          <AppLink to={vacancyPath(vacancy)}>{vacancy.title}</AppLink>
        </h3>
        <p className="card__meta">
          {vacancy.employer} · {vacancy.location}
          {vacancy.employmentType ? ` · ${t(`vacancy.employmentType.${vacancy.employmentType}`)}` : ''}
        </p>
        {salary ? <p className="card__salary">{salary}</p> : null}
      </div>
    </article>
  );
}
