/**
 * Unprefixed paths of the agenda and the vacancy pages that `paths.ts` does not have (spec
 * section 2: `/events`, `/jobs`, `/jobs/cat/{id}`), plus the calendar download of an event.
 * `{id}` is the Strapi 5 documentId (docs/decisions/005).
 */
import type { Event, JobCategory } from './strapi/types.ts';

/** The events list. */
export const EVENTS_PATH = '/events';
/** The vacancies list. */
export const JOBS_PATH = '/jobs';

/** Query parameter of the events list that selects past events (`?periode=afgelopen`). */
export const EVENT_PERIOD_PARAM = 'periode';
/** Value of {@link EVENT_PERIOD_PARAM} for past events. */
export const EVENT_PERIOD_PAST = 'afgelopen';
/** Query parameter of the events list with a month, `YYYY-MM` (`?maand=2026-05`). */
export const EVENT_MONTH_PARAM = 'maand';

/** Query parameters of the vacancy filters (GET form). */
export const JOB_FILTER_PARAMS = {
  category: 'categorie',
  location: 'plaats',
  employmentType: 'dienstverband',
} as const;

/** `/jobs/cat/{documentId}`: the vacancies of one category. */
export const jobCategoryPath = (c: Pick<JobCategory, 'documentId'>): string =>
  `${JOBS_PATH}/cat/${c.documentId}`;

/** `/events/{slug}/agenda.ics`: the iCalendar file of an event (served by an Express route). */
export const eventCalendarPath = (e: Pick<Event, 'slug'>): string => `${EVENTS_PATH}/${e.slug}/agenda.ics`;

/**
 * Appends the non-empty values of `query` to `path` in the given order, e.g.
 * `withQuery('/jobs', { plaats: 'Utrecht', page: '2' })` → `/jobs?plaats=Utrecht&page=2`.
 */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== '') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
