/**
 * "My registrations": the signed-in visitor's event registrations, for the account page.
 * Upcoming events first (date and time in the event's zone, venue, attendees), then past ones
 * marked as such; an empty list links to `/inschrijvingen`, a list that could not be loaded says so.
 * Load the data on the server with `loadMyRegistrations` (my-registrations.server.ts).
 */
import { Trans, useTranslation } from 'react-i18next';
import { AppLink } from '../../ui/app-link.tsx';
import { eventPath, registrationPath } from '../../urls.ts';
import { useEventPeriod } from '../events/use-event-period.ts';
import './my-registrations.css';

/** One of the visitor's registrations (public event data and the number of attendees only). */
export interface MyRegistration {
  documentId: string;
  attendees: number;
  /** The event, or null when it is no longer published. */
  event: {
    title: string;
    slug: string;
    startsAt: string;
    endsAt: string | null;
    timeZone: string | null;
    venue: string | null;
  } | null;
  /** The event has ended (decided by the server, so server and browser render the same). */
  past: boolean;
}

/** One registration. */
function RegistrationItem({
  registration,
}: {
  registration: MyRegistration & { event: NonNullable<MyRegistration['event']> };
}) {
  const { t } = useTranslation();
  const { event } = registration;
  const period = useEventPeriod(event);
  return (
    <li
      className={
        registration.past ? 'my-registrations__item my-registrations__item--past' : 'my-registrations__item'
      }
    >
      <h3 className="my-registrations__title">
        <AppLink to={eventPath(event)}>{event.title}</AppLink>
      </h3>
      <p className="my-registrations__meta">
        <time dateTime={event.startsAt}>{period}</time>
        {event.venue ? ` · ${event.venue}` : ''}
      </p>
      <p className="my-registrations__meta">
        {t('registrations.mine.attendees', { count: registration.attendees })}
        {registration.past ? (
          <span className="my-registrations__past">{t('registrations.mine.past')}</span>
        ) : null}
      </p>
    </li>
  );
}

/**
 * The section with the visitor's registrations.
 * @param registrations the list, or null when it could not be loaded
 * @param className extra class of the section (e.g. the account page's section style)
 */
export function MyRegistrations({
  registrations,
  className,
}: {
  registrations: MyRegistration[] | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const shown = (registrations ?? []).filter(
    (item): item is MyRegistration & { event: NonNullable<MyRegistration['event']> } => item.event !== null,
  );
  const ordered = [...shown.filter((item) => !item.past), ...shown.filter((item) => item.past).reverse()];
  return (
    <section
      className={className ? `my-registrations ${className}` : 'my-registrations'}
      aria-labelledby="my-registrations-title"
      data-testid="my-registrations"
    >
      <h2 id="my-registrations-title">{t('registrations.mine.title')}</h2>
      {registrations === null ? (
        <p className="my-registrations__empty" role="status">
          {t('registrations.mine.unavailable')}
        </p>
      ) : ordered.length === 0 ? (
        <p className="my-registrations__empty">
          <Trans i18nKey="registrations.mine.empty" components={{ a: <AppLink to={registrationPath()} /> }} />
        </p>
      ) : (
        <>
          <p className="my-registrations__intro">{t('registrations.mine.intro')}</p>
          <ul className="my-registrations__list">
            {ordered.map((registration) => (
              <RegistrationItem key={registration.documentId} registration={registration} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
