/**
 * News by tag `/news/tag/{tag}?page=n`: 12 articles a page, newest first (English titles under
 * `/en` where translated, decision 061); unknown tag or page → 404.
 */
import { data } from 'react-router';
import type { Article, Tag } from '../../shared/cms-types.ts';
import type { NewsTagData } from '../../shared/pages/news-tag/news-tag.page.tsx';
import { findPage, notFound, pageParam } from '../cms/paging.server.ts';
import { ARTICLE_CARD_QUERY } from '../cms/queries/articles.server.ts';
import { inSourceLocale, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** Articles per page on tag pages. */
export const TAG_PAGE_SIZE = 12;

export async function loader({ params, context, request }: PortalLoaderArgs) {
  const page = pageParam(request);
  const tag = await context.strapi.findFirst<Tag>('tags', {
    fields: ['name', 'slug'],
    filters: { slug: { $eq: params.tag ?? '' } },
  });
  if (!tag) throw notFound();
  const articles = await findPage<Article>(
    context.strapi,
    'articles',
    inSourceLocale({
      ...ARTICLE_CARD_QUERY,
      filters: { tags: { slug: { $eq: tag.slug } } },
      sort: ['publishDate:desc'],
    }),
    page,
    TAG_PAGE_SIZE,
  );
  const { pagination } = articles;
  const body: NewsTagData = {
    tag,
    articles: await translateList(context, 'articles', articles.data),
    pagination,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
