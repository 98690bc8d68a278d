/**
 * The news lists (docs/decisions/099-paged-news-lists.md): `/nieuws?pagina=n` (every published
 * article, newest first, `NEWS_PAGE_SIZE` a page), `/nieuws/archief` (the months with news, newest
 * year first, each with its number of articles) and `/nieuws/archief/{year}/{month}?pagina=n` (the
 * articles published in that month, newest first, paged, with links to the nearest months with
 * news). Months are calendar months in Europe/Amsterdam, as on the sitemap by period
 * (src/server/routes/sitemap.server.ts). Under `/en` the titles are English where translated
 * (decision 061).
 *
 * A malformed page number or one past the last is a 404; so is an invalid month (`13`, `2026x`) or
 * one without news; a month without its leading zero answers 301 to the two-digit URL.
 */
import { data, redirect } from 'react-router';
import type { Article } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import type {
  NewsArchiveData,
  NewsArchiveMonthData,
  NewsArchiveYear,
  NewsListData,
} from '../../shared/pages/news/news.page.tsx';
import { monthIndex, neighbours, parseMonth, parseYear } from '../../shared/pages/sitemap/period.ts';
import { PAGE_PARAM } from '../../shared/paging.ts';
import { newsArchivePath } from '../../shared/urls.ts';
import { findAll } from '../cms/find-all.server.ts';
import { notFound, pageParam } from '../cms/paging.server.ts';
import { pagedArticles } from '../cms/queries/articles.server.ts';
import { inSourceLocale } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { monthRange, periodOf } from './sitemap.server.ts';

/** Articles a page on `/nieuws` and on an archive month (four rows of three cards). */
export const NEWS_PAGE_SIZE = 12;

/** Loader of `/nieuws`: one page of all news. */
export async function loader({ request, context }: PortalLoaderArgs) {
  const page = pageParam(request, PAGE_PARAM);
  const articles = await pagedArticles(context, page, NEWS_PAGE_SIZE);
  const body: NewsListData = { articles: articles.data, pagination: articles.pagination };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/**
 * Every year with news, newest first, each with its months with news (newest first) and their
 * number of articles. One paged read of only the `publishDate`s (one CMS call per 100 articles,
 * cached by the CMS client).
 */
async function newsCalendar(ctx: PortalContext): Promise<NewsArchiveYear[]> {
  const articles = await findAll<Pick<Article, 'publishDate'>>(
    ctx.strapi,
    'articles',
    inSourceLocale({ fields: ['publishDate'] }),
  );
  const years = new Map<number, Map<number, number>>();
  for (const article of articles) {
    const period = periodOf(article.publishDate);
    if (!period) continue;
    const months = years.get(period.year) ?? new Map<number, number>();
    months.set(period.month, (months.get(period.month) ?? 0) + 1);
    years.set(period.year, months);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, months]) => ({
      year,
      articles: [...months.values()].reduce((sum, count) => sum + count, 0),
      months: [...months.entries()]
        .sort(([a], [b]) => b - a)
        .map(([month, count]) => ({ month, articles: count })),
    }));
}

/** Loader of `/nieuws/archief`: the months with news. */
export async function archiveLoader({ context }: PortalLoaderArgs) {
  const years = await newsCalendar(context);
  const body: NewsArchiveData = {
    years,
    total: years.reduce((sum, year) => sum + year.articles, 0),
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/nieuws/archief/{year}/{month}?pagina=n`: one page of a month's news. */
export async function archiveMonthLoader({ params, request, context }: PortalLoaderArgs) {
  const year = parseYear(params.year);
  const month = parseMonth(params.month);
  if (year === null || month === null) throw notFound();
  const page = pageParam(request, PAGE_PARAM);
  const canonical = newsArchivePath(year, month);
  if (`/nieuws/archief/${params.year}/${params.month}` !== canonical) {
    throw redirect(localizePath(canonical, context.locale) + new URL(request.url).search, 301);
  }
  const period = { year, month };
  const { start, end } = monthRange(period);
  const [calendar, articles] = await Promise.all([
    newsCalendar(context),
    pagedArticles(context, page, NEWS_PAGE_SIZE, { publishDate: { $gte: start, $lt: end } }),
  ]);
  const months = calendar
    .flatMap((entry) => entry.months.map((summary) => ({ year: entry.year, month: summary.month })))
    .sort((a, b) => monthIndex(a) - monthIndex(b));
  if (articles.pagination.total === 0) throw notFound();
  const { previous, next } = neighbours(months, monthIndex, monthIndex(period));
  const body: NewsArchiveMonthData = {
    period,
    articles: articles.data,
    pagination: articles.pagination,
    previous,
    next,
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
