import { useTranslation } from 'react-i18next';
import type { Event } from '../../cms-types.ts';
import { foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { eventPath } from '../../urls.ts';
import { dateBadgeParts, eventTimeZone } from './event-time.ts';
import { useEventPeriod } from './use-event-period.ts';
import '../../ui/listing.css';
import './events.css';

/**
 * One event in the agenda: a calendar badge (day, month, weekday in the event's zone), topic,
 * title, date and time, venue and city, summary, registration state (or "past") and a thumbnail.
 */
export function EventListItem({ event, past }: { event: Event; past: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const badge = dateBadgeParts(event.startsAt, locale, eventTimeZone(event));
  const period = useEventPeriod(event);
  const place = [event.venue, event.address?.city].filter(Boolean).join(', ');
  const state = past ? 'past' : event.registrationOpen ? 'open' : 'closed';
  return (
    <li className="card event-row">
      <p className="event-row__date" aria-hidden="true">
        <span className="event-row__day">{badge.day}</span>
        <span className="event-row__month">{badge.month}</span>
        <span className="event-row__weekday">{badge.weekday}</span>
      </p>
      <div className="card__body event-row__body">
        {event.topic ? <p className="card__kicker">{event.topic.name}</p> : null}
        <h3 className="card__title" lang={foreignLang(event, locale)}>
          <AppLink to={eventPath(event)}>{event.title}</AppLink>
        </h3>
        <p className="card__meta">
          <time dateTime={event.startsAt}>{period}</time>
        </p>
        <p className="card__meta event-row__place">{place || t('events.online')}</p>
        {event.summary ? (
          <p className="card__summary event-row__summary" lang={foreignLang(event, locale)}>
            {event.summary}
          </p>
        ) : null}
        <p className={`event-row__state event-row__state--${state}`}>
          {past
            ? t('events.pastBadge')
            : event.registrationOpen
              ? t('event.registrationOpen')
              : t('event.registrationClosed')}
        </p>
      </div>
      {event.image ? (
        <ResponsiveImage media={event.image} className="event-row__image" sizes={IMAGE_SIZES.eventRow} />
      ) : null}
    </li>
  );
}
