/**
 * Human sitemap by period (docs/product.md#routes-and-layouts): `/sitemap` (years with their article and
 * event counts and the months that have content), `/sitemap/{year}` (its months with counts) and
 * `/sitemap/{year}/{month}` (the articles published and events starting in that month, 100
 * articles a page). Periods are calendar periods in Europe/Amsterdam, the portal's time zone.
 *
 * Counts come from one paged read of only the `publishDate` of every published article and the
 * `startsAt` of every event (findAll: one CMS call per 100 entries, cached 10 s by the CMS
 * client); the month page reads its items with a date-range filter. An invalid period (`0999`,
 * month `13`, `abc`) or one without articles and events is a 404; a month without its leading
 * zero answers 301 to the two-digit URL. Previous/next links go to the nearest period with content.
 * Under `/en` the month page shows the English title of each article and event that has one
 * (one more CMS call per list, translations.server.ts; docs/decisions/112-english-pages-speak-english.md).
 */
import { data, redirect } from 'react-router';
import type { Article, Event } from '../../shared/cms-types.ts';
import { monthRange as monthKeyRange } from '../../shared/features/events/event-months.server.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import {
  monthIndex,
  neighbours,
  parseMonth,
  parseYear,
  type YearMonth,
} from '../../shared/pages/sitemap/period.ts';
import type {
  MonthSummary,
  SitemapData,
  SitemapMonthData,
  SitemapYearData,
  YearSummary,
} from '../../shared/pages/sitemap/sitemap.page.tsx';
import { calendarDate, SITE_TIME_ZONE } from '../../shared/ui/format.ts';
import { sitemapPath } from '../../shared/urls.ts';
import { findAll } from '../cms/find-all.server.ts';
import { findPage, notFound, pageParam } from '../cms/paging.server.ts';
import { inSourceLocale, translateList } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Articles per month page. */
const SITEMAP_MONTH_PAGE_SIZE = 100;

/** The calendar month (Europe/Amsterdam) of an ISO date-time, or null for an invalid value. */
export function periodOf(iso: string): YearMonth | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const [year, month] = calendarDate(time, SITE_TIME_ZONE).split('-').map(Number) as [number, number];
  return { year, month };
}

/** The UTC instants (ISO) where a month starts and the next one starts, in Europe/Amsterdam. */
export function monthRange({ year, month }: YearMonth): { start: string; end: string } {
  return monthKeyRange(`${year}-${String(month).padStart(2, '0')}`, SITE_TIME_ZONE);
}

/**
 * Every year with content, newest first, each with its months that have content (January first).
 * Costs ceil(articles / 100) + ceil(events / 100) CMS calls, all cached.
 */
async function contentCalendar(ctx: PortalContext): Promise<YearSummary[]> {
  const [articles, events] = await Promise.all([
    findAll<Pick<Article, 'publishDate'>>(
      ctx.strapi,
      'articles',
      inSourceLocale({ fields: ['publishDate'] }),
    ),
    findAll<Pick<Event, 'startsAt'>>(ctx.strapi, 'events', inSourceLocale({ fields: ['startsAt'] })),
  ]);
  const months = new Map<number, MonthSummary & { year: number }>();
  const add = (iso: string, kind: 'articles' | 'events') => {
    const period = periodOf(iso);
    if (!period) return;
    const index = monthIndex(period);
    const entry = months.get(index) ?? { ...period, articles: 0, events: 0 };
    entry[kind] += 1;
    months.set(index, entry);
  };
  for (const article of articles) add(article.publishDate, 'articles');
  for (const event of events) add(event.startsAt, 'events');
  const years = new Map<number, YearSummary>();
  for (const index of [...months.keys()].sort((a, b) => a - b)) {
    const { year, ...month } = months.get(index) as MonthSummary & { year: number };
    const summary = years.get(year) ?? { year, articles: 0, events: 0, months: [] };
    summary.articles += month.articles;
    summary.events += month.events;
    summary.months.push(month);
    years.set(year, summary);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

/** Loader of `/sitemap`. */
export async function loader({ context }: PortalLoaderArgs) {
  const years = await contentCalendar(context);
  const body: SitemapData = {
    years,
    totals: {
      articles: years.reduce((sum, year) => sum + year.articles, 0),
      events: years.reduce((sum, year) => sum + year.events, 0),
    },
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/sitemap/{year}`. */
export async function yearLoader({ params, context }: PortalLoaderArgs) {
  const year = parseYear(params.year);
  if (year === null) throw notFound();
  const years = await contentCalendar(context);
  const summary = years.find((entry) => entry.year === year);
  if (!summary) throw notFound();
  const ascending = [...years].reverse();
  const { previous, next } = neighbours(ascending, (entry) => entry.year, year);
  const body: SitemapYearData = {
    year: summary,
    previous: previous?.year ?? null,
    next: next?.year ?? null,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/sitemap/{year}/{month}?page=n`. */
export async function monthLoader({ params, request, context }: PortalLoaderArgs) {
  const year = parseYear(params.year);
  const month = parseMonth(params.month);
  if (year === null || month === null) throw notFound();
  const page = pageParam(request);
  const canonical = sitemapPath(year, month);
  if (`/sitemap/${params.year}/${params.month}` !== canonical) {
    throw redirect(localizePath(canonical, context.locale) + new URL(request.url).search, 301);
  }
  const period = { year, month };
  const months = (await contentCalendar(context))
    .reverse()
    .flatMap((entry) => entry.months.map((summary) => ({ ...summary, year: entry.year })));
  const summary = months.find((entry) => entry.year === year && entry.month === month);
  if (!summary) throw notFound();
  const { start, end } = monthRange(period);
  const [articles, events] = await Promise.all([
    findPage<Article>(
      context.strapi,
      'articles',
      inSourceLocale({
        fields: ['title', 'slug', 'publishDate'],
        filters: { publishDate: { $gte: start, $lt: end } },
        sort: ['publishDate:asc', 'title:asc'],
      }),
      page,
      SITEMAP_MONTH_PAGE_SIZE,
    ),
    page === 1
      ? findAll<Event>(
          context.strapi,
          'events',
          inSourceLocale({
            fields: ['title', 'slug', 'startsAt', 'timeZone', 'venue'],
            filters: { startsAt: { $gte: start, $lt: end } },
            sort: ['startsAt:asc', 'title:asc'],
          }),
        )
      : Promise.resolve([] as Event[]),
  ]);
  const { pagination } = articles;
  const { previous, next } = neighbours(months, monthIndex, monthIndex(period));
  // Under /en the English titles where a translation exists (decision 112; order stays Dutch).
  const [translatedArticles, translatedEvents] = await Promise.all([
    translateList(context, 'articles', articles.data),
    translateList(context, 'events', events),
  ]);
  const body: SitemapMonthData = {
    period,
    articles: translatedArticles,
    events: translatedEvents,
    counts: { articles: pagination.total, events: summary.events },
    pagination,
    previous: previous ? { year: previous.year, month: previous.month } : null,
    next: next ? { year: next.year, month: next.month } : null,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
