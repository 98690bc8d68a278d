/** News by tag `/news/tag/{tag}?page=n`: 12 articles a page, newest first; unknown tag or page → 404. */
import { data } from 'react-router';
import type { Article, Tag } from '../../shared/cms-types.ts';
import type { NewsTagData } from '../../shared/pages/news-tag/news-tag.page.tsx';
import { ARTICLE_CARD_QUERY, notFound, PUBLIC_PAGE_CACHE, pageParam } from '../cms/content.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';

/** Articles per page on tag pages. */
export const TAG_PAGE_SIZE = 12;

export async function loader({ params, context, request }: PortalLoaderArgs) {
  const page = pageParam(request);
  const tag = await context.strapi.findFirst<Tag>('tags', {
    fields: ['name', 'slug'],
    filters: { slug: { $eq: params.tag ?? '' } },
  });
  if (!tag) throw notFound();
  const articles = await context.strapi.find<Article>('articles', {
    ...ARTICLE_CARD_QUERY,
    filters: { tags: { slug: { $eq: tag.slug } } },
    sort: ['publishDate:desc'],
    pagination: { page, pageSize: TAG_PAGE_SIZE },
  });
  const pagination = articles.meta.pagination ?? {
    page,
    pageSize: TAG_PAGE_SIZE,
    pageCount: 1,
    total: articles.data.length,
  };
  if (page > 1 && page > pagination.pageCount) throw notFound();
  const body: NewsTagData = { tag, articles: articles.data, pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
