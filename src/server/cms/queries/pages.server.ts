/** Named reads of CMS pages (docs/content-model.md#page): by slug or document id, and their blocks. */
import type { Page } from '../../../shared/cms-types.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/i18n/locale.ts';
import type { ResolvedBlock } from '../../../shared/ui/blocks.tsx';
import type { PortalContext } from '../../context.server.ts';
import { latestArticles } from './articles.server.ts';
import { upcomingEvents } from './events.server.ts';
import { openVacancies } from './vacancies.server.ts';

/**
 * Finds a page by slug or documentId in `locale`, falling back to the Dutch version when the
 * page has no translation. Returns null when it does not exist.
 */
export async function findCmsPage(
  ctx: PortalContext,
  where: { slug: string } | { documentId: string },
  locale: Locale,
): Promise<Page | null> {
  const filters = 'slug' in where ? { slug: { $eq: where.slug } } : { documentId: { $eq: where.documentId } };
  const page = await ctx.strapi.findFirst<Page>('pages', { filters, locale });
  if (page || locale === DEFAULT_LOCALE) return page;
  return ctx.strapi.findFirst<Page>('pages', { filters, locale: DEFAULT_LOCALE });
}

/**
 * Loads the items of every content-list block of a page (in parallel). Other blocks are returned
 * unchanged.
 */
export function resolveBlocks(
  ctx: PortalContext,
  blocks: Page['blocks'] | null | undefined,
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

/** What the search index reads of a CMS page: its title, description, topic and block texts. */
export const PAGE_SEARCH_QUERY = {
  fields: ['title', 'slug', 'layout'],
  populate: {
    seo: { fields: ['metaDescription'] },
    topic: { fields: ['name'] },
    blocks: {
      on: {
        'blocks.rich-text': { fields: ['body'] },
        'blocks.call-to-action': { fields: ['title', 'text'] },
        'blocks.content-list': { fields: ['title'] },
        'blocks.image': { fields: ['caption'] },
        'blocks.gallery': { fields: ['title'] },
      },
    },
  },
} as const;
