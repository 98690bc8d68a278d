/**
 * Search `/zoeken?q=...&type=...&page=n`: results from the site search (the in-memory index, or
 * the CMS's PostgreSQL full-text search; search-index.server.ts `siteSearchFor`).
 * The query is cut to 200 characters; an invalid `page` or `type`, or a page past the last one,
 * is a 404. Without a query the page explains itself; without results it suggests tags. When the
 * search corrected a word that found nothing as typed (`retuor` → `retour`), the page offers the
 * corrected query as a link ("Bedoelde je retour?"; docs/decisions/111-search-tolerates-swapped-letters.md).
 * The page is `noindex` (meta tag and `X-Robots-Tag`). Under `/en` a result with an English version shows
 * its English title and summary (hit-translations.server.ts, decision 112).
 */
import { data } from 'react-router';
import { isSearchType } from '../../shared/features/search/search-types.ts';
import type { SearchData, SuggestedTag } from '../../shared/pages/search/search.page.tsx';
import { notFound, pageParam } from '../cms/paging.server.ts';
import { SOURCE_LOCALE } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { translateHits } from '../search/hit-translations.server.ts';
import { siteSearchFor } from '../search/search-index.server.ts';
import { correctedQuery, cutQuery } from '../search/text.server.ts';

/** Tags suggested when a search finds nothing. */
const SUGGESTED_TAGS = 12;

interface TagWithCount {
  name: string;
  slug: string;
  articles?: { count?: number } | null;
}

/** The tags with the most articles (suggestions for an empty result). */
async function suggestedTags(context: PortalContext): Promise<SuggestedTag[]> {
  const list = await context.strapi.find<TagWithCount>('tags', {
    fields: ['name', 'slug'],
    // Each article once: its Dutch version (an English translation is the same article, decision 061).
    populate: { articles: { count: true, filters: { locale: { $eq: SOURCE_LOCALE } } } },
    sort: ['name:asc'],
    pagination: { page: 1, pageSize: 100 },
  });
  return list.data
    .map((tag) => ({ name: tag.name, slug: tag.slug, count: tag.articles?.count ?? 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'nl'))
    .slice(0, SUGGESTED_TAGS)
    .map(({ name, slug }) => ({ name, slug }));
}

const HEADERS = { 'Cache-Control': PUBLIC_PAGE_CACHE, 'X-Robots-Tag': 'noindex' };

/** Loader of `zoeken`. */
export async function loader({ request, context }: PortalLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = cutQuery(params.get('q'));
  const page = pageParam(request);
  const rawType = params.get('type');
  if (rawType !== null && rawType !== '' && !isSearchType(rawType)) throw notFound();
  const type = isSearchType(rawType) ? rawType : null;

  if (query === '') {
    if (page > 1) throw notFound();
    const body: SearchData = {
      query,
      type,
      page: 1,
      pageCount: 0,
      total: 0,
      counts: null,
      hits: [],
      mode: 'all',
      suggestion: null,
      tags: [],
    };
    return data(body, { headers: HEADERS });
  }

  const result = await siteSearchFor(context.strapi, context.logger).search(
    { query, locale: context.locale, type, page },
    // The request's one CMS deadline, also on a cold instance whose index is still being built.
    context.strapi.deadline,
  );
  if (page > 1 && page > result.pageCount) throw notFound();
  const body: SearchData = {
    query,
    type,
    page,
    pageCount: result.pageCount,
    total: result.total,
    counts: result.counts,
    hits: await translateHits(context, result.hits, query),
    mode: result.mode,
    suggestion: correctedQuery(query, result.corrections),
    tags: result.counts.all === 0 ? await suggestedTags(context) : [],
  };
  return data(body, { headers: HEADERS });
}
