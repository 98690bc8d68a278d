/**
 * Event detail: title, date and time (same-day aware, in the event's zone), venue with address,
 * organiser (linked to its website), price ("Gratis" when free), registration while open (or the
 * day it opens) (the organiser's `registrationUrl` when there is one, and the
 * portal's own form `/inschrijvingen?evenement={slug}`), an add-to-calendar download, image, description,
 * gallery, schema.org Event JSON-LD and other upcoming events.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useContentPageview } from '../../analytics/use-content-pageview.ts';
import type { Event } from '../../cms-types.ts';
import { EventListItem } from '../../features/events/event-list-item.tsx';
import { eventTimeZone } from '../../features/events/event-time.ts';
import { useEventPeriod } from '../../features/events/use-event-period.ts';
import { contentLocaleOf, DUTCH_CONTENT } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate, formatPrice } from '../../ui/format.ts';
import { Gallery } from '../../ui/gallery/index.ts';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { JsonLd } from '../../ui/json-ld.tsx';
import { ResponsiveImage } from '../../ui/media.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { eventJsonLd, eventPrice, hasPlace } from '../../ui/schema-org-event.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { EVENTS_PATH, eventCalendarPath, eventPath, registrationPath, topicPath } from '../../urls.ts';
import '../../ui/listing.css';
import '../../features/events/events.css';

export interface EventDetailData {
  event: Event;
  /** The event ended before the request (decided by the loader, so server and browser agree). */
  ended: boolean;
  /** Registration is closed now and opens at `registrationOpensAt`, later (decided by the loader). */
  opensLater: boolean;
  /** Other upcoming events, soonest first. */
  more: Event[];
}

export function EventDetailPage() {
  const { event, ended, opensLater, more } = useLoaderData() as EventDetailData;
  useContentPageview('event', event.documentId);
  const { t } = useTranslation();
  const locale = useLocale();
  // The language of the text (decision 061): English under /en when translated, else Dutch; the
  // structured data names the page in that language, as the canonical does.
  const contentLocale = contentLocaleOf(event);
  const root = useRootData();
  const period = useEventPeriod(event);
  const gallery = event.gallery ?? [];
  const address = event.address;
  const place = hasPlace(event);
  const price = eventPrice(event);
  return (
    <div className="container event-detail">
      <Seo
        contentLocales={event.locales ?? DUTCH_CONTENT}
        title={event.title}
        description={event.summary ?? t('events.detailDescription', { title: event.title, date: period })}
        image={event.image?.url}
        path={eventPath(event)}
      />
      <JsonLd
        data={eventJsonLd(
          event,
          { ended, opensLater },
          { siteUrl: root?.siteUrl ?? '', locale: contentLocale },
        )}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('events.kicker'), path: EVENTS_PATH },
          { name: event.title, path: eventPath(event) },
        ]}
      />
      <p className="back-link">
        <AppLink to={EVENTS_PATH}>← {t('events.backToList')}</AppLink>
      </p>
      <article className="event">
        <header className="event__header">
          {event.topic ? (
            <p className="card__kicker">
              <AppLink to={topicPath(event.topic.slug)}>{event.topic.name}</AppLink>
            </p>
          ) : null}
          <h1 lang={contentLocale}>{event.title}</h1>
          {event.summary ? (
            <p className="article__lead" lang={contentLocale}>
              {event.summary}
            </p>
          ) : null}
        </header>
        <div className="detail-layout">
          <aside className="facts-box" aria-label={t('events.facts')}>
            <dl>
              <dt>{t('events.when')}</dt>
              <dd>
                <time dateTime={event.startsAt} className="event__when">
                  {period}
                </time>
              </dd>
              <dt>{t('events.where')}</dt>
              <dd>
                <address className="event__address">
                  <strong>{event.venue ?? t('events.online')}</strong>
                  {place && address?.street ? <span>{address.street}</span> : null}
                  {place ? (
                    <span>{[address?.postalCode, address?.city].filter(Boolean).join(' ')}</span>
                  ) : null}
                </address>
              </dd>
              {event.organiser ? (
                <>
                  <dt>{t('events.organiser')}</dt>
                  <dd>
                    {event.organiserUrl ? (
                      /^https?:\/\//.test(event.organiserUrl) ? (
                        <a href={event.organiserUrl} rel="noopener noreferrer">
                          {event.organiser}
                        </a>
                      ) : (
                        <AppLink to={event.organiserUrl}>{event.organiser}</AppLink>
                      )
                    ) : (
                      event.organiser
                    )}
                  </dd>
                </>
              ) : null}
              <dt>{t('events.price')}</dt>
              <dd className="event__price">{price > 0 ? formatPrice(price, locale) : t('events.free')}</dd>
              {event.capacity ? (
                <>
                  <dt>{t('events.capacity')}</dt>
                  <dd>{t('events.capacityValue', { count: event.capacity })}</dd>
                </>
              ) : null}
            </dl>
            <div className="facts-box__actions">
              {ended ? (
                <p className="facts-box__status">{t('events.ended')}</p>
              ) : event.registrationOpen && event.registrationUrl ? (
                <>
                  <a
                    href={event.registrationUrl}
                    className="button button--secondary event__register"
                    rel="noopener noreferrer"
                  >
                    {t('events.register')}
                  </a>
                  <AppLink to={registrationPath(event.slug)} className="button event__register-portal">
                    {t('registrations.event.registerHere')}
                  </AppLink>
                </>
              ) : event.registrationOpen ? (
                <AppLink
                  to={registrationPath(event.slug)}
                  className="button button--secondary event__register"
                >
                  {t('registrations.event.register')}
                </AppLink>
              ) : opensLater && event.registrationOpensAt ? (
                <p className="facts-box__status">
                  {t('events.registrationOpensOn', {
                    date: formatDate(event.registrationOpensAt, locale, 'long', eventTimeZone(event)),
                  })}
                </p>
              ) : (
                <p className="facts-box__status">{t('events.registrationClosed')}</p>
              )}
              {ended ? null : (
                <AppLink to={eventCalendarPath(event)} download={`${event.slug}.ics`} className="button">
                  {t('events.addToCalendar')}
                </AppLink>
              )}
            </div>
          </aside>
          <div className="detail-layout__main">
            {event.image ? (
              <figure className="article__cover event__image">
                <ResponsiveImage media={event.image} priority sizes={IMAGE_SIZES.eventHero} />
                {event.image.caption ? <figcaption>{event.image.caption}</figcaption> : null}
              </figure>
            ) : null}
            <div lang={contentLocale}>
              <RichText content={event.description} className="prose" imageSizes={IMAGE_SIZES.eventHero} />
            </div>
            {gallery.length ? (
              <section className="gallery" aria-labelledby="gallery-title">
                <h2 id="gallery-title">{t('common.gallery')}</h2>
                <Gallery
                  images={gallery}
                  title={t('events.galleryTitle', { title: event.title })}
                  sizes={IMAGE_SIZES.eventGallery}
                />
              </section>
            ) : null}
          </div>
        </div>
      </article>
      {more.length ? (
        <section aria-labelledby="more-events" className="related">
          <h2 id="more-events" className="section-title">
            {t('events.more')}
          </h2>
          <ul className="event-list">
            {more.map((item) => (
              <EventListItem key={item.documentId} event={item} past={false} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
