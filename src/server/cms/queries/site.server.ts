/**
 * Named reads of the site settings and change dates, for sitemaps and feeds: every document of a query page by page, the newest change of
 * a query, and the "open vacancy" and "publish year" filters. All reads go through the portal's
 * Strapi client (anonymous GETs are cached by it for 10 s), so the public role's rules apply: only
 * published documents, only approved vacancies (docs/content-model.md).
 */

import type { Site } from '../../../shared/cms-types.ts';
import { monthRange } from '../../../shared/features/events/event-months.server.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import { calendarDate, SITE_TIME_ZONE } from '../../../shared/ui/format.ts';
import { isStrapiError, type StrapiClient } from '../strapi-client.server.ts';

/** Documents per CMS request: Strapi's `maxLimit` (cms/config/api.js). */

/** The documents a query matches: how many, and the newest `updatedAt` among them. */
export interface Newest {
  total: number;
  /** ISO 8601 date-time, `null` when nothing matches. */
  lastmod: string | null;
}

/**
 * Counts the documents of `collection` matching `filters` and reads the newest `updatedAt` among
 * them, in one request (sorted by `updatedAt` descending, page size 1).
 * @param extra further query members, e.g. `{ locale: 'en' }`.
 * @throws StrapiError when the CMS fails.
 */
export async function newest(
  strapi: StrapiClient,
  collection: string,
  filters?: object,
  extra: Record<string, unknown> = {},
): Promise<Newest> {
  const list = await strapi.find<{ updatedAt?: string }>(collection, {
    ...extra,
    fields: ['updatedAt'],
    filters,
    sort: ['updatedAt:desc'],
    pagination: { page: 1, pageSize: 1 },
  });
  const first = list.data[0];
  return {
    total: list.meta.pagination?.total ?? list.data.length,
    lastmod: first?.updatedAt ?? null,
  };
}

/** The calendar year of an ISO date-time in the portal's time zone, Europe/Amsterdam (`2025-12-31T23:30:00Z` → 2026). */
export function siteYear(iso: string): number {
  return Number(calendarDate(Date.parse(iso), SITE_TIME_ZONE).slice(0, 4));
}

/**
 * The first instant of `year` in Europe/Amsterdam, as ISO 8601 in UTC (midnight on 1 January
 * there, from the time-zone data: `2026` → `2025-12-31T23:00:00.000Z`).
 */
export function siteYearStart(year: number): string {
  return monthRange(`${String(year).padStart(4, '0')}-01`, SITE_TIME_ZONE).start;
}

/** Filter of articles whose `publishDate` lies in `year` (Europe/Amsterdam). */
export function publishYearFilter(year: number): object {
  return { publishDate: { $gte: siteYearStart(year), $lt: siteYearStart(year + 1) } };
}

/** The latest of ISO date-times (nulls ignored), or `null` when there is none. */
export function latest(...values: Array<string | null | undefined>): string | null {
  let best: string | null = null;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (!value) continue;
    const time = Date.parse(value);
    if (Number.isFinite(time) && time > bestTime) {
      best = value;
      bestTime = time;
    }
  }
  return best;
}

/** What feeds and the news sitemap name: the site (publication) and its tagline. */
export interface SiteInfo {
  name: string;
  tagline: string | null;
  /** ISO 8601 date-time of the site settings' last change, `null` when unknown. */
  updatedAt: string | null;
}

/**
 * The site settings in `locale` (default Dutch; CMS single type `site`). Without settings (404) the name is the host
 * of `siteUrl`, so a feed still has a title.
 * @throws StrapiError for every other CMS failure.
 */
export async function siteInfo(
  strapi: StrapiClient,
  siteUrl: string,
  locale: Locale = 'nl',
): Promise<SiteInfo> {
  try {
    const site = await strapi.findSingle<Site>('site', {
      locale,
      fields: ['name', 'tagline', 'updatedAt'],
    });
    return {
      name: site.name?.trim() || new URL(siteUrl).host,
      tagline: site.tagline?.trim() || null,
      updatedAt: site.updatedAt ?? null,
    };
  } catch (error) {
    if (isStrapiError(error) && error.status === 404) {
      return { name: new URL(siteUrl).host, tagline: null, updatedAt: null };
    }
    throw error;
  }
}
