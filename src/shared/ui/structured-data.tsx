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
}

/**
 * The `BreadcrumbList` of a page: Home, then `crumbs` (the last is the page itself), with absolute
 * URLs in the page's language.
 */
export function BreadcrumbJsonLd({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const siteUrl = useRootData()?.siteUrl ?? '';
  const trail: Crumb[] = [{ name: t('site.home'), path: '/' }, ...crumbs];
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: trail.map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: `${siteUrl}${localizePath(crumb.path, locale)}`,
        })),
      }}
    />
  );
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
