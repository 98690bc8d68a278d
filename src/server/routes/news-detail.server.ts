/**
 * News item `/news/{id}/{slug}`: the article by documentId; a wrong or outdated slug answers 301
 * to the canonical URL (section 3). Under `/en` an article with an English translation is shown in
 * English (docs/decisions/061-untranslated-content.md). Also loads three related articles of the same topic and the
 * most read news of the week (without this article).
 */
import { data, redirect } from 'react-router';
import type { Article } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type { NewsDetailData } from '../../shared/pages/news-detail/news-detail.page.tsx';
import { articlePath } from '../../shared/urls.ts';
import { ARTICLE_CARD_QUERY, articleByDocumentId, mostReadArticles } from '../cms/queries/articles.server.ts';
import { inSourceLocale, translateList } from '../cms/translations.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { deferredValue } from '../render/deferred.server.ts';

export async function loader({ params, context, request }: PortalLoaderArgs) {
  const article = await articleByDocumentId(context, params.id ?? '');
  if (article.slug !== params.slug) {
    const search = new URL(request.url).search;
    throw redirect(localizePath(articlePath(article), context.locale) + search, 301);
  }
  // Deferred (docs/decisions/105-streaming-documents.md): they stream in after the article.
  const related = deferredValue(
    context.strapi
      .find<Article>(
        'articles',
        inSourceLocale({
          ...ARTICLE_CARD_QUERY,
          filters: {
            documentId: { $ne: article.documentId },
            ...(article.topic ? { topic: { slug: { $eq: article.topic.slug } } } : {}),
          },
          sort: ['publishDate:desc'],
          pagination: { page: 1, pageSize: 3 },
        }),
      )
      .then((list) => translateList(context, 'articles', list.data)),
  );
  const mostRead = deferredValue(
    mostReadArticles(context).then((list) => list.filter((item) => item.documentId !== article.documentId)),
  );
  const body: NewsDetailData = { article, related, mostRead };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
