/**
 * RSS 2.0 feeds (https://www.rssboard.org/rss-specification) of the latest news, for all news
 * (`/rss.xml`) and per tag (`/news/tag/{tag}/rss.xml`), built with the `feed` library
 * (docs/decisions/014-sitemaps-and-feeds.md).
 *
 * Per item: title, link, `guid isPermaLink="true"` (the article URL), description (the summary),
 * `pubDate` (RFC 822, from `publishDate`), one `category` per tag (domain = the tag page) and the
 * cover image as `enclosure` with absolute URL, MIME type and length in bytes. The channel is Dutch
 * (`language` nl), names itself with `atom:link rel="self"` and has `ttl` 5 minutes, the HTTP
 * cache lifetime. Text from the CMS passes `xmlSafe` first, so a stray control character cannot
 * make the feed unreadable.
 */
import { Feed } from 'feed';
import type { Article, StrapiMedia, Tag } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE } from '../../shared/i18n/locale.ts';
import { articlePath, tagPath } from '../../shared/urls.ts';
import { ARTICLE_FEED_QUERY } from '../cms/queries/articles.server.ts';
import { latest, siteInfo } from '../cms/queries/site.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { RSS_PATH, tagRssPath } from './feed-paths.server.ts';
import { feedText } from './feed-text.server.ts';
import { xmlSafe } from './sitemap-xml.server.ts';

/** Most items of a feed (the latest 50 articles). */
const RSS_ITEMS = 50;

/** The feed's `ttl` in minutes: as long as HTTP caches may keep it (`max-age=300`). */
const RSS_TTL_MINUTES = 5;

/** What the feed builder needs: the CMS client and the public origin (no trailing slash). */
export interface RssContext {
  strapi: StrapiClient;
  siteUrl: string;
}

/** An image rendition as Strapi stores it: `sizeInBytes` is exact, `size` is in kB (rounded). */
interface Rendition {
  url: string;
  mime?: string;
  sizeInBytes?: number;
}

/** The fields of an article a feed item needs. */
type FeedArticle = Pick<
  Article,
  'documentId' | 'slug' | 'title' | 'summary' | 'publishDate' | 'updatedAt'
> & {
  cover?: StrapiMedia | null;
  tags?: Array<Pick<Tag, 'name' | 'slug'>>;
};

/** Absolute URL of a media file (`/uploads/…` is served by the portal's uploads proxy). */
function mediaUrl(siteUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The enclosure of a cover image: the `large` rendition (1000 px wide), else `medium` or `small`,
 * which carry their exact size in bytes; else the original, whose exact size is unknown (Strapi
 * stores it in rounded kB), so its length is 0 as the RSS Best Practices Profile asks for an
 * unknown size. No enclosure without a MIME type (the element requires one).
 */
export function coverEnclosure(
  siteUrl: string,
  cover: StrapiMedia | null | undefined,
): { url: string; type: string; length: number } | undefined {
  if (!cover) return undefined;
  const formats = (cover.formats ?? {}) as Record<string, Rendition | undefined>;
  const rendition = formats.large ?? formats.medium ?? formats.small;
  if (rendition?.url && rendition.mime) {
    return {
      url: mediaUrl(siteUrl, rendition.url),
      type: rendition.mime,
      length: rendition.sizeInBytes ?? 0,
    };
  }
  if (!cover.url || !cover.mime) return undefined;
  return { url: mediaUrl(siteUrl, cover.url), type: cover.mime, length: 0 };
}

/**
 * The RSS 2.0 document of the latest {@link RSS_ITEMS} articles, newest first; with `tagSlug`
 * only the articles of that tag.
 * @returns the XML, or `null` when `tagSlug` names no tag (a 404).
 * @throws StrapiError when the CMS fails.
 */
export async function buildRss(ctx: RssContext, tagSlug?: string): Promise<string | null> {
  let tag: Pick<Tag, 'name' | 'slug' | 'updatedAt'> | null = null;
  if (tagSlug !== undefined) {
    tag = await ctx.strapi.findFirst<Tag>('tags', {
      fields: ['name', 'slug', 'updatedAt'],
      filters: { slug: { $eq: tagSlug } },
    });
    if (!tag) return null;
  }
  const [site, articles] = await Promise.all([
    siteInfo(ctx.strapi, ctx.siteUrl),
    ctx.strapi.find<FeedArticle>('articles', {
      ...ARTICLE_FEED_QUERY,
      filters: tag ? { tags: { slug: { $eq: tag.slug } } } : undefined,
      sort: ['publishDate:desc', 'documentId:asc'],
      pagination: { page: 1, pageSize: RSS_ITEMS },
    }),
  ]);

  const link = `${ctx.siteUrl}${tag ? tagPath(tag) : '/'}`;
  const self = `${ctx.siteUrl}${tag ? tagRssPath(tag) : RSS_PATH}`;
  const updated = latest(
    ...articles.data.map((article) => article.updatedAt),
    tag?.updatedAt,
    site.updatedAt,
  );
  const feed = new Feed({
    title: xmlSafe(tag ? feedText('tagChannelTitle', { tag: tag.name, site: site.name }) : site.name),
    description: xmlSafe(
      tag
        ? feedText('tagChannelDescription', { tag: tag.name, site: site.name })
        : (site.tagline ?? feedText('channelDescription', { site: site.name })),
    ),
    id: link,
    link,
    language: DEFAULT_LOCALE,
    ttl: RSS_TTL_MINUTES,
    updated: updated ? new Date(updated) : new Date(),
    feedLinks: { rss: self },
    generator: false,
  });
  for (const article of articles.data) {
    const enclosure = coverEnclosure(ctx.siteUrl, article.cover);
    feed.addItem({
      title: xmlSafe(article.title),
      // No `id`/`guid`: the library then writes the link as `<guid isPermaLink="true">`.
      link: `${ctx.siteUrl}${articlePath(article)}`,
      date: new Date(article.publishDate),
      description: xmlSafe(article.summary ?? ''),
      category: (article.tags ?? []).map((t) => ({
        name: xmlSafe(t.name),
        domain: `${ctx.siteUrl}${tagPath(t)}`,
      })),
      ...(enclosure ? { enclosure } : {}),
    });
  }
  return feed.rss2();
}
