/**
 * The news lists (docs/decisions/099-paged-news-lists.md): all news (`/nieuws`, paged), the news
 * archive's months (`/nieuws/archief`) and a month's news (`/nieuws/archief/{year}/{month}`,
 * paged). Data and rules: src/server/routes/news.server.ts.
 */

import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Article, StrapiPagination } from '../../cms-types.ts';
import { PAGE_PARAM, pageHref } from '../../paging.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { ArticleCard } from '../../ui/cards.tsx';
import { formatMonthName, formatYearMonth } from '../../ui/format.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { useLocale } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { NEWS_PATH, newsArchivePath } from '../../urls.ts';
import './news.css';

/** Data of `/nieuws`: one page of all news, newest first. */
export interface NewsListData {
  articles: Article[];
  pagination: StrapiPagination;
}

/** A year of the archive: its months with news (newest first) and their numbers of articles. */
export interface NewsArchiveYear {
  year: number;
  articles: number;
  months: Array<{ month: number; articles: number }>;
}

/** Data of `/nieuws/archief`: the years with news, newest first. */
export interface NewsArchiveData {
  years: NewsArchiveYear[];
  total: number;
}

/** A calendar month (`month` 1–12). */
interface YearMonth {
  year: number;
  month: number;
}

/** Data of `/nieuws/archief/{year}/{month}`: one page of the month's news and the nearest months with news. */
export interface NewsArchiveMonthData {
  period: YearMonth;
  articles: Article[];
  pagination: StrapiPagination;
  previous: YearMonth | null;
  next: YearMonth | null;
}

/** The title of a list's page: the list's title, and from page 2 on the page number. */
function usePageTitle(title: string, page: number): string {
  const { t } = useTranslation();
  return page > 1 ? `${title} · ${t('pagination.page', { page })}` : title;
}

/** The articles of one page as cards; the first card's image loads first (it is in view). */
function ArticleGrid({ articles, labelledBy }: { articles: Article[]; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={labelledBy}>
      {/* The cards' titles are h3: this keeps the heading order (WCAG 1.3.1). */}
      <h2 id={labelledBy} className="visually-hidden">
        {t('newsList.articles')}
      </h2>
      <div className="grid grid--news">
        {articles.map((article, index) => (
          <ArticleCard key={article.documentId} article={article} priority={index === 0} />
        ))}
      </div>
    </section>
  );
}

/** `/nieuws`: all news, newest first, paged. */
export function NewsPage() {
  const { articles, pagination } = useLoaderData() as NewsListData;
  const { t } = useTranslation();
  const title = usePageTitle(t('newsList.title'), pagination.page);
  return (
    <div className="container news-list">
      <Seo
        title={title}
        description={t('newsList.description', { count: pagination.total })}
        image={articles[0]?.cover?.url}
        path={pageHref(NEWS_PATH, pagination.page)}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('newsList.title'), path: NEWS_PATH }]} />
      <header className="page-header">
        <h1>{t('newsList.title')}</h1>
        <p>
          {pagination.page > 1
            ? t('newsList.pageIntro', {
                count: pagination.total,
                page: pagination.page,
                pageCount: pagination.pageCount,
              })
            : t('newsList.intro', { count: pagination.total })}
        </p>
        <p>
          <AppLink to={newsArchivePath()}>{t('newsList.toArchive')}</AppLink>
        </p>
      </header>
      {articles.length ? (
        <ArticleGrid articles={articles} labelledBy="news-articles" />
      ) : (
        <p className="empty-state">{t('newsList.empty')}</p>
      )}
      <Pagination
        path={NEWS_PATH}
        page={pagination.page}
        pageCount={pagination.pageCount}
        param={PAGE_PARAM}
      />
    </div>
  );
}

/** `/nieuws/archief`: every month with news, by year, newest first. */
export function NewsArchivePage() {
  const { years, total } = useLoaderData() as NewsArchiveData;
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="container news-archive">
      <Seo
        title={t('newsArchive.title')}
        description={t('newsArchive.description', { count: total })}
        path={newsArchivePath()}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('newsList.title'), path: NEWS_PATH },
          { name: t('newsArchive.title'), path: newsArchivePath() },
        ]}
      />
      <header className="page-header">
        <h1>{t('newsArchive.title')}</h1>
        <p>{t('newsArchive.intro', { count: total })}</p>
        <p>
          <AppLink to={NEWS_PATH}>{t('newsArchive.toNews')}</AppLink>
        </p>
      </header>
      {years.length ? (
        years.map((year) => (
          <section key={year.year} className="news-archive__year" aria-labelledby={`archive-${year.year}`}>
            <h2 id={`archive-${year.year}`} className="section-title">
              {year.year}{' '}
              <span className="news-archive__count">
                {t('newsArchive.articleCount', { count: year.articles })}
              </span>
            </h2>
            <ul className="news-archive__months">
              {year.months.map((month) => (
                <li key={month.month} data-month={`${year.year}-${month.month}`}>
                  <AppLink to={newsArchivePath(year.year, month.month)}>
                    {formatYearMonth(year.year, month.month, locale)}
                  </AppLink>{' '}
                  <span className="news-archive__count">
                    {t('newsArchive.articleCount', { count: month.articles })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))
      ) : (
        <p className="empty-state">{t('newsList.empty')}</p>
      )}
    </div>
  );
}

/** `/nieuws/archief/{year}/{month}`: the month's news, newest first, paged. */
export function NewsArchiveMonthPage() {
  const { period, articles, pagination, previous, next } = useLoaderData() as NewsArchiveMonthData;
  const { t } = useTranslation();
  const locale = useLocale();
  const label = formatYearMonth(period.year, period.month, locale);
  const heading = t('newsArchive.monthTitle', { month: label });
  const path = newsArchivePath(period.year, period.month);
  const title = usePageTitle(heading, pagination.page);
  const monthLink = (to: YearMonth) => ({
    path: newsArchivePath(to.year, to.month),
    label: formatYearMonth(to.year, to.month, locale),
  });
  return (
    <div className="container news-archive">
      <Seo
        title={title}
        description={t('newsArchive.monthDescription', { month: label, count: pagination.total })}
        image={articles[0]?.cover?.url}
        path={pageHref(path, pagination.page)}
      />
      <BreadcrumbJsonLd
        crumbs={[
          { name: t('newsList.title'), path: NEWS_PATH },
          { name: t('newsArchive.title'), path: newsArchivePath() },
          { name: label, path },
        ]}
      />
      <nav className="news-archive__trail" aria-label={t('newsArchive.trail')}>
        <ol>
          <li>
            <AppLink to={NEWS_PATH}>{t('newsList.title')}</AppLink>
          </li>
          <li>
            <AppLink to={newsArchivePath()}>{t('newsArchive.title')}</AppLink>
          </li>
          <li>
            <span aria-current="page">{formatMonthName(period.month, locale)}</span>
          </li>
        </ol>
      </nav>
      <header className="page-header">
        <h1>{heading}</h1>
        <p>
          {pagination.page > 1
            ? t('newsArchive.monthPageIntro', {
                count: pagination.total,
                page: pagination.page,
                pageCount: pagination.pageCount,
              })
            : t('newsArchive.articleCount', { count: pagination.total })}
        </p>
      </header>
      <ArticleGrid articles={articles} labelledBy="archive-articles" />
      <Pagination path={path} page={pagination.page} pageCount={pagination.pageCount} param={PAGE_PARAM} />
      {previous || next ? (
        <nav className="news-archive__months-nav" aria-label={t('newsArchive.otherMonths')}>
          {previous ? (
            <AppLink to={monthLink(previous).path} className="news-archive__earlier">
              <span className="news-archive__hint">{t('newsArchive.earlier')}</span>
              {monthLink(previous).label}
            </AppLink>
          ) : null}
          {next ? (
            <AppLink to={monthLink(next).path} className="news-archive__later">
              <span className="news-archive__hint">{t('newsArchive.later')}</span>
              {monthLink(next).label}
            </AppLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
