/**
 * The route tree a document's static router needs: only the routes the request matched.
 *
 * React Router's `createStaticRouter(routes, context)` converts the whole route tree it is given
 * into data routes (ids, manifest) on every call, and the render flattens and ranks it again to
 * match the location: for the portal's table (every page in two locales) that was about 3% of a
 * page render's CPU (decision 068). The handler has already matched the request
 * (`context.matches`), so the router gets that branch alone: each matched route with the next
 * matched route as its only child. Matching the same location against the branch gives the same
 * routes, params and order; ids and every other route property are the handler's own.
 */
import type { DataRouteObject } from 'react-router';

/**
 * The matched branch as a route tree.
 * @param matches the handler's matches, outermost first (`StaticHandlerContext.matches`)
 * @returns `[root]` with nested single children down to the deepest match; `[]` without matches
 */
export function matchedRoutes(matches: readonly { route: DataRouteObject }[]): DataRouteObject[] {
  let branch: DataRouteObject[] | undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const route = matches[i]!.route;
    branch = [{ ...route, children: branch } as DataRouteObject];
  }
  return branch ?? [];
}
