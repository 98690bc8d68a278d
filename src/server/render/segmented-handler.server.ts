/**
 * React Router's static handler, split by the first path segment (src/shared/route-segments.ts,
 * docs/decisions/073-per-request-work-done-once.md): `handler.query()` of the whole table tries
 * its ranked branches in turn, compiling each branch's pattern on every try; here a request asks
 * the handler of its path's first segment, which holds only the branches that can match it. A
 * unit test compares both for many URLs.
 */
import { createStaticHandler, type RouteObject } from 'react-router';
import { splitByFirstSegment } from '../../shared/route-segments.ts';

type StaticHandler = ReturnType<typeof createStaticHandler>;
type CreateStaticHandlerOptions = Parameters<typeof createStaticHandler>[1];

/** The only method the portal calls. */
export type QueryHandler = Pick<StaticHandler, 'query'>;

/**
 * A static handler for `routes` whose `query()` asks the handler of the request's first path
 * segment, else the handler of the whole table (see src/shared/route-segments.ts).
 */
export function createSegmentedStaticHandler(
  routes: RouteObject[],
  options?: CreateStaticHandlerOptions,
): QueryHandler {
  const handlerOf = splitByFirstSegment(routes, (table) => createStaticHandler(table, options));
  return {
    query(request, queryOptions) {
      return handlerOf(request.url).query(request, queryOptions);
    },
  };
}
