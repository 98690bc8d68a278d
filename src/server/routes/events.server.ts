/**
 * Events list `/events` (docs/product.md#routes-and-layouts): upcoming events soonest first, past events
 * (`?periode=afgelopen`) newest first, optionally one month (`?maand=YYYY-MM`, months in
 * Europe/Amsterdam), 12 a page (`?page=n`), each with its registration state (open, full, …).
 * An unknown period, a malformed month or a page out of range is a 404 (docs/product.md#errors:
 * route validation fails). The page keeps the public cache lifetime: a state that changes (an event
 * filling up) shows once the page is rendered again (decision 096).
 */
import { data } from 'react-router';
import type { Event } from '../../shared/cms-types.ts';
import { monthRange } from '../../shared/features/events/event-months.server.ts';
import { MONTH_KEY_PATTERN, monthKey } from '../../shared/features/events/event-time.ts';
import type { EventMonth, EventPeriod, EventsData } from '../../shared/pages/events/events.page.tsx';
import { EVENT_MONTH_PARAM, EVENT_PERIOD_PARAM, EVENT_PERIOD_PAST } from '../../shared/urls.ts';
import { currentMinuteIso } from '../cms/clock.server.ts';
import { withSignUp } from '../cms/event-sign-up.server.ts';
import { findPage, notFound, pageParam } from '../cms/paging.server.ts';
import { EVENT_LIST_QUERY, pastEventFilter, upcomingEventFilter } from '../cms/queries/events.server.ts';
import { inSourceLocale, translateList } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Events per list page. */
export const EVENTS_PAGE_SIZE = 12;
/** Page size (the CMS maximum) and page limit when collecting the months that have events. */
const MONTHS_PAGE_SIZE = 100;
const MONTHS_MAX_PAGES = 20;

/** Reads `?periode`: absent or empty → upcoming, `afgelopen` → past. @throws 404 otherwise. */
function periodParam(url: URL): EventPeriod {
  const raw = url.searchParams.get(EVENT_PERIOD_PARAM);
  if (raw === null || raw === '') return 'upcoming';
  if (raw === EVENT_PERIOD_PAST) return 'past';
  throw notFound();
}

/** Reads `?maand`: absent or empty → null, `YYYY-MM` (month 01–12) → the key. @throws 404 otherwise. */
function monthParam(url: URL): string | null {
  const raw = url.searchParams.get(EVENT_MONTH_PARAM);
  if (raw === null || raw === '') return null;
  if (!MONTH_KEY_PATTERN.test(raw)) throw notFound();
  return raw;
}

/**
 * The months (Europe/Amsterdam) in which events of the period start, with their event counts,
 * in the period's order (upcoming: ascending, past: descending).
 */
async function eventMonths(ctx: PortalContext, filters: object, period: EventPeriod): Promise<EventMonth[]> {
  const counts = new Map<string, number>();
  for (let page = 1; page <= MONTHS_MAX_PAGES; page++) {
    const list = await ctx.strapi.find<Pick<Event, 'startsAt'>>(
      'events',
      inSourceLocale({
        fields: ['startsAt'],
        filters,
        sort: ['startsAt:asc'],
        pagination: { page, pageSize: MONTHS_PAGE_SIZE },
      }),
    );
    for (const event of list.data) {
      const key = monthKey(event.startsAt);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (page >= (list.meta.pagination?.pageCount ?? 1)) break;
  }
  const months = [...counts].map(([value, count]) => ({ value, count }));
  months.sort((a, b) =>
    period === 'past' ? b.value.localeCompare(a.value) : a.value.localeCompare(b.value),
  );
  return months;
}

/** Loader of `events` (`/events`, `/en/events`). */
export async function loader({ request, context }: PortalLoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(request);
  const period = periodParam(url);
  const month = monthParam(url);
  const now = currentMinuteIso();
  const periodFilter = period === 'past' ? pastEventFilter(now) : upcomingEventFilter(now);
  const range = month ? monthRange(month) : null;
  const filters = range
    ? { $and: [periodFilter, { startsAt: { $gte: range.start, $lt: range.end } }] }
    : periodFilter;
  const [list, months] = await Promise.all([
    findPage<Event>(
      context.strapi,
      'events',
      inSourceLocale({
        ...EVENT_LIST_QUERY,
        filters,
        sort: [period === 'past' ? 'startsAt:desc' : 'startsAt:asc', 'title:asc'],
      }),
      page,
      EVENTS_PAGE_SIZE,
    ),
    eventMonths(context, periodFilter, period),
  ]);
  const { pagination } = list;
  const body: EventsData = {
    period,
    month,
    months,
    events: await withSignUp(context, await translateList(context, 'events', list.data), now),
    pagination,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
