/** News item: headline, meta, cover, body, gallery, tags, related news and the most read news. */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useContentPageview } from '../../analytics/use-content-pageview.ts';
import type { Article } from '../../cms-types.ts';
import { contentLocaleOf, DUTCH_CONTENT, foreignLang, localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';
import { ArticleCard } from '../../ui/cards.tsx';
import { type Deferrable, Deferred } from '../../ui/deferred.tsx';
import { formatDate } from '../../ui/format.ts';
import { Gallery } from '../../ui/gallery/index.ts';
import { IMAGE_SIZES } from '../../ui/image-sizes.ts';
import { JsonLd } from '../../ui/json-ld.tsx';
import { ResponsiveImage } from '../../ui/media.tsx';
import { MostRead } from '../../ui/most-read.tsx';
import { RichText, readingMinutes } from '../../ui/rich-text.tsx';
import { useLocale, useRootData } from '../../ui/root-data.ts';
import { newsArticleJsonLd } from '../../ui/schema-org.ts';
import { SectionFallback } from '../../ui/section-fallback.tsx';
import { Seo } from '../../ui/seo.tsx';
import { ShareLinks } from '../../ui/share-links.tsx';
import { useTaxonomyNames } from '../../ui/taxonomy-names.ts';
import { MediaCaption, UntranslatedNote } from '../../ui/untranslated-note.tsx';
import { articlePath, bylinePath, NEWS_PATH, tagPath, topicPath } from '../../urls.ts';

export interface NewsDetailData {
  article: Article;
  /** Up to three newer articles of the same topic; deferred (docs/decisions/105-streaming-documents.md). */
  related: Deferrable<Article[]>;
  /** The most read news of the last 7 days, without this article; deferred. */
  mostRead: Deferrable<Article[]>;
}

/** True when the editors revised the article after it was published (its revision date is later). */
function revised(article: Article): boolean {
  return Boolean(article.modifiedDate && Date.parse(article.modifiedDate) > Date.parse(article.publishDate));
}

/** Splits the translated byline around the author's name (an invisible separator). */
const BYLINE_MARKER = '\u2063';

/**
 * "Door Marieke Dekker", the name linking to the editor's own page (`/redactie/{slug}`) when the
 * article is related to an author in the CMS, else to the editorial team page (decision 100).
 */
function Byline({ article }: { article: Pick<Article, 'author' | 'authorProfile'> }) {
  const { t } = useTranslation();
  const name = article.authorProfile?.name ?? article.author ?? '';
  // The translation places the name ("Door {{author}}" / "By {{author}}"); a marker splits it.
  const [before = '', after = ''] = t('common.by', { author: BYLINE_MARKER }).split(BYLINE_MARKER);
  return (
    <>
      {before}
      <AppLink to={bylinePath(article)} rel="author">
        {name}
      </AppLink>
      {after}
    </>
  );
}

export function NewsDetailPage() {
  const { article, related, mostRead } = useLoaderData() as NewsDetailData;
  useContentPageview('article', article.documentId);
  const { t } = useTranslation();
  const locale = useLocale();
  // The language of the text (decision 061): English under /en when translated, else Dutch; the
  // structured data names the page in that language, as the canonical does.
  const contentLocale = contentLocaleOf(article);
  const root = useRootData();
  const names = useTaxonomyNames();
  const topicName = article.topic ? names.topic(article.topic) : '';
  const gallery = article.gallery ?? [];
  return (
    <div className="container">
      <Seo
        contentLocales={article.locales ?? DUTCH_CONTENT}
        title={article.seo?.metaTitle ?? article.title}
        description={article.seo?.metaDescription ?? article.summary}
        image={article.seo?.shareImage?.url ?? article.cover?.url}
        path={articlePath(article)}
        type="article"
        publishedTime={article.publishDate}
        modifiedTime={article.modifiedDate ?? article.publishDate}
      />
      <JsonLd
        data={newsArticleJsonLd(article, root?.site?.name ?? '', {
          siteUrl: root?.siteUrl ?? '',
          locale: contentLocale,
        })}
      />
      <Breadcrumb
        crumbs={[
          ...(article.topic ? [{ name: topicName, path: topicPath(article.topic.slug) }] : []),
          { name: article.title, path: articlePath(article), lang: foreignLang(article, locale) },
        ]}
      />
      <article className="article" lang={contentLocale}>
        <UntranslatedNote kind="article" contentLocale={contentLocale} />
        <header className="article__header">
          {article.topic ? (
            // The topic is the site's label, in the page's language inside a Dutch-only article.
            <p className="card__kicker" lang={contentLocale === locale ? undefined : locale}>
              <AppLink to={topicPath(article.topic.slug)}>{topicName}</AppLink>
            </p>
          ) : null}
          <h1>{article.title}</h1>
          {article.summary ? <p className="article__lead">{article.summary}</p> : null}
          <p className="article__meta">
            <time dateTime={article.publishDate}>
              {t('common.publishedOn', { date: formatDate(article.publishDate, locale, 'dateAtTime') })}
            </time>
            {revised(article) ? (
              <>
                {' · '}
                <time dateTime={article.modifiedDate ?? undefined}>
                  {t('common.updatedOn', {
                    date: formatDate(article.modifiedDate ?? '', locale, 'dateAtTime'),
                  })}
                </time>
              </>
            ) : null}
            {article.author || article.authorProfile ? (
              <span>
                {' · '}
                <Byline article={article} />
              </span>
            ) : null}
            <span> · {t('common.minutesRead', { count: readingMinutes(article.body) })}</span>
          </p>
        </header>
        {article.cover ? (
          <figure className="article__cover">
            <ResponsiveImage media={article.cover} priority sizes={IMAGE_SIZES.articleHero} />
            {article.cover.caption ? (
              <MediaCaption caption={article.cover.caption} contentLocale={contentLocale} />
            ) : null}
          </figure>
        ) : null}
        <RichText content={article.body} className="prose article__body" />
        {gallery.length ? (
          <section className="gallery" aria-labelledby="gallery-title">
            <h2 id="gallery-title">{t('common.gallery')}</h2>
            <Gallery images={gallery} title={t('common.gallery')} />
          </section>
        ) : null}
        <ShareLinks
          url={`${root?.siteUrl ?? ''}${localizePath(articlePath(article), locale)}`}
          title={article.title}
        />
        {article.tags?.length ? (
          <footer className="article__tags">
            <h2 className="visually-hidden">{t('common.tags')}</h2>
            <ul className="tag-list">
              {article.tags.map((tag) => (
                <li key={tag.slug}>
                  <AppLink to={tagPath(tag)} className="tag" rel="tag">
                    {tag.name}
                  </AppLink>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
      <Deferred
        resolve={related}
        fallback={
          <SectionFallback
            id="related-title"
            className="related"
            title={t('news.related')}
            link={
              article.topic
                ? {
                    to: topicPath(article.topic.slug),
                    label: t('home.topicLink', { topic: topicName }),
                  }
                : { to: NEWS_PATH, label: t('common.allNews') }
            }
            size="grid"
          />
        }
      >
        {(list) => <RelatedNews articles={list} />}
      </Deferred>
      <Deferred
        resolve={mostRead}
        fallback={
          <SectionFallback
            id="most-read"
            className="most-read"
            title={t('news.mostRead')}
            link={{ to: NEWS_PATH, label: t('common.allNews') }}
            size="list"
          />
        }
      >
        {(list) => <MostRead articles={list} />}
      </Deferred>
    </div>
  );
}

/**
 * "Meer nieuws": the related articles (up to three), nothing when there are none. Its grid has at
 * most as many columns as it has teasers (two for one), so a wide screen shows no empty slot.
 */
function RelatedNews({ articles }: { articles: Article[] }) {
  const { t } = useTranslation();
  if (articles.length === 0) return null;
  const three = articles.length >= 3;
  return (
    <section aria-labelledby="related-title" className="related">
      <h2 id="related-title" className="section-title">
        {t('news.related')}
      </h2>
      <div className={`grid grid--news ${three ? 'grid--upto-3' : 'grid--upto-2'}`}>
        {articles.map((item) => (
          <ArticleCard
            key={item.documentId}
            article={item}
            sizes={three ? IMAGE_SIZES.relatedCard3 : IMAGE_SIZES.relatedCard2}
          />
        ))}
      </div>
    </section>
  );
}
