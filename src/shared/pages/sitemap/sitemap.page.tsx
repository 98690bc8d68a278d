/**
 * Human sitemap by period (docs/product.md#routes-and-layouts): the overview of years and months, a year
 * with its months, and a month with its articles and events. Counts and rules are in
 * src/server/routes/sitemap.server.ts.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, Event, StrapiPagination } from '../../cms-types.ts';
import { eventTimeZone } from '../../features/events/event-time.ts';
import { foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { articlePath, eventPath, sitemapPath } from '../../urls.ts';
import { monthLabel, monthName, type YearMonth } from './period.ts';
import './sitemap.css';

/** Content counts of one month (`month` 1–12). */
export interface MonthSummary {
  month: number;
  articles: number;
  events: number;
}

/** Content counts of one year and its months with content (January first). */
export interface YearSummary {
  year: number;
  articles: number;
  events: number;
  months: MonthSummary[];
}

/** Data of `/sitemap`: years newest first. */
export interface SitemapData {
  years: YearSummary[];
  totals: { articles: number; events: number };
}

/** Data of `/sitemap/{year}`, with the nearest years with content. */
export interface SitemapYearData {
  year: YearSummary;
  previous: number | null;
  next: number | null;
}

/** Data of `/sitemap/{year}/{month}`, with the nearest months with content. */
export interface SitemapMonthData {
  period: YearMonth;
  articles: Article[];
  events: Event[];
  counts: { articles: number; events: number };
  pagination: StrapiPagination;
  previous: YearMonth | null;
  next: YearMonth | null;
}

/**
 * "12 artikelen · 2 evenementen": the event part only when there are events, the article part
 * only when there are articles (or nothing at all).
 */
function useCountText(): (counts: { articles: number; events: number }) => string {
  const { t } = useTranslation();
  return ({ articles, events }) => {
    const articleText = t('sitemapPage.articleCount', { count: articles });
    const eventText = t('sitemapPage.eventCount', { count: events });
    if (!events) return articleText;
    if (!articles) return eventText;
    return t('sitemapPage.countsWithEvents', { articles: articleText, events: eventText });
  };
}

/** Breadcrumb trail: Sitemap › 2026 › maart. */
function Trail({ year, month }: { year?: number; month?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <nav className="sitemap-trail" aria-label={t('sitemapPage.breadcrumb')}>
      <ol>
        <li>
          <AppLink to={sitemapPath()}>{t('sitemapPage.title')}</AppLink>
        </li>
        {year !== undefined ? (
          <li>
            {month !== undefined ? (
              <AppLink to={sitemapPath(year)}>{year}</AppLink>
            ) : (
              <span aria-current="page">{year}</span>
            )}
          </li>
        ) : null}
        {year !== undefined && month !== undefined ? (
          <li>
            <span aria-current="page">{monthName(month, locale)}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

/** The `BreadcrumbList` of a sitemap page: the same steps as {@link Trail}, below Home. */
function SitemapCrumbs({ year, month }: { year?: number; month?: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <BreadcrumbJsonLd
      crumbs={[
        { name: t('sitemapPage.title'), path: sitemapPath() },
        ...(year !== undefined ? [{ name: String(year), path: sitemapPath(year) }] : []),
        ...(year !== undefined && month !== undefined
          ? [{ name: monthName(month, locale), path: sitemapPath(year, month) }]
          : []),
      ]}
    />
  );
}

/** Links to the previous and next period with content. */
function PeriodNav({
  previous,
  next,
}: {
  previous: { path: string; label: string } | null;
  next: { path: string; label: string } | null;
}) {
  const { t } = useTranslation();
  if (!previous && !next) return null;
  return (
    <nav className="sitemap-periods" aria-label={t('sitemapPage.periodNav')}>
      {previous ? (
        <AppLink to={previous.path} rel="prev" className="sitemap-periods__previous">
          <span className="sitemap-periods__hint">{t('sitemapPage.previous')}</span>
          {previous.label}
        </AppLink>
      ) : (
        <span />
      )}
      {next ? (
        <AppLink to={next.path} rel="next" className="sitemap-periods__next">
          <span className="sitemap-periods__hint">{t('sitemapPage.next')}</span>
          {next.label}
        </AppLink>
      ) : null}
    </nav>
  );
}

/** `/sitemap`: every year with its months. */
export function SitemapPage() {
  const { years, totals } = useLoaderData() as SitemapData;
  const { t } = useTranslation();
  const locale = useLocale();
  const countText = useCountText();
  return (
    <div className="container sitemap">
      <Seo
        title={t('sitemapPage.title')}
        description={t('sitemapPage.description', { counts: countText(totals) })}
        path={sitemapPath()}
      />
      <SitemapCrumbs />
      <header className="page-header">
        <h1>{t('sitemapPage.title')}</h1>
        <p>{t('sitemapPage.intro', { counts: countText(totals) })}</p>
      </header>
      {years.length ? (
        <ol className="sitemap-years">
          {years.map((year) => (
            <li key={year.year} className="sitemap-year" data-year={year.year}>
              <h2 className="sitemap-year__title">
                <AppLink to={sitemapPath(year.year)}>{year.year}</AppLink>
              </h2>
              <p className="sitemap-year__count">{countText(year)}</p>
              <ul className="sitemap-months">
                {year.months.map((month) => (
                  <li key={month.month}>
                    {/* Named by its visible text plus hidden context (WCAG 2.5.3: the label is in the name). */}
                    <AppLink
                      to={sitemapPath(year.year, month.month)}
                      className="sitemap-months__item"
                      data-month={month.month}
                    >
                      <span>{monthName(month.month, locale, 'short')}</span>
                      <span className="visually-hidden"> {year.year}:</span>{' '}
                      <span className="sitemap-months__count">{month.articles + month.events}</span>
                      <span className="visually-hidden"> ({countText(month)})</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : (
        <p className="empty-state">{t('sitemapPage.empty')}</p>
      )}
    </div>
  );
}

/** `/sitemap/{year}`: the twelve months, linked where there is content. */
export function SitemapYearPage() {
  const { year, previous, next } = useLoaderData() as SitemapYearData;
  const { t } = useTranslation();
  const locale = useLocale();
  const countText = useCountText();
  const byMonth = new Map(year.months.map((month) => [month.month, month]));
  return (
    <div className="container sitemap">
      <Seo
        title={t('sitemapPage.yearTitle', { year: year.year })}
        description={t('sitemapPage.yearDescription', { year: year.year, counts: countText(year) })}
        path={sitemapPath(year.year)}
      />
      <SitemapCrumbs year={year.year} />
      <Trail year={year.year} />
      <header className="page-header">
        <h1>{t('sitemapPage.yearTitle', { year: year.year })}</h1>
        <p>{countText(year)}</p>
      </header>
      <ol className="sitemap-calendar">
        {Array.from({ length: 12 }, (_, index) => index + 1).map((number) => {
          const month = byMonth.get(number);
          return (
            <li
              key={number}
              className={
                month ? 'sitemap-calendar__month' : 'sitemap-calendar__month sitemap-calendar__month--empty'
              }
              data-month={number}
            >
              {month ? (
                <AppLink to={sitemapPath(year.year, number)}>
                  <span className="sitemap-calendar__name">{monthName(number, locale)}</span>
                  <span className="sitemap-calendar__count">{countText(month)}</span>
                </AppLink>
              ) : (
                <>
                  <span className="sitemap-calendar__name">{monthName(number, locale)}</span>
                  <span className="sitemap-calendar__count">{t('sitemapPage.nothing')}</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
      <PeriodNav
        previous={previous === null ? null : { path: sitemapPath(previous), label: String(previous) }}
        next={next === null ? null : { path: sitemapPath(next), label: String(next) }}
      />
    </div>
  );
}

/** `/sitemap/{year}/{month}`: the month's articles and events. */
export function SitemapMonthPage() {
  const { period, articles, events, counts, pagination, previous, next } =
    useLoaderData() as SitemapMonthData;
  const { t } = useTranslation();
  const locale = useLocale();
  const countText = useCountText();
  const label = monthLabel(period, locale);
  const path = sitemapPath(period.year, period.month);
  return (
    <div className="container sitemap">
      <Seo
        title={
          pagination.page > 1
            ? `${t('sitemapPage.monthTitle', { month: label })} · ${t('pagination.page', { page: pagination.page })}`
            : t('sitemapPage.monthTitle', { month: label })
        }
        description={t('sitemapPage.monthDescription', { month: label, counts: countText(counts) })}
        path={pagination.page > 1 ? `${path}?page=${pagination.page}` : path}
      />
      <SitemapCrumbs year={period.year} month={period.month} />
      <Trail year={period.year} month={period.month} />
      <header className="page-header">
        <h1>{t('sitemapPage.monthTitle', { month: label })}</h1>
        <p>{countText(counts)}</p>
      </header>
      <div className="sitemap-month">
        {articles.length ? (
          <section aria-labelledby="sitemap-articles">
            <h2 id="sitemap-articles" className="section-title">
              {t('sitemapPage.articles')}
            </h2>
            <ol className="sitemap-list">
              {articles.map((article) => (
                <li key={article.documentId} data-article={article.documentId}>
                  <time dateTime={article.publishDate}>{formatDate(article.publishDate, locale, 'day')}</time>
                  <AppLink to={articlePath(article)} lang={foreignLang(article, locale)}>
                    {article.title}
                  </AppLink>
                </li>
              ))}
            </ol>
            <Pagination path={path} page={pagination.page} pageCount={pagination.pageCount} />
          </section>
        ) : null}
        {events.length ? (
          <section aria-labelledby="sitemap-events">
            <h2 id="sitemap-events" className="section-title">
              {t('sitemapPage.events')}
            </h2>
            <ol className="sitemap-list">
              {events.map((event) => (
                <li key={event.documentId} data-event={event.documentId}>
                  <time dateTime={event.startsAt}>
                    {formatDate(event.startsAt, locale, 'day', eventTimeZone(event))}
                  </time>
                  <AppLink to={eventPath(event)} lang={foreignLang(event, locale)}>
                    {event.title}
                  </AppLink>
                  {event.venue ? <span className="sitemap-list__meta">{event.venue}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
      <PeriodNav
        previous={
          previous
            ? { path: sitemapPath(previous.year, previous.month), label: monthLabel(previous, locale) }
            : null
        }
        next={next ? { path: sitemapPath(next.year, next.month), label: monthLabel(next, locale) } : null}
      />
    </div>
  );
}
