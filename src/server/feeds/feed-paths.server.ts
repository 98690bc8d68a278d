/**
 * Canonical, unprefixed paths the shared helpers in src/shared/urls.ts does not cover (docs/product.md#routes-and-layouts:
 * `/partners/{link}`, `/abonnementen/{slug}`), plus the paths of the
 * machine-readable files this module serves.
 */

import type { Partner, Subscription, Tag } from '../../shared/cms-types.ts';
import { tagPath } from '../../shared/urls.ts';

/** `/partners/{link}`: a partner's `link` is its URL slug (docs/content-model.md). */
export const partnerPath = (p: Pick<Partner, 'link'>): string => `/partners/${p.link}`;

/** `/abonnementen/{slug}` */
export const subscriptionPath = (s: Pick<Subscription, 'slug'>): string => `/abonnementen/${s.slug}`;

/** The sitemap index (sitemaps.org protocol). */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/** The Google News sitemap (articles of the last two days). */
export const NEWS_SITEMAP_PATH = '/sitemaps/news.xml';

/** The RSS 2.0 feed of all news. */
export const RSS_PATH = '/rss.xml';

/** The RSS 2.0 feed of the news translated into English (docs/decisions/061-untranslated-content.md). */
export const ENGLISH_RSS_PATH = '/en/rss.xml';

/** `/sitemaps/{file}`: one sitemap file of the index. */
export const sitemapFilePath = (file: string): string => `/sitemaps/${file}`;

/** `/news/tag/{tag}/rss.xml`: the RSS 2.0 feed of one tag. */
export const tagRssPath = (t: Pick<Tag, 'slug'>): string => `${tagPath(t)}/rss.xml`;
