/**
 * CMS queries shared by several loaders: the field and populate selections (kept small so the
 * hydration payload stays small), page lookup with Dutch fallback, and list helpers.
 */
import { data } from 'react-router';
import type { Article, Block, Event, Page, StrapiList, Vacancy } from '../../shared/cms-types.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locale.ts';
import type { ResolvedBlock } from '../../shared/ui/blocks.tsx';
import type { PortalContext } from '../context.server.ts';
import { openVacancyFilter } from './queries/vacancies.server.ts';

const MEDIA_FIELDS = ['url', 'alternativeText', 'width', 'height', 'formats'];

/** Fields and relations of an article teaser. */
export const ARTICLE_CARD_QUERY = {
  fields: ['title', 'slug', 'summary', 'publishDate'],
  populate: { cover: { fields: MEDIA_FIELDS }, topic: { fields: ['name', 'slug'] } },
} as const;

/** Fields of an event teaser. */
export const EVENT_CARD_QUERY = {
  fields: ['title', 'slug', 'startsAt', 'endsAt', 'timeZone', 'venue', 'registrationOpen', 'summary'],
  populate: { address: true },
} as const;

/** Fields of a vacancy teaser. */
export const VACANCY_CARD_QUERY = {
  fields: [
    'title',
    'slug',
    'employer',
    'location',
    'employmentType',
    'salaryMin',
    'salaryMax',
    'salaryPeriod',
    'validThrough',
  ],
  populate: { category: { fields: ['name', 'slug'] } },
} as const;

/**
 * The current time rounded down to the minute, as ISO 8601. Used in "upcoming" filters so the
 * query URL, and with it the CMS client's cache key, stays the same for a minute.
 */
export function currentMinuteIso(now = Date.now()): string {
  return new Date(Math.floor(now / 60_000) * 60_000).toISOString();
}

/**
 * Finds a page by slug or documentId in `locale`, falling back to the Dutch version when the
 * page has no translation. Returns null when it does not exist.
 */
export async function findPage(
  ctx: PortalContext,
  where: { slug: string } | { documentId: string },
  locale: Locale,
): Promise<Page | null> {
  const filters = 'slug' in where ? { slug: { $eq: where.slug } } : { documentId: { $eq: where.documentId } };
  const page = await ctx.strapi.findFirst<Page>('pages', { filters, locale });
  if (page || locale === DEFAULT_LOCALE) return page;
  return ctx.strapi.findFirst<Page>('pages', { filters, locale: DEFAULT_LOCALE });
}

/** Latest published articles, newest first. */
export function latestArticles(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Article>> {
  return ctx.strapi.find<Article>('articles', {
    ...ARTICLE_CARD_QUERY,
    filters,
    sort: ['publishDate:desc'],
    pagination: { page: 1, pageSize },
  });
}

/**
 * The next events for teaser lists (home, topic pages, content-list blocks): those starting from
 * now on, soonest first. The agenda itself (`/events`) also lists events still running
 * (`upcomingEventFilter` in event-filters.server.ts).
 */
export function upcomingEvents(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Event>> {
  return ctx.strapi.find<Event>('events', {
    ...EVENT_CARD_QUERY,
    filters: { ...filters, startsAt: { $gte: currentMinuteIso() } },
    sort: ['startsAt:asc'],
    pagination: { page: 1, pageSize },
  });
}

/** Open vacancies ({@link openVacancyFilter}), newest first. */
export function openVacancies(
  ctx: PortalContext,
  pageSize: number,
  filters?: object,
): Promise<StrapiList<Vacancy>> {
  return ctx.strapi.find<Vacancy>('vacancies', {
    ...VACANCY_CARD_QUERY,
    filters: { ...filters, ...openVacancyFilter(currentMinuteIso()) },
    sort: ['publishedAt:desc'],
    pagination: { page: 1, pageSize },
  });
}

/**
 * Loads the items of every content-list block of a page (in parallel). Other blocks are returned
 * unchanged.
 */
export function resolveBlocks(
  ctx: PortalContext,
  blocks: Block[] | null | undefined,
): Promise<ResolvedBlock[]> {
  return Promise.all(
    (blocks ?? []).map(async (block): Promise<ResolvedBlock> => {
      if (block.__component !== 'blocks.content-list') return block;
      const limit = Math.min(Math.max(block.limit ?? 6, 1), 24);
      const filters = block.topic?.slug ? { topic: { slug: { $eq: block.topic.slug } } } : undefined;
      const list =
        block.kind === 'events'
          ? await upcomingEvents(ctx, limit, filters)
          : block.kind === 'vacancies'
            ? await openVacancies(ctx, limit, filters)
            : await latestArticles(ctx, limit, filters);
      return { ...block, items: list.data };
    }),
  );
}

/**
 * Reads the `page` query parameter: a positive integer, 1 when absent. Anything else is not a
 * page of the list, so it is a 404 (spec section 8: route validation fails).
 */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** A 404 route error response (the error page names the path). */
export function notFound() {
  return data({ message: 'Not Found' }, { status: 404 });
}

/** `Cache-Control` for anonymous, CMS-backed pages: shared caches may keep them briefly. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
