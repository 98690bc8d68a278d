/**
 * Time rules of the agenda: which zone an event is shown in, ISO 8601 with the zone's UTC offset
 * (schema.org Event `startDate`), calendar months in the portal's zone (`?maand=YYYY-MM`) and the
 * human date range of an event, all written out by src/shared/ui/format.ts (`Intl`,
 * docs/decisions/087-dates-and-numbers-on-intl.md). Browser-safe; the zone arithmetic of a month's
 * boundaries is server-only (./event-months.server.ts).
 */
import type { Event } from '../../cms-types.ts';
import type { Locale } from '../../i18n/locale.ts';
import {
  calendarDate,
  formatDate,
  formatDateBadge,
  isTimeZone,
  SITE_TIME_ZONE,
  zonedIsoString,
} from '../../ui/format.ts';

/**
 * The zone an event's times are shown in: its own `timeZone` when `Intl` knows it
 * ({@link isTimeZone}), otherwise Europe/Amsterdam (the CMS default, docs/content-model.md).
 */
export function eventTimeZone(event: Pick<Event, 'timeZone'>): string {
  return event.timeZone && isTimeZone(event.timeZone) ? event.timeZone : SITE_TIME_ZONE;
}

/**
 * The day an event's registration opens, written out in its zone (`15 december 2026`), for
 * "Aanmelden vanaf …" in the agenda, on teasers and on the event page alike.
 * @returns an empty string when the event names no opening
 */
export function opensOn(event: Pick<Event, 'registrationOpensAt' | 'timeZone'>, locale: Locale): string {
  return event.registrationOpensAt
    ? formatDate(event.registrationOpensAt, locale, 'long', eventTimeZone(event))
    : '';
}

/**
 * An instant as ISO 8601 local time with the zone's offset, without milliseconds:
 * `2026-07-01T07:00:00.000Z` in Europe/Amsterdam → `2026-07-01T09:00:00+02:00`.
 * @returns an empty string for an invalid date
 */
export function zonedIso(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : zonedIsoString(ms, zone);
}

/**
 * The calendar month (`YYYY-MM`) of an instant in `zone` (default Europe/Amsterdam).
 * @throws RangeError for an invalid date or an unknown zone
 */
export function monthKey(iso: string, zone = SITE_TIME_ZONE): string {
  return calendarDate(Date.parse(iso), zone).slice(0, 7);
}

/** Pattern of a month key: `YYYY-MM` with a month 01–12. */
export const MONTH_KEY_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A date in the middle of month `key` (UTC noon on the 15th), for formatting the month's name. */
export function monthMidpoint(key: string): string {
  return `${key}-15T12:00:00Z`;
}

/** The parts of an event's date range for display; `end` is null for an event without end. */
export interface EventPeriodParts {
  /** The two instants fall on the same calendar day in the event's zone. */
  sameDay: boolean;
  /** `dinsdag 12 mei 2026` */
  date: string;
  /** `09:00` */
  startTime: string;
  /** `17:30`, or null without an end */
  endTime: string | null;
  /** `dinsdag 12 mei 2026 om 09:00` */
  startDateTime: string;
  /** `woensdag 13 mei 2026 om 17:00`, or null without an end */
  endDateTime: string | null;
}

/** Splits an event's start and end into display parts in the event's zone (same-day aware). */
export function eventPeriodParts(
  event: Pick<Event, 'startsAt' | 'endsAt' | 'timeZone'>,
  locale: Locale,
): EventPeriodParts {
  const zone = eventTimeZone(event);
  const end = event.endsAt && Date.parse(event.endsAt) > Date.parse(event.startsAt) ? event.endsAt : null;
  const date = formatDate(event.startsAt, locale, 'weekdayDate', zone);
  return {
    sameDay: end ? formatDate(end, locale, 'weekdayDate', zone) === date : true,
    date,
    startTime: formatDate(event.startsAt, locale, 'time', zone),
    endTime: end ? formatDate(end, locale, 'time', zone) : null,
    startDateTime: formatDate(event.startsAt, locale, 'dateTime', zone),
    endDateTime: end ? formatDate(end, locale, 'dateTime', zone) : null,
  };
}

/**
 * Day, short month and short weekday of an instant in a zone, for the agenda's calendar-style
 * date badge: {@link formatDateBadge} (src/shared/ui/format.ts), under the agenda's name.
 */
export const dateBadgeParts = formatDateBadge;
