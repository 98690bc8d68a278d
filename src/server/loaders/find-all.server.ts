/**
 * Reading a whole (filtered) collection from the CMS in as few calls as Strapi allows: Strapi caps
 * a page at `maxLimit` entries (100, cms/config/api.js), so the first page tells how many pages
 * there are and the rest are fetched in parallel. Every call is an anonymous GET, so the CMS
 * client caches it for 10 s and concurrent requests share one call (decision 008).
 */
import type { PortalContext } from '../render/context.server.ts';

/** Largest page size the CMS answers (`api.rest.maxLimit` in cms/config/api.js). */
export const CMS_MAX_PAGE_SIZE = 100;

/**
 * Every entry matching `query` (its `fields`, `filters`, `populate`, `sort`; any `pagination` is
 * replaced), in the CMS's order.
 * Cost: ceil(total / 100) CMS calls, at least one.
 * @throws StrapiError when a call fails (mapped to 404/503 by the loader wrapper).
 */
export async function findAll<T>(ctx: PortalContext, collection: string, query: object): Promise<T[]> {
  const first = await ctx.strapi.find<T>(collection, {
    ...query,
    pagination: { page: 1, pageSize: CMS_MAX_PAGE_SIZE },
  });
  const pageCount = first.meta.pagination?.pageCount ?? 1;
  if (pageCount <= 1) return first.data;
  const rest = await Promise.all(
    Array.from({ length: pageCount - 1 }, (_, index) =>
      ctx.strapi.find<T>(collection, {
        ...query,
        pagination: { page: index + 2, pageSize: CMS_MAX_PAGE_SIZE },
      }),
    ),
  );
  return [first.data, ...rest.map((list) => list.data)].flat();
}
