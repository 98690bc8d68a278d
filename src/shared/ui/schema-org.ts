/**
 * schema.org JSON-LD of the content pages, as plain objects (rendered by {@link JsonLd}): the news
 * item's `NewsArticle`, the event's `Event` and the vacancy's `JobPosting`, with the properties
 * Google Search lists as required and recommended:
 *
 * - https://developers.google.com/search/docs/appearance/structured-data/article
 * - https://developers.google.com/search/docs/appearance/structured-data/event
 * - https://developers.google.com/search/docs/appearance/structured-data/job-posting
 *
 * Pure functions of CMS data, the site's origin and the page's language, so unit tests can check
 * them without services. Properties without data are `undefined` and drop out of the JSON.
 * Choices someone might undo are in docs/decisions/055-structured-data.md.
 */
import type { Article, Event, Vacancy } from '../cms-types.ts';
import { eventTimeZone, zonedIso } from '../features/events/event-time.ts';
import { type Locale, localizePath } from '../i18n/locale.ts';
import {
  articlePath,
  authorPath,
  EDITORS_PATH,
  eventPath,
  headingAnchor,
  registrationPath,
  vacancyPath,
} from '../urls.ts';

/** A JSON-LD object. */
export type JsonLdNode = Record<string, unknown>;

/** Where the page is: the site's absolute origin (no trailing slash) and the page's language. */
export interface PageSite {
  siteUrl: string;
  locale: Locale;
}

/**
 * An absolute URL: kept when it is one already, a site path gets the origin and the page's
 * language prefix, anything else (a relative upload URL) only the origin.
 */
export function absoluteUrl(url: string, { siteUrl, locale }: PageSite): string {
  if (/^https?:\/\//.test(url)) return url;
  return `${siteUrl}${url.startsWith('/uploads/') ? url : localizePath(url, locale)}`;
}

/**
 * The `author` of a news item: an editor (`Person`) whose `url` is their heading on the editorial
 * team page (`/redactie#marieke-dekker`); the collective byline "Redactie" and an article without
 * a byline are the editorial team (`Organization`, `url` the team page).
 * @param siteName the site's name (the team's name without a byline)
 */
export function authorJsonLd(
  author: string | null | undefined,
  siteName: string,
  site: PageSite,
): JsonLdNode {
  const name = author?.trim();
  if (!name || headingAnchor(name) === 'redactie') {
    return {
      '@type': 'Organization',
      name: name || siteName,
      url: absoluteUrl(EDITORS_PATH, site),
    };
  }
  return { '@type': 'Person', name, url: absoluteUrl(authorPath(name), site) };
}

/**
 * schema.org `NewsArticle`: headline (at most 110 characters), images, publication date and the
 * editorial revision date (`modifiedDate`, not the time the CMS last wrote the row), author with
 * profile URL, publisher with logo, canonical URL and keywords.
 */
export function newsArticleJsonLd(article: Article, siteName: string, site: PageSite): JsonLdNode {
  const images = [article.cover, ...(article.gallery ?? [])].flatMap((media) =>
    media?.url ? [absoluteUrl(media.url, site)] : [],
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title.slice(0, 110),
    description: article.summary ?? undefined,
    image: images.length ? images : undefined,
    datePublished: article.publishDate,
    dateModified: article.modifiedDate ?? article.publishDate,
    // The language of the text: the page's when translated, else Dutch (decision 061).
    inLanguage: site.locale === 'en' ? 'en-GB' : 'nl-NL',
    mainEntityOfPage: absoluteUrl(articlePath(article), site),
    url: absoluteUrl(articlePath(article), site),
    author: [authorJsonLd(article.author, siteName, site)],
    publisher: {
      '@type': 'Organization',
      '@id': `${site.siteUrl}/#organization`,
      name: siteName,
      url: `${site.siteUrl}/`,
      logo: { '@type': 'ImageObject', url: `${site.siteUrl}/favicon.svg` },
    },
    keywords: article.tags?.map((tag) => tag.name).join(', ') || undefined,
  };
}

/** The ticket price of an event in euros: 0 when free (no price, or 0). */
export function eventPrice(event: Pick<Event, 'price'>): number {
  const price = Number(event.price ?? 0);
  return Number.isFinite(price) && price > 0 ? price : 0;
}

/** True for an event that takes place at a physical address (not only online). */
export function hasPlace(event: Pick<Event, 'address'>): boolean {
  return Boolean(event.address?.city || event.address?.street);
}

/** What the loader decided about an event at the time of the request. */
export interface EventState {
  /** The event has ended. */
  ended: boolean;
  /** Registration is not open yet and opens at `registrationOpensAt`, still in the future. */
  opensLater: boolean;
}

/**
 * The `availability` of an event's tickets (Google lists InStock, SoldOut and PreOrder): in stock
 * while registration is open, pre-order while it opens later, sold out when it is closed or the
 * event has ended.
 */
export function eventAvailability(event: Pick<Event, 'registrationOpen'>, state: EventState): string {
  if (!state.ended && event.registrationOpen) return 'https://schema.org/InStock';
  if (!state.ended && state.opensLater) return 'https://schema.org/PreOrder';
  return 'https://schema.org/SoldOut';
}

/**
 * schema.org `Event`: name, start and end with UTC offset, status, attendance mode, location (Place
 * with PostalAddress, or VirtualLocation for online events), images, description, organiser with
 * URL, canonical URL and an `Offer` (price in EUR, 0 when free; availability; `validFrom` the
 * opening of registration; the organiser's ticket page or the portal's registration form).
 */
export function eventJsonLd(event: Event, state: EventState, site: PageSite): JsonLdNode {
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
          name: event.organiser,
          url: event.organiserUrl ? absoluteUrl(event.organiserUrl, site) : undefined,
        }
      : undefined,
    url,
    inLanguage: 'nl-NL',
    maximumAttendeeCapacity: event.capacity ?? undefined,
    offers: {
      '@type': 'Offer',
      url: event.registrationUrl
        ? event.registrationUrl
        : event.registrationOpen
          ? absoluteUrl(registrationPath(event.slug), site)
          : url,
      price: eventPrice(event),
      priceCurrency: 'EUR',
      availability: eventAvailability(event, state),
      validFrom: event.registrationOpensAt ?? undefined,
    },
  };
}

/**
 * The hiring organisation of a vacancy: the employer's name; its website (`sameAs`) and logo from
 * the partner when the employer is one, else the vacancy's own employer website (no logo).
 */
export function hiringOrganizationJsonLd(vacancy: Vacancy, site: PageSite): JsonLdNode {
  const partner = vacancy.partner;
  return {
    '@type': 'Organization',
    name: vacancy.employer,
    sameAs: partner?.website ?? vacancy.employerWebsite ?? undefined,
    logo: partner?.logo?.url ? absoluteUrl(partner.logo.url, site) : undefined,
  };
}

/**
 * schema.org `JobPosting`: title, HTML description, posting date (`publishFrom`, the editorial day
 * the vacancy went online; never the CMS's publication time), closing time, employment type,
 * hiring organisation, workplace (a full PostalAddress as far as known; country NL), salary range
 * in EUR per HOUR/MONTH/YEAR (left out without a unit), `directApply: false` (applications go to the
 * employer), identifier and canonical URL. Only for open vacancies.
 * @param descriptionHtml the description rendered as HTML (the loader's)
 */
export function jobPostingJsonLd(vacancy: Vacancy, descriptionHtml: string, site: PageSite): JsonLdNode {
  const hasSalary = vacancy.salaryMin != null || vacancy.salaryMax != null;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: vacancy.title,
    description: descriptionHtml || vacancy.summary || vacancy.title,
    datePosted: vacancy.publishFrom ?? undefined,
    validThrough: vacancy.validThrough ?? undefined,
    employmentType: vacancy.employmentType ?? undefined,
    hiringOrganization: hiringOrganizationJsonLd(vacancy, site),
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: vacancy.street ?? undefined,
        postalCode: vacancy.postalCode ?? undefined,
        addressLocality: vacancy.location,
        addressRegion: vacancy.region ?? undefined,
        addressCountry: 'NL',
      },
    },
    baseSalary:
      hasSalary && vacancy.salaryPeriod
        ? {
            '@type': 'MonetaryAmount',
            currency: 'EUR',
            value: {
              '@type': 'QuantitativeValue',
              minValue: vacancy.salaryMin ?? undefined,
              maxValue: vacancy.salaryMax ?? undefined,
              unitText: vacancy.salaryPeriod,
            },
          }
        : undefined,
    directApply: false,
    identifier: { '@type': 'PropertyValue', name: vacancy.employer, value: vacancy.documentId },
    industry: vacancy.category?.name ?? undefined,
    // Vacancies are written in Dutch, on both sites.
    inLanguage: 'nl-NL',
    url: absoluteUrl(vacancyPath(vacancy), site),
  };
}
