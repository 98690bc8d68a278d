/**
 * Tag overview (docs/product.md#routes-and-layouts): `/tags-overzicht`, every tag grouped by first character
 * with its number of published articles, and `/tags-overzicht/{char}`, one group. A key that is
 * not a group, or a group without tags, is a 404 (`/tags-overzicht/ab`, `/tags-overzicht/q` when
 * no tag starts with Q); an upper-case letter answers 301 to the lower-case URL.
 *
 * Counting: one `GET /api/tags` with `populate[articles][count]=true` (Strapi 5's relation count;
 * verified against the seed: it counts published articles only, drafts with the tag are not
 * counted), 100 tags per call (findAll), cached 10 s by the CMS client. So a request costs one
 * CMS call for up to 100 tags, however many articles there are.
 */
import { data, redirect } from 'react-router';
import type { Tag } from '../../shared/cms-types.ts';
import { localizePath } from '../../shared/i18n/locale.ts';
import { isGroupKey, type TagCount } from '../../shared/pages/tags-overview/tag-groups.ts';
import type { TagsOverviewData } from '../../shared/pages/tags-overview/tags-overview.page.tsx';
import { tagsOverviewPath } from '../../shared/urls.ts';
import { findAll } from '../cms/find-all.server.ts';
import { notFound } from '../cms/paging.server.ts';
import { SOURCE_LOCALE } from '../cms/translations.server.ts';
import type { PortalContext, PortalLoaderArgs } from '../context.server.ts';
import { PUBLIC_PAGE_CACHE } from '../http/cache-policy.server.ts';
import { groupTags } from '../services/tag-groups.server.ts';

/** A tag as the CMS answers the relation-count query. */
type TagWithCount = Omit<Tag, 'articles'> & { articles?: { count?: unknown } | null };

/** Every tag with its number of published articles (one CMS call per 100 tags). */
async function tagCounts(ctx: PortalContext): Promise<TagCount[]> {
  const tags = await findAll<TagWithCount>(ctx.strapi, 'tags', {
    fields: ['name', 'slug'],
    // Each article once: its Dutch version (an English translation is the same article, decision 061).
    populate: { articles: { count: true, filters: { locale: { $eq: SOURCE_LOCALE } } } },
    sort: ['name:asc'],
  });
  return tags.map((tag) => {
    const count = tag.articles?.count;
    return { name: tag.name, slug: tag.slug, count: typeof count === 'number' ? count : 0 };
  });
}

async function overview(ctx: PortalContext, selected: string | null): Promise<TagsOverviewData> {
  const groups = groupTags(await tagCounts(ctx));
  return {
    groups: selected ? groups.filter((group) => group.key === selected) : groups,
    available: groups.map((group) => group.key),
    selected,
    tagTotal: groups.reduce((sum, group) => sum + group.tags.length, 0),
  };
}

/** Loader of `/tags-overzicht`. */
export async function loader({ context }: PortalLoaderArgs) {
  const body = await overview(context, null);
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}

/** Loader of `/tags-overzicht/{char}`. */
export async function charLoader({ params, context }: PortalLoaderArgs) {
  const raw = params.char ?? '';
  const key = raw.toLowerCase();
  if (!isGroupKey(key)) throw notFound();
  if (key !== raw) throw redirect(localizePath(tagsOverviewPath(key), context.locale), 301);
  const body = await overview(context, key);
  if (!body.groups.length) throw notFound();
  return data(body, { headers: { 'Cache-Control': PUBLIC_PAGE_CACHE } });
}
