/**
 * Root loader: locale, site settings (`site` single type, Dutch fallback), the public URL and the
 * signed-in user's public details (issue 4; `GET /users/me` once per request, in parallel).
 */

import type { Site } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE } from '../../shared/i18n/locale.ts';
import type { RootData } from '../../shared/ui/root-data.ts';
import { isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

const SITE_QUERY = { populate: { navigation: true, footerLinks: true, contact: true, social: true } };

/** Loads the data every page of a locale shares. Throws StrapiError when the CMS is down. */
export async function loader({ context }: PortalLoaderArgs): Promise<RootData> {
  const { locale, strapi, siteUrl } = context;
  const user = context.session.signedInUser();
  let site: Site | null;
  try {
    site = await strapi.findSingle<Site>('site', { ...SITE_QUERY, locale });
  } catch (error) {
    if (!(isStrapiError(error) && error.status === 404 && locale !== DEFAULT_LOCALE)) throw error;
    site = await strapi.findSingle<Site>('site', { ...SITE_QUERY, locale: DEFAULT_LOCALE });
  }
  return { locale, site, siteUrl, user: await user };
}
