/** Named reads of articles (docs/content-model.md#article): teasers, the detail page, the latest. */
import type { Article, StrapiList } from '../../../shared/cms-types.ts';
import type { PortalContext } from '../../context.server.ts';
import { findPage, type ListPage } from '../paging.server.ts';
import { isStrapiError } from '../strapi-error.server.ts';
import { inSourceLocale, translateDetail, translateList } from '../translations.server.ts';
import { DETAIL_MEDIA_FIELDS, MEDIA_FIELDS, NAME_SLUG_FIELDS } from './fields.server.ts';

/** Fields and relations of an article teaser. */
export const ARTICLE_CARD_QUERY = {
  fields: ['title', 'slug', 'summary', 'publishDate'],
  populate: { cover: { fields: MEDIA_FIELDS }, topic: { fields: NAME_SLUG_FIELDS } },
} as const;

/** Relations of the article detail page (news item). */
const ARTICLE_DETAIL_QUERY = {
  populate: {
    cover: { fields: DETAIL_MEDIA_FIELDS },
    gallery: { fields: DETAIL_MEDIA_FIELDS },
    tags: { fields: NAME_SLUG_FIELDS },
    topic: { fields: NAME_SLUG_FIELDS },
    seo: { populate: { shareImage: { fields: DETAIL_MEDIA_FIELDS } } },
    // The editor behind the byline: their page and the JSON-LD author (decision 100).
    authorProfile: { fields: ['name', 'slug', 'role'] },
  },
} as const;

/**
 * The article with `documentId`, for its detail page, in the request's language when it has a
 * translation (with `locale` and `locales`, translations.server.ts).
 * @throws StrapiError 404 when there is none (in Dutch)
 */
export async function articleByDocumentId(
  ctx: Pick<PortalContext, 'strapi' | 'locale'>,
  documentId: string,
): Promise<Article> {
  const article = await ctx.strapi.findOne<Article>(
    'articles',
    documentId,
    inSourceLocale(ARTICLE_DETAIL_QUERY),
  );
  return translateDetail(ctx, 'articles', article);
}

/** What the "Meest gelezen" block shows of an article: its title and link. */
const MOST_READ_QUERY = { fields: ['title', 'slug', 'publishDate'] } as const;

/**
 * The most read articles of the last 7 days (docs/analytics.md): the CMS ranks page views in SQL
 * (`GET /api/statistics/most-read`), both answers come from the client's anonymous GET cache.
 * The block is extra: when the CMS cannot answer, it is left out (logged), never the page; with
 * analytics off (ANALYTICS=false) it is not asked for.
 * @returns at most `limit` articles, most read first; empty without page views
 */
export async function mostReadArticles(
  ctx: Pick<PortalContext, 'strapi' | 'logger' | 'analytics' | 'locale'>,
  limit = 5,
): Promise<Article[]> {
  if (!ctx.analytics.enabled) return [];
  try {
    const ranking = await ctx.strapi.request<{ data: Array<{ documentId: string; views: number }> }>(
      '/statistics/most-read',
      { query: { days: 7, limit } },
    );
    const ids = ranking.data.map((entry) => entry.documentId);
    if (ids.length === 0) return [];
    const list = await ctx.strapi.find<Article>(
      'articles',
      inSourceLocale({
        ...MOST_READ_QUERY,
        filters: { documentId: { $in: ids } },
        pagination: { page: 1, pageSize: ids.length },
      }),
    );
    const translated = await translateList(ctx, 'articles', list.data);
    const byId = new Map(translated.map((article) => [article.documentId, article]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  } catch (error) {
    if (!isStrapiError(error)) throw error;
    ctx.logger.warn({ strapi: { status: error.status, name: error.name } }, 'most read articles left out');
    return [];
  }
}

/** Latest published articles, newest first, in the request's language where translated. */
export async function latestArticles(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Article>> {
  const list = await ctx.strapi.find<Article>(
    'articles',
    inSourceLocale({
      ...ARTICLE_CARD_QUERY,
      filters,
      sort: ['publishDate:desc'],
      pagination: { page: 1, pageSize },
    }),
  );
  return { ...list, data: await translateList(ctx, 'articles', list.data) };
}

/** Order of the paged news lists: newest first; ties by id, so no article is on two pages. */
const NEWS_LIST_SORT = ['publishDate:desc', 'id:desc'];

/**
 * Page `page` (1-based) of the published articles matching `filters`, `pageSize` a page, newest
 * first, in the request's language where translated (decision 061). Used by the paged news lists
 * (docs/decisions/099-paged-news-lists.md).
 * @returns the articles and the list's pagination (`total`, `pageCount`)
 * @throws a 404 route error past the last page (page 1 of an empty list is a page); StrapiError
 */
export async function pagedArticles(
  ctx: PortalContext,
  page: number,
  pageSize: number,
  filters?: object,
): Promise<ListPage<Article>> {
  const list = await findPage<Article>(
    ctx.strapi,
    'articles',
    inSourceLocale({ ...ARTICLE_CARD_QUERY, filters, sort: NEWS_LIST_SORT }),
    page,
    pageSize,
  );
  return { ...list, data: await translateList(ctx, 'articles', list.data) };
}

/** What the search index reads of an article (its text, tags and topic by name). */
export const ARTICLE_SEARCH_QUERY = {
  fields: ['title', 'slug', 'summary', 'body', 'publishDate', 'author'],
  populate: { tags: { fields: ['name'] }, topic: { fields: ['name'] } },
} as const;

/** What an RSS item shows of an article: text, dates, the cover as an enclosure, the tags. */
export const ARTICLE_FEED_QUERY = {
  fields: ['title', 'slug', 'summary', 'publishDate', 'updatedAt'],
  populate: {
    cover: { fields: ['url', 'mime', 'formats'] },
    tags: { fields: NAME_SLUG_FIELDS, sort: ['name:asc'] },
  },
} as const;
