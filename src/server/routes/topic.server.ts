/**
 * Topic pages `/ecommerce`, `/logistiek`, `/fulfilment` (docs/product.md#routes-and-layouts). Three routes
 * (`ecommerce`, `logistiek`, `fulfilment`) share this loader; it reads the topic slug from the
 * request path (the data endpoint passes the same path), so a fourth topic is one more route.
 *
 * Data: the `topics` entry (unknown → 404), the CMS page with the same slug in the locale with
 * Dutch fallback (`findCmsPage`), and the topic's latest news, upcoming events and open vacancies.
 * The topic CMS pages also contain content-list blocks for those three kinds; the portal shows
 * its own fixed sections instead and drops every content-list block, exactly like the home page
 * (routes/home.server.ts), so no list appears twice. The page's editorial blocks (text, images,
 * galleries, calls to action) are kept in their order: those before the first content list are
 * shown above the sections (the introduction), the others below them.
 *
 * The news goes through all the topic's articles, `TOPIC_NEWS` a page: `?pagina=n`; a malformed
 * page number or one past the last is a 404 (docs/decisions/099-paged-news-lists.md).
 */
import { data } from 'react-router';
import type { Block, Topic } from '../../shared/cms-types.ts';
import { splitLocale } from '../../shared/i18n/locale.ts';
import type { TopicData } from '../../shared/pages/topic/topic.page.tsx';
import { PAGE_PARAM } from '../../shared/paging.ts';
import { notFound, pageParam } from '../cms/paging.server.ts';
import { pagedArticles } from '../cms/queries/articles.server.ts';
import { upcomingEvents } from '../cms/queries/events.server.ts';
import { findCmsPage } from '../cms/queries/pages.server.ts';
import { openVacancies } from '../cms/queries/vacancies.server.ts';
import type { PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';

/** The topic slugs that have a route of their own (docs/product.md#routes-and-layouts). */
export const TOPIC_SLUGS = ['ecommerce', 'logistiek', 'fulfilment'] as const;

/** News items a page on a topic page (on page 1 one lead story and eight cards). */
export const TOPIC_NEWS = 9;
/** Upcoming events on a topic page. */
export const TOPIC_EVENTS = 4;
/** Open vacancies on a topic page. */
export const TOPIC_VACANCIES = 5;

/** The topic slug of a request: the unprefixed path without slashes (`/en/logistiek` → `logistiek`). */
export function topicSlugOf(request: Request): string {
  return splitLocale(new URL(request.url).pathname).path.replace(/^\/+|\/+$/g, '');
}

/**
 * Splits a page's blocks into the editorial blocks before the first content list (`intro`) and
 * after it (`outro`); content-list blocks themselves are dropped.
 */
export function splitEditorialBlocks(blocks: Block[] | null | undefined): { intro: Block[]; outro: Block[] } {
  const all = blocks ?? [];
  const firstList = all.findIndex((block) => block.__component === 'blocks.content-list');
  const editorial = (part: Block[]) => part.filter((block) => block.__component !== 'blocks.content-list');
  if (firstList < 0) return { intro: all, outro: [] };
  return { intro: editorial(all.slice(0, firstList)), outro: editorial(all.slice(firstList)) };
}

/** Loader of the three topic routes. */
export async function loader({ request, context }: PortalLoaderArgs) {
  const slug = topicSlugOf(request);
  if (!(TOPIC_SLUGS as readonly string[]).includes(slug)) throw notFound();
  const page = pageParam(request, PAGE_PARAM);
  const byTopic = { topic: { slug: { $eq: slug } } };
  const [topic, cmsPage, articles, events, vacancies] = await Promise.all([
    context.strapi.findFirst<Topic>('topics', {
      fields: ['name', 'slug', 'description'],
      filters: { slug: { $eq: slug } },
    }),
    findCmsPage(context, { slug }, context.locale),
    pagedArticles(context, page, TOPIC_NEWS, byTopic),
    upcomingEvents(context, TOPIC_EVENTS, byTopic),
    openVacancies(context, TOPIC_VACANCIES, byTopic),
  ]);
  if (!topic) throw notFound();
  const { intro, outro } = splitEditorialBlocks(cmsPage?.blocks);
  const body: TopicData = {
    topic: { name: topic.name, slug: topic.slug, description: topic.description ?? null },
    page: cmsPage
      ? {
          title: cmsPage.title,
          metaDescription: cmsPage.seo?.metaDescription ?? null,
          shareImage: cmsPage.seo?.shareImage?.url ?? null,
          locale: cmsPage.locale ?? null,
          intro,
          outro,
        }
      : null,
    articles: articles.data,
    pagination: articles.pagination,
    events: events.data,
    vacancies: vacancies.data,
    totals: {
      articles: articles.pagination.total,
      events: events.meta.pagination?.total ?? events.data.length,
      vacancies: vacancies.meta.pagination?.total ?? vacancies.data.length,
    },
  };
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
