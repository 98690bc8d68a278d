/**
 * schema.org `Event` JSON-LD of the event page, apart from ./schema-org.ts so that pages without
 * events do not load the time-zone code it needs (docs/decisions/065-per-route-javascript.md).
 * Follows https://developers.google.com/search/docs/appearance/structured-data/event; choices are
 * in docs/decisions/055-structured-data.md.
 */
import type { Event } from '../cms-types.ts';
import type { EventSignUp } from '../features/events/event-sign-up.ts';
import { eventTimeZone, zonedIso } from '../features/events/event-time.ts';
import { eventPath, registrationPath } from '../urls.ts';
import { absoluteUrl, type JsonLdNode, type PageSite } from './schema-org.ts';

/** The ticket price of an event in euros: 0 when free (no price, or 0). */
export function eventPrice(event: Pick<Event, 'price'>): number {
  const price = Number(event.price ?? 0);
  return Number.isFinite(price) && price > 0 ? price : 0;
}

/** True for an event that takes place at a physical address (not only online). */
export function hasPlace(event: Pick<Event, 'address'>): boolean {
  return Boolean(event.address?.city || event.address?.street);
}

/**
 * The `availability` of an event's tickets (Google lists InStock, SoldOut and PreOrder) from its
 * registration state (features/events/event-sign-up.ts): in stock while registration is open,
 * pre-order while it opens later, sold out when the portal's form is full, registration is closed
 * or the event has ended.
 */
export function eventAvailability(signUp: Pick<EventSignUp, 'status'>): string {
  if (signUp.status === 'open') return 'https://schema.org/InStock';
  if (signUp.status === 'opens-later') return 'https://schema.org/PreOrder';
  return 'https://schema.org/SoldOut';
}

/**
 * The organiser an event names: the site itself, by `siteName` (the site's name in the page's
 * language, `site.name`), when `organiserUrl` is a site path (the portal's own events,
 * docs/content-model.md; docs/decisions/112-english-pages-speak-english.md), else the CMS's
 * `organiser`. Without a `siteName`, or without an organiser in the CMS, the CMS's value.
 * @returns the name to show, or null when the event names no organiser
 */
export function organiserName(
  event: Pick<Event, 'organiser' | 'organiserUrl'>,
  siteName: string | undefined,
): string | null {
  if (!event.organiser) return null;
  const own = Boolean(event.organiserUrl?.startsWith('/') && !event.organiserUrl.startsWith('//'));
  return own && siteName ? siteName : event.organiser;
}

/**
 * The Offer's `url`: the one way to sign up while it is open (the organiser's ticket page or the
 * portal's form), otherwise the event page.
 */
function offerUrl(event: Event, signUp: EventSignUp, url: string, site: PageSite): string {
  if (signUp.status !== 'open') return url;
  if (signUp.channel === 'organiser' && event.registrationUrl) return event.registrationUrl;
  return absoluteUrl(registrationPath(event.slug), site);
}

/**
 * schema.org `Event`: name, start and end with UTC offset, status, attendance mode, location (Place
 * with PostalAddress, or VirtualLocation for online events), images, description, organiser with
 * URL, canonical URL and an `Offer` (price in EUR, 0 when free; availability from `signUp`, SoldOut
 * when the portal's form is full; `validFrom` the opening of registration; the organiser's ticket
 * page or the portal's registration form while open, else the event page).
 * @param signUp the event's registration state at the request (the loader's)
 * @param siteName the site's name in the language of `site.locale`, which names the portal as the
 *   organiser of its own events ({@link organiserName}); without it, the CMS's `organiser`
 */
export function eventJsonLd(
  event: Event,
  signUp: EventSignUp,
  site: PageSite,
  siteName?: string,
): JsonLdNode {
  const zone = eventTimeZone(event);
  const url = absoluteUrl(eventPath(event), site);
  const images = [event.image, ...(event.gallery ?? [])].flatMap((media) =>
    media?.url ? [absoluteUrl(media.url, site)] : [],
  );
  const address = event.address;
  const place = hasPlace(event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    startDate: zonedIso(event.startsAt, zone),
    endDate: event.endsAt ? zonedIso(event.endsAt, zone) : undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: place
      ? 'https://schema.org/OfflineEventAttendanceMode'
      : 'https://schema.org/OnlineEventAttendanceMode',
    location: place
      ? {
          '@type': 'Place',
          name: event.venue ?? address?.city ?? undefined,
          address: {
            '@type': 'PostalAddress',
            streetAddress: address?.street ?? undefined,
            postalCode: address?.postalCode ?? undefined,
            addressLocality: address?.city ?? undefined,
            addressCountry: address?.country ?? 'NL',
          },
        }
      : { '@type': 'VirtualLocation', url: event.registrationUrl ?? url },
    image: images.length ? images : undefined,
    description: event.summary ?? undefined,
    organizer: event.organiser
      ? {
          '@type': 'Organization',
          name: organiserName(event, siteName) ?? event.organiser,
          url: event.organiserUrl ? absoluteUrl(event.organiserUrl, site) : undefined,
        }
      : undefined,
    url,
    inLanguage: 'nl-NL',
    maximumAttendeeCapacity: event.capacity ?? undefined,
    offers: {
      '@type': 'Offer',
      url: offerUrl(event, signUp, url, site),
      price: eventPrice(event),
      priceCurrency: 'EUR',
      availability: eventAvailability(signUp),
      validFrom: event.registrationOpensAt ?? undefined,
    },
  };
}
