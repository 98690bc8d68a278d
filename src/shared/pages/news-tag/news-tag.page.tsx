/** News by tag, paginated with real links. */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, StrapiPagination, Tag } from '../../cms-types.ts';
import { ArticleCard } from '../../ui/cards.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { tagPath, tagsOverviewPath } from '../../urls.ts';

export interface NewsTagData {
  tag: Tag;
  articles: Article[];
  pagination: StrapiPagination;
}

export function NewsTagPage() {
  const { tag, articles, pagination } = useLoaderData() as NewsTagData;
  const { t } = useTranslation();
  const path = tagPath(tag);
  return (
    <div className="container">
      <Seo
        title={
          pagination.page > 1
            ? `${t('news.tagTitle', { tag: tag.name })} · ${t('pagination.page', { page: pagination.page })}`
            : t('news.tagTitle', { tag: tag.name })
        }
        description={t('news.tagDescription', { tag: tag.name, count: pagination.total })}
        path={pagination.page > 1 ? `${path}?page=${pagination.page}` : path}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('tagsOverview.title'), path: tagsOverviewPath() },
          { name: t('news.tagTitle', { tag: tag.name }), path },
        ]}
      />
      {/* The tag's RSS feed (Dutch content, so the unprefixed URL in both locales); React hoists it into <head>. */}
      <link
        rel="alternate"
        type="application/rss+xml"
        title={t('feeds.tagRssTitle', { tag: tag.name })}
        href={`${path}/rss.xml`}
      />
      <header className="page-header">
        <h1>{t('news.tagTitle', { tag: tag.name })}</h1>
        <p>{t('news.tagCount', { count: pagination.total })}</p>
      </header>
      {articles.length ? (
        <section aria-labelledby="tag-articles">
          {/* The cards' titles are h3: this keeps the heading order (WCAG 1.3.1). */}
          <h2 id="tag-articles" className="visually-hidden">
            {t('news.articles')}
          </h2>
          <div className="grid grid--news">
            {articles.map((article, index) => (
              <ArticleCard key={article.documentId} article={article} priority={index === 0} />
            ))}
          </div>
        </section>
      ) : (
        <p className="empty-state">{t('news.empty')}</p>
      )}
      <Pagination path={path} page={pagination.page} pageCount={pagination.pageCount} />
    </div>
  );
}
