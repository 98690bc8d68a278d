/**
 * RSS 2.0 feeds (https://www.rssboard.org/rss-specification) of the latest news, for all news
 * (`/rss.xml`) and per tag (`/news/tag/{tag}/rss.xml`), built with the `feed` library
 * (docs/decisions/014-sitemaps-and-feeds.md).
 *
 * Per item: title, link, `guid isPermaLink="true"` (the article URL), description (the summary),
 * `pubDate` (RFC 822, from `publishDate`), one `category` per tag (domain = the tag page) and the
 * cover image as `enclosure` with absolute URL, MIME type and length in bytes. The channel is Dutch
 * (`language` nl), except `/en/rss.xml`, the English feed of the translated articles (decision 061); each names itself with `atom:link rel="self"` and has `ttl` 5 minutes, the HTTP
 * cache lifetime. Text from the CMS passes `xmlSafe` first, so a stray control character cannot
 * make the feed unreadable.
 */
import { Feed } from 'feed';
import type { Article, StrapiMedia, Tag } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE, type Locale, localizePath } from '../../shared/i18n/locale.ts';
import { articlePath, tagPath } from '../../shared/urls.ts';
import { ARTICLE_FEED_QUERY } from '../cms/queries/articles.server.ts';
import { latest, siteInfo } from '../cms/queries/site.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { inSourceLocale, TRANSLATION_LOCALE } from '../cms/translations.server.ts';
import { ENGLISH_RSS_PATH, RSS_PATH, tagRssPath } from './feed-paths.server.ts';
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

/** What a feed says about itself and its items. */
interface FeedSpec {
  title: string;
  description: string;
  /** Absolute URL of the page the feed belongs to. */
  link: string;
  /** Absolute URL of the feed itself. */
  self: string;
  language: Locale;
  updated: string | null;
  articles: FeedArticle[];
  /** Locale of the item links (`en`: `/en/news/…`). */
  linkLocale: Locale;
}

/** The RSS 2.0 XML of a feed. */
function writeFeed(ctx: RssContext, spec: FeedSpec): string {
  const feed = new Feed({
    title: xmlSafe(spec.title),
    description: xmlSafe(spec.description),
    id: spec.link,
    link: spec.link,
    language: spec.language,
    ttl: RSS_TTL_MINUTES,
    updated: spec.updated ? new Date(spec.updated) : new Date(),
    feedLinks: { rss: spec.self },
    generator: false,
  });
  for (const article of spec.articles) {
    const enclosure = coverEnclosure(ctx.siteUrl, article.cover);
    feed.addItem({
      title: xmlSafe(article.title),
      // No `id`/`guid`: the library then writes the link as `<guid isPermaLink="true">`.
      link: `${ctx.siteUrl}${localizePath(articlePath(article), spec.linkLocale)}`,
      date: new Date(article.publishDate),
      description: xmlSafe(article.summary ?? ''),
      category: (article.tags ?? []).map((t) => ({
        name: xmlSafe(t.name),
        domain: `${ctx.siteUrl}${localizePath(tagPath(t), spec.linkLocale)}`,
      })),
      ...(enclosure ? { enclosure } : {}),
    });
  }
  return feed.rss2();
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
    ctx.strapi.find<FeedArticle>(
      'articles',
      inSourceLocale({
        ...ARTICLE_FEED_QUERY,
        filters: tag ? { tags: { slug: { $eq: tag.slug } } } : undefined,
        sort: ['publishDate:desc', 'documentId:asc'],
        pagination: { page: 1, pageSize: RSS_ITEMS },
      }),
    ),
  ]);
  return writeFeed(ctx, {
    title: tag ? feedText('tagChannelTitle', { tag: tag.name, site: site.name }) : site.name,
    description: tag
      ? feedText('tagChannelDescription', { tag: tag.name, site: site.name })
      : (site.tagline ?? feedText('channelDescription', { site: site.name })),
    link: `${ctx.siteUrl}${tag ? tagPath(tag) : '/'}`,
    self: `${ctx.siteUrl}${tag ? tagRssPath(tag) : RSS_PATH}`,
    language: DEFAULT_LOCALE,
    updated: latest(...articles.data.map((article) => article.updatedAt), tag?.updatedAt, site.updatedAt),
    articles: articles.data,
    linkLocale: DEFAULT_LOCALE,
  });
}

/**
 * `/en/rss.xml`: the latest {@link RSS_ITEMS} articles that have an English translation, newest
 * first, with their English title and summary, linking to their `/en` pages; channel in English
 * (`language` en, the English site settings). Cover and tags come from the Dutch version, which
 * owns the media and relations (docs/decisions/061-untranslated-content.md).
 * @throws StrapiError when the CMS fails.
 */
export async function buildEnglishRss(ctx: RssContext): Promise<string> {
  const [site, english] = await Promise.all([
    siteInfo(ctx.strapi, ctx.siteUrl, TRANSLATION_LOCALE),
    ctx.strapi.find<FeedArticle>('articles', {
      locale: TRANSLATION_LOCALE,
      fields: ['title', 'summary', 'publishDate', 'updatedAt'],
      sort: ['publishDate:desc', 'documentId:asc'],
      pagination: { page: 1, pageSize: RSS_ITEMS },
    }),
  ]);
  const ids = english.data.map((article) => article.documentId);
  const dutch = ids.length
    ? await ctx.strapi.find<FeedArticle>(
        'articles',
        inSourceLocale({
          ...ARTICLE_FEED_QUERY,
          filters: { documentId: { $in: ids } },
          pagination: { page: 1, pageSize: ids.length },
        }),
      )
    : { data: [] };
  const byId = new Map(dutch.data.map((article) => [article.documentId, article]));
  // Only documents whose Dutch version is published too (the portal shows nothing else).
  const articles = english.data.flatMap((translation) => {
    const source = byId.get(translation.documentId);
    if (!source) return [];
    return [
      {
        ...source,
        title: translation.title,
        summary: translation.summary,
        updatedAt: latest(source.updatedAt, translation.updatedAt) ?? undefined,
      },
    ];
  });
  return writeFeed(ctx, {
    title: site.name,
    description: site.tagline ?? feedText('channelDescription', { site: site.name }, TRANSLATION_LOCALE),
    link: `${ctx.siteUrl}${localizePath('/', TRANSLATION_LOCALE)}`,
    self: `${ctx.siteUrl}${ENGLISH_RSS_PATH}`,
    language: TRANSLATION_LOCALE,
    updated: latest(...articles.map((article) => article.updatedAt), site.updatedAt),
    articles,
    linkLocale: TRANSLATION_LOCALE,
  });
}
