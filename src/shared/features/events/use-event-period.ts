/**
 * The date and time of an event as one translated line, same-day aware, in the event's zone:
 * `dinsdag 12 mei 2026, 09:00 – 17:30 uur`, or for several days
 * `donderdag 4 februari 2027 om 09:00 tot en met vrijdag 5 februari 2027 om 17:00`.
 */

import { useTranslation } from 'react-i18next';
import type { Event } from '../../cms-types.ts';
import { useLocale } from '../../ui/root-data.ts';
import { eventPeriodParts } from './event-time.ts';

/** Hook: the period line of `event` in the current locale. */
export function useEventPeriod(event: Pick<Event, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const { t } = useTranslation();
  const locale = useLocale();
  const parts = eventPeriodParts(event, locale);
  if (!parts.endTime || !parts.endDateTime)
    return t('events.noEnd', { date: parts.date, start: parts.startTime });
  return parts.sameDay
    ? t('events.sameDay', { date: parts.date, start: parts.startTime, end: parts.endTime })
    : t('events.multiDay', { start: parts.startDateTime, end: parts.endDateTime });
}
