/**
 * Site-wide structured data (schema.org, Google Search Central's structured data guidelines):
 * the home page's `Organization` and `WebSite` (with a `SearchAction` for `/zoeken`), and a
 * `BreadcrumbList` for pages below the home page. Rendered as JSON-LD ({@link JsonLd}).
 */

import { useTranslation } from 'react-i18next';
import { localizePath } from '../i18n/locale.ts';
import { JsonLd } from './json-ld.tsx';
import { useLocale, useRootData } from './root-data.ts';

/** One step of a breadcrumb trail: its name and unprefixed site path. */
export interface Crumb {
  name: string;
  path: string;
  /** The language of `name` when it differs from the page's (a Dutch title under `/en`, decision 061). */
  lang?: string;
}

/** One step of a page's full trail: Home first; `url` absolute, in the page's language. */
export interface TrailStep extends Crumb {
  url: string;
}

/**
 * The full breadcrumb trail of a page: Home, then `crumbs` (the last is the page itself), each
 * with its absolute URL in the page's language. The visible breadcrumb and the `BreadcrumbList`
 * are both made from it, so they name the same steps with the same URLs (decision 099).
 */
export function useBreadcrumbTrail(crumbs: readonly Crumb[]): TrailStep[] {
  const { t } = useTranslation();
  const locale = useLocale();
  const siteUrl = useRootData()?.siteUrl ?? '';
  return [{ name: t('site.home'), path: '/' }, ...crumbs].map((crumb) => ({
    ...crumb,
    url: `${siteUrl}${localizePath(crumb.path, locale)}`,
  }));
}

/** The `BreadcrumbList` of a trail made by {@link useBreadcrumbTrail}. */
export function BreadcrumbListJsonLd({ trail }: { trail: readonly TrailStep[] }) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: trail.map((step, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: step.name,
          item: step.url,
        })),
      }}
    />
  );
}

/**
 * The `BreadcrumbList` of a page: Home, then `crumbs` (the last is the page itself), with absolute
 * URLs in the page's language. Pages that show the trail use `Breadcrumb` (./breadcrumb.tsx).
 */
export function BreadcrumbJsonLd({ crumbs }: { crumbs: Crumb[] }) {
  return <BreadcrumbListJsonLd trail={useBreadcrumbTrail(crumbs)} />;
}

/** The home page's `Organization` (name, logo, contact, social profiles) and `WebSite` with search. */
export function SiteJsonLd() {
  const locale = useLocale();
  const root = useRootData();
  const siteUrl = root?.siteUrl ?? '';
  const site = root?.site;
  if (!site) return null;
  const contact = site.contact;
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          '@id': `${siteUrl}/#organization`,
          name: site.name,
          url: `${siteUrl}/`,
          logo: `${siteUrl}/favicon.svg`,
          ...(contact?.email ? { email: contact.email } : {}),
          ...(contact?.phone ? { telephone: contact.phone } : {}),
          ...(contact?.street
            ? {
                address: {
                  '@type': 'PostalAddress',
                  streetAddress: contact.street,
                  postalCode: contact.postalCode,
                  addressLocality: contact.city,
                  addressCountry: 'NL',
                },
              }
            : {}),
          sameAs: (site.social ?? []).map((item) => item.url).filter((url) => /^https:\/\//.test(url)),
        }}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          '@id': `${siteUrl}/#website`,
          name: site.name,
          url: `${siteUrl}${localizePath('/', locale)}`,
          inLanguage: locale === 'nl' ? 'nl-NL' : 'en-GB',
          publisher: { '@id': `${siteUrl}/#organization` },
          potentialAction: {
            '@type': 'SearchAction',
            target: {
              '@type': 'EntryPoint',
              urlTemplate: `${siteUrl}${localizePath('/zoeken', locale)}?q={search_term_string}`,
            },
            'query-input': 'required name=search_term_string',
          },
        }}
      />
    </>
  );
}
