/**
 * Event detail: title, date and time (same-day aware, in the event's zone), venue with address,
 * organiser (linked to its website), price ("Gratis" when free), the registration in its real
 * state with one way to sign up (docs/decisions/096-one-way-to-sign-up-for-an-event.md): the
 * portal's own form `/inschrijvingen?evenement={slug}` with the places left, or the organiser's
 * ticket page, said so; "volgeboekt" when the portal's form has no places left; the day it opens;
 * closed or ended. Then an add-to-calendar download, image, description, gallery, schema.org Event
 * JSON-LD (its Offer's availability from the same state) and other upcoming events.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useContentPageview } from '../../analytics/use-content-pageview.ts';
import type { Event } from '../../cms-types.ts';
import { EventListItem } from '../../features/events/event-list-item.tsx';
import type { EventSignUp, EventWithSignUp } from '../../features/events/event-sign-up.ts';
import { opensOn } from '../../features/events/event-time.ts';
import { useEventPeriod } from '../../features/events/use-event-period.ts';
import { contentLocaleOf, DUTCH_CONTENT, foreignLang } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { formatPrice } from '../../ui/format.ts';
import { Gallery } from '../../ui/gallery/index.ts';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { JsonLd } from '../../ui/json-ld.tsx';
import { ResponsiveImage } from '../../ui/media.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { eventJsonLd, eventPrice, hasPlace, organiserName } from '../../ui/schema-org-event.ts';
import { Seo } from '../../ui/seo.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { MediaCaption, UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { EVENTS_PATH, eventCalendarPath, eventPath, registrationPath, topicPath } from '../../urls.ts';
import '../../ui/listing.css';
import '../../features/events/events.css';

export interface EventDetailData {
  event: Event;
  /** The registration's state at the request (decided by the loader, so server and browser agree). */
  signUp: EventSignUp;
  /** Other upcoming events, soonest first, with their registration states. */
  more: EventWithSignUp[];
}

/** The registration part of the facts box: the one way to sign up, or why there is none. */
function SignUpActions({ event, signUp }: { event: Event; signUp: EventSignUp }) {
  const { t } = useTranslation();
  const locale = useLocale();
  switch (signUp.status) {
    case 'ended':
      return <p className="facts-box__status">{t('events.ended')}</p>;
    case 'full':
      return (
        <p className="facts-box__status facts-box__status--full" data-sign-up="full">
          {t('events.full')}
        </p>
      );
    case 'opens-later':
      return (
        <p className="facts-box__status">
          {t('events.registrationOpensOn', { date: opensOn(event, locale) })}
        </p>
      );
    case 'closed':
      return <p className="facts-box__status">{t('events.registrationClosed')}</p>;
    default:
      return signUp.channel === 'organiser' && event.registrationUrl ? (
        <>
          <p className="facts-box__note" id="sign-up-note">
            {t('events.ticketsNote')}
          </p>
          <a
            href={event.registrationUrl}
            className="button button--secondary event__register"
            rel="noopener noreferrer"
            aria-describedby="sign-up-note"
            data-sign-up="organiser"
          >
            {t('events.ticketsButton')}
          </a>
        </>
      ) : (
        <>
          {signUp.remaining !== null ? (
            <p className="facts-box__status" data-places-left={signUp.remaining}>
              {t('events.placesLeft', { count: signUp.remaining })}
            </p>
          ) : null}
          <AppLink
            to={registrationPath(event.slug)}
            className="button button--secondary event__register"
            data-sign-up="portal"
          >
            {t('registrations.event.register')}
          </AppLink>
        </>
      );
  }
}

export function EventDetailPage() {
  const { event, signUp, more } = useLoaderData() as EventDetailData;
  const ended = signUp.status === 'ended';
  useContentPageview('event', event.documentId);
  const { t } = useTranslation();
  const locale = useLocale();
  // The language of the text (decision 061): English under /en when translated, else Dutch; the
  // structured data names the page in that language, as the canonical does.
  const contentLocale = contentLocaleOf(event);
  const root = useRootData();
  const names = useTaxonomyNames();
  const siteName = root?.site?.name ?? '';
  const organiser = organiserName(event, siteName);
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
          signUp,
          { siteUrl: root?.siteUrl ?? '', locale: contentLocale },
          // The JSON-LD of a Dutch-only event describes the Dutch page (decision 061).
          contentLocale === locale ? siteName : undefined,
        )}
      />
      <Breadcrumb
        crumbs={[
          { name: t('events.kicker'), path: EVENTS_PATH },
          { name: event.title, path: eventPath(event), lang: foreignLang(event, locale) },
        ]}
      />
      <article className="event">
        <UntranslatedNote kind="event" contentLocale={contentLocale} />
        <header className="event__header">
          {event.topic ? (
            <p className="card__kicker">
              <AppLink to={topicPath(event.topic.slug)}>{names.topic(event.topic)}</AppLink>
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
              {organiser ? (
                <>
                  <dt>{t('events.organiser')}</dt>
                  <dd>
                    {event.organiserUrl ? (
                      /^https?:\/\//.test(event.organiserUrl) ? (
                        <a href={event.organiserUrl} rel="noopener noreferrer">
                          {organiser}
                        </a>
                      ) : (
                        <AppLink to={event.organiserUrl}>{organiser}</AppLink>
                      )
                    ) : (
                      organiser
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
              <SignUpActions event={event} signUp={signUp} />
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
                {event.image.caption ? (
                  <MediaCaption caption={event.image.caption} contentLocale={contentLocale} />
                ) : null}
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
