/**
 * Root loader: locale, site settings (`site` single type, Dutch fallback), the public URL and the
 * signed-in user's public details (`GET /users/me` once per request, in parallel).
 */

import type { Site } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE } from '../../shared/i18n/locale.ts';
import type { RootData } from '../../shared/ui/root-data.ts';
import { isOutage, isStrapiError } from '../cms/strapi-client.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

const SITE_QUERY = { populate: { navigation: true, footerLinks: true, contact: true, social: true } };

/** The site settings of `locale` from the CMS (Dutch when the locale has none). */
async function readSite({ locale, strapi }: PortalLoaderArgs['context']): Promise<Site> {
  try {
    return await strapi.findSingle<Site>('site', { ...SITE_QUERY, locale });
  } catch (error) {
    if (!(isStrapiError(error) && error.status === 404 && locale !== DEFAULT_LOCALE)) throw error;
    return strapi.findSingle<Site>('site', { ...SITE_QUERY, locale: DEFAULT_LOCALE });
  }
}

/**
 * Loads the data every page of a locale shares. During a CMS outage the last known settings keep
 * the page (and a form page's form with what was typed) on screen.
 * @throws StrapiError when the CMS is down and no settings were ever read
 */
export async function loader({ context }: PortalLoaderArgs): Promise<RootData> {
  const { locale, siteUrl, lastKnownSite } = context;
  const user = context.session.signedInUser();
  let site: Site;
  try {
    site = await readSite(context);
    lastKnownSite.remember(locale, site);
  } catch (error) {
    const copy = isStrapiError(error) && isOutage(error) ? lastKnownSite.get(locale) : undefined;
    if (!copy) throw error;
    context.logger.warn({ locale }, 'CMS outage: site settings from the last known copy');
    site = copy;
  }
  return { locale, site, siteUrl, user: await user };
}
