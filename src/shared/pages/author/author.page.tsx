/**
 * An editor's page `/redactie/{author}` (decision 100): name, role, photo and short bio from the
 * CMS, then their articles, newest first, paged with the shared pager (`?pagina=n`, decision
 * 099). The breadcrumb leads through the editorial team page `/redactie`. Role and bio are
 * written in Dutch only, so under `/en` they are marked `lang="nl"`.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, Author, StrapiPagination } from '../../cms-types.ts';
import { DEFAULT_LOCALE, foreignLang } from '../../i18n/locale.ts';
import { PAGE_PARAM, pageHref } from '../../paging.ts';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { ArticleCard } from '../../ui/cards.tsx';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { ResponsiveImage } from '../../ui/media.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { authorPagePath, EDITORS_PATH } from '../../urls.ts';

/** Data of `/redactie/{author}`. */
export interface AuthorData {
  author: Author;
  /** This page of the author's articles. */
  articles: Article[];
  pagination: StrapiPagination;
}

export function AuthorPage() {
  const { author, articles, pagination } = useLoaderData() as AuthorData;
  const { t } = useTranslation();
  const dutch = foreignLang({ locale: DEFAULT_LOCALE }, useLocale());
  const siteName = useRootData()?.site?.name ?? '';
  const path = authorPagePath(author);
  const page = pagination.page;
  const title = page > 1 ? `${author.name} · ${t('pagination.page', { page })}` : author.name;
  return (
    <div className="container author-page">
      <Seo
        title={title}
        description={
          author.role
            ? t('editors.descriptionWithRole', { name: author.name, role: author.role, site: siteName })
            : t('editors.description', { name: author.name, site: siteName })
        }
        image={author.photo?.url}
        path={pageHref(path, page, PAGE_PARAM)}
      />
      <Breadcrumb
        crumbs={[
          { name: t('editors.team'), path: EDITORS_PATH },
          { name: author.name, path },
        ]}
      />
      <header className="author-profile">
        {author.photo ? (
          <div className="author-profile__photo">
            <ResponsiveImage
              media={author.photo}
              priority
              alt={t('editors.photoAlt', { name: author.name })}
              sizes={IMAGE_SIZES.authorPhoto}
            />
          </div>
        ) : null}
        <div>
          <h1>{author.name}</h1>
          {author.role ? (
            <p className="author-profile__role" lang={dutch}>
              {author.role}
            </p>
          ) : null}
          {author.bio ? (
            <p className="author-profile__bio" lang={dutch}>
              {author.bio}
            </p>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="author-articles">
        <h2 id="author-articles" className="section-title">
          {t('editors.articles', { name: author.name })}
        </h2>
        {articles.length ? (
          <div className="grid grid--news">
            {articles.map((article) => (
              <ArticleCard key={article.documentId} article={article} />
            ))}
          </div>
        ) : (
          <p className="empty-state">{t('editors.noArticles')}</p>
        )}
      </section>
      <Pagination path={path} page={page} pageCount={pagination.pageCount} param={PAGE_PARAM} />
    </div>
  );
}
