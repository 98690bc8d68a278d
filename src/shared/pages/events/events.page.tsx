/**
 * Events list: tabs for upcoming and past events (real links), a month filter as a GET form
 * (works without JavaScript), the events grouped by month, pagination with real links.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Event, StrapiPagination } from '../../cms-types.ts';
import { EventListItem } from '../../features/events/event-list-item.tsx';
import { monthKey, monthMidpoint } from '../../features/events/event-time.ts';
import { localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import {
  EVENT_MONTH_PARAM,
  EVENT_PERIOD_PARAM,
  EVENT_PERIOD_PAST,
  EVENTS_PATH,
  withQuery,
} from '../../urls.ts';
import '../../ui/listing.css';
import '../../features/events/events.css';

/** Which events the list shows: not yet ended, or ended. */
export type EventPeriod = 'upcoming' | 'past';

/** A month (`YYYY-MM`, Europe/Amsterdam) in which `count` events of the period start. */
export interface EventMonth {
  value: string;
  count: number;
}

export interface EventsData {
  period: EventPeriod;
  /** The month filter (`YYYY-MM`), or null for all months. */
  month: string | null;
  /** Months of the period that have events, for the month filter. */
  months: EventMonth[];
  events: Event[];
  pagination: StrapiPagination;
}

/** Groups events by the month they start in, keeping their order. */
function byMonth(events: Event[]): Array<{ key: string; events: Event[] }> {
  const groups: Array<{ key: string; events: Event[] }> = [];
  for (const event of events) {
    const key = monthKey(event.startsAt);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.events.push(event);
    else groups.push({ key, events: [event] });
  }
  return groups;
}

export function EventsPage() {
  const { period, month, months, events, pagination } = useLoaderData() as EventsData;
  const { t } = useTranslation();
  const locale = useLocale();
  const past = period === 'past';
  const periodValue = past ? EVENT_PERIOD_PAST : null;
  const query = { [EVENT_PERIOD_PARAM]: periodValue, [EVENT_MONTH_PARAM]: month };
  const monthName = (key: string) => formatDate(monthMidpoint(key), locale, 'monthYear');
  const heading = month
    ? t('events.monthTitle', { month: monthName(month) })
    : past
      ? t('events.past')
      : t('events.upcoming');
  const pageSuffix = pagination.page > 1 ? ` · ${t('pagination.page', { page: pagination.page })}` : '';
  const count = month
    ? t('events.monthCount', { count: pagination.total, month: monthName(month) })
    : past
      ? t('events.pastCount', { count: pagination.total })
      : t('events.upcomingCount', { count: pagination.total });
  return (
    <div className="container events-page">
      <Seo
        title={`${heading}${pageSuffix}`}
        description={past ? t('events.pastDescription') : t('events.description')}
        path={withQuery(EVENTS_PATH, { ...query, page: pagination.page > 1 ? pagination.page : null })}
        noindex={pagination.total === 0}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('events.kicker'), path: EVENTS_PATH }]} />
      <header className="page-header">
        <p className="card__kicker">{t('events.kicker')}</p>
        <h1>{heading}</h1>
        <p>{t('events.intro')}</p>
      </header>
      <div className="list-toolbar">
        <nav className="segmented" aria-label={t('events.periods')}>
          <AppLink to={EVENTS_PATH} aria-current={past ? undefined : 'page'} className="segmented__link">
            {t('events.upcoming')}
          </AppLink>
          <AppLink
            to={withQuery(EVENTS_PATH, { [EVENT_PERIOD_PARAM]: EVENT_PERIOD_PAST })}
            aria-current={past ? 'page' : undefined}
            className="segmented__link"
          >
            {t('events.past')}
          </AppLink>
        </nav>
        {months.length ? (
          <form
            key={`${period}|${month ?? ''}`}
            method="get"
            action={localizePath(EVENTS_PATH, locale)}
            className="filter-inline"
            aria-label={t('events.filterLabel')}
          >
            {periodValue ? <input type="hidden" name={EVENT_PERIOD_PARAM} value={periodValue} /> : null}
            <label htmlFor="events-month">{t('events.month')}</label>
            <select id="events-month" name={EVENT_MONTH_PARAM} defaultValue={month ?? ''}>
              <option value="">{t('events.allMonths')}</option>
              {months.map((item) => (
                <option key={item.value} value={item.value}>
                  {t('events.monthOption', { month: monthName(item.value), count: item.count })}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              {t('events.show')}
            </button>
          </form>
        ) : null}
      </div>
      <p className="list-count">{count}</p>
      {events.length ? (
        byMonth(events).map((group) => (
          <section key={group.key} className="events-month" aria-labelledby={`events-month-${group.key}`}>
            <h2 id={`events-month-${group.key}`} className="section-title events-month__title">
              {monthName(group.key)}
            </h2>
            <ul className="event-list">
              {group.events.map((event) => (
                <EventListItem key={event.documentId} event={event} past={past} />
              ))}
            </ul>
          </section>
        ))
      ) : (
        <div className="empty-state">
          <p>
            {month
              ? t('events.emptyMonth', { month: monthName(month) })
              : past
                ? t('events.emptyPast')
                : t('events.emptyUpcoming')}
          </p>
          <p>
            {month ? (
              <AppLink to={withQuery(EVENTS_PATH, { [EVENT_PERIOD_PARAM]: periodValue })}>
                {t('events.allMonths')}
              </AppLink>
            ) : past ? (
              <AppLink to={EVENTS_PATH}>{t('events.upcoming')}</AppLink>
            ) : (
              <AppLink to={withQuery(EVENTS_PATH, { [EVENT_PERIOD_PARAM]: EVENT_PERIOD_PAST })}>
                {t('events.past')}
              </AppLink>
            )}
          </p>
        </div>
      )}
      <Pagination
        path={EVENTS_PATH}
        hrefFor={(p) => withQuery(EVENTS_PATH, { ...query, page: p > 1 ? p : null })}
        page={pagination.page}
        pageCount={pagination.pageCount}
      />
    </div>
  );
}
