/**
 * `robots.txt` (RFC 9309, Robots Exclusion Protocol): everything may be crawled except account,
 * sign-in, search and data endpoints, in both locales; the `Sitemap:` lines name the sitemap
 * index and the Google News sitemap with absolute URLs (sitemaps.org protocol, "Informing search
 * engine crawlers").
 */
import { LOCALES, localizePath } from '../../shared/i18n/locale.ts';
import { DATA_ENDPOINT_PREFIX } from '../../shared/urls.ts';
import { NEWS_SITEMAP_PATH, SITEMAP_INDEX_PATH } from './feed-paths.server.ts';

/**
 * Path prefixes kept out of crawlers: account and sign-in pages (docs/product.md#routes-and-layouts), the
 * user's own vacancies and the vacancy form, search results, the data endpoint, the API, webhooks
 * and health checks. RFC 9309 rules match by prefix, so `/account` also covers `/account/…`.
 */
export const DISALLOWED_PATHS = [
  '/account',
  '/inloggen',
  '/registreren',
  '/uitnodiging',
  '/auth/',
  '/connect/',
  '/account-activeren',
  '/email-valideren',
  '/wachtwoord-vergeten',
  '/wachtwoord-reset',
  '/jobs/mijn',
  '/jobs/plaatsen',
  '/zoeken',
  '/taal/',
  `${DATA_ENDPOINT_PREFIX}/`,
  '/api/',
  '/hooks/',
  '/health',
] as const;

/**
 * The `robots.txt` body for a portal at `siteUrl` (public origin, no trailing slash): one group
 * for every user agent, `Allow: /`, a `Disallow` line per {@link DISALLOWED_PATHS} entry in each
 * locale (`/zoeken`, `/en/zoeken`, …), then the absolute `Sitemap:` lines.
 */
export function robotsTxt(siteUrl: string): string {
  const disallowed = LOCALES.flatMap((locale) => DISALLOWED_PATHS.map((path) => localizePath(path, locale)));
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}${SITEMAP_INDEX_PATH}`,
    `Sitemap: ${siteUrl}${NEWS_SITEMAP_PATH}`,
    '',
  ].join('\n');
}
