/**
 * Canonical, unprefixed paths of the catalogue pages (spec section 2 route table, issue 3):
 * magazines, subscriptions, partners, the tag overview and the human sitemap. Item paths that
 * other areas link to as well (magazines, topics) stay in `paths.ts`.
 */
import type { Partner, Subscription } from './strapi/types.ts';

/** `/magazines`: the list of magazine issues. */
export const MAGAZINES_PATH = '/magazines';

/** `/abonnementen`: the list of subscription plans. */
export const SUBSCRIPTIONS_PATH = '/abonnementen';

/** `/abonnementen/{slug}`: one subscription plan. */
export const subscriptionPath = (s: Pick<Subscription, 'slug'>): string => `/abonnementen/${s.slug}`;

/** `/partners/{link}`: one partner page. */
export const partnerPath = (p: Pick<Partner, 'link'>): string => `/partners/${p.link}`;

/** `/tags-overzicht`, or `/tags-overzicht/{key}` for one character group (`a`…`z`, `0-9`, `overig`). */
export const tagsOverviewPath = (key?: string): string =>
  key ? `/tags-overzicht/${key}` : '/tags-overzicht';

/**
 * `/sitemap`, `/sitemap/{year}` or `/sitemap/{year}/{month}`; the month is written with two digits
 * (`/sitemap/2026/03`), which is its canonical form.
 */
export function sitemapPath(year?: number, month?: number): string {
  if (year === undefined) return '/sitemap';
  if (month === undefined) return `/sitemap/${year}`;
  return `/sitemap/${year}/${String(month).padStart(2, '0')}`;
}
