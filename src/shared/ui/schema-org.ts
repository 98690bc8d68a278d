/**
 * schema.org JSON-LD of the content pages, as plain objects (rendered by {@link JsonLd}): the news
 * item's `NewsArticle` and the vacancy's `JobPosting` (the event's `Event`: ./schema-org-event.ts), with the properties
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
import type { Article, Vacancy } from '../cms-types.ts';
import { type Locale, localizePath } from '../i18n/locale.ts';
import {
  articlePath,
  authorPagePath,
  authorPath,
  EDITORS_PATH,
  headingAnchor,
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
 * The `author` of a news item: an editor (`Person`) whose `url` is their own page
 * (`/redactie/marieke-dekker`, decision 100) when the article is related to an author in the CMS,
 * else their heading on the editorial team page (`/redactie#marieke-dekker`, decision 055); the
 * collective byline "Redactie" and an article without a byline are the editorial team
 * (`Organization`, `url` the team page).
 * @param siteName the site's name (the team's name without a byline)
 */
export function authorJsonLd(
  article: Pick<Article, 'author' | 'authorProfile'>,
  siteName: string,
  site: PageSite,
): JsonLdNode {
  const profile = article.authorProfile;
  if (profile?.slug) {
    return {
      '@type': 'Person',
      name: profile.name,
      url: absoluteUrl(authorPagePath(profile), site),
      jobTitle: profile.role ?? undefined,
    };
  }
  const name = article.author?.trim();
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
    author: [authorJsonLd(article, siteName, site)],
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
