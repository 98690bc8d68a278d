import { useTranslation } from 'react-i18next';
import { foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { eventPath } from '../../urls.ts';
import type { EventWithSignUp } from './event-sign-up.ts';
import { dateBadgeParts, eventTimeZone, opensOn } from './event-time.ts';
import { useEventPeriod } from './use-event-period.ts';
import '../../ui/listing.css';
import './events.css';

/** The badge of each registration state: its modifier class and text. */
const STATE_BADGES = {
  past: ['past', 'events.pastBadge'],
  ended: ['past', 'events.pastBadge'],
  open: ['open', 'event.registrationOpen'],
  full: ['full', 'event.registrationFull'],
  'opens-later': ['later', 'event.registrationOpensOn'],
  closed: ['closed', 'event.registrationClosed'],
} as const;

/**
 * One event in the agenda: a calendar badge (day, month, weekday in the event's zone), topic,
 * title, date and time, venue and city, summary, registration state ("Inschrijving geopend",
 * "Volgeboekt", "Aanmelden vanaf 15 december 2026", "Inschrijving gesloten" or "Afgelopen":
 * `event.signUp`) and a thumbnail.
 */
export function EventListItem({ event, past }: { event: EventWithSignUp; past: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const names = useTaxonomyNames();
  const badge = dateBadgeParts(event.startsAt, locale, eventTimeZone(event));
  const period = useEventPeriod(event);
  const place = [event.venue, event.address?.city].filter(Boolean).join(', ');
  // Without a state from the loader: the CMS flag alone (open or closed).
  const status = event.signUp?.status ?? (event.registrationOpen ? 'open' : 'closed');
  const [state, text] = STATE_BADGES[past ? 'past' : status];
  return (
    <li className="card event-row">
      <p className="event-row__date" aria-hidden="true">
        <span className="event-row__day">{badge.day}</span>
        <span className="event-row__month">{badge.month}</span>
        <span className="event-row__weekday">{badge.weekday}</span>
      </p>
      <div className="card__body event-row__body">
        {event.topic ? <p className="card__kicker">{names.topic(event.topic)}</p> : null}
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
          {t(text, { date: opensOn(event, locale) })}
        </p>
      </div>
      {event.image ? (
        <ResponsiveImage media={event.image} className="event-row__image" sizes={IMAGE_SIZES.eventRow} />
      ) : null}
    </li>
  );
}
