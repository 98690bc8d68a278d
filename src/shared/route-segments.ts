/**
 * The route table split by the first path segment, for the server's static handler and the
 * browser's route matching alike (docs/decisions/073-per-request-work-done-once.md,
 * docs/decisions/077-less-main-thread-work-at-page-start.md).
 *
 * React Router matches a URL by flattening and ranking the whole table and then trying the ranked
 * branches in turn, compiling each branch's path pattern to a regular expression on every try:
 * with two locales and some fifty pages each, one `/jobs` cost a hundred-odd tries. Here the
 * table is cut, once, into one table per static first segment (`jobs`, `news`, `en`, …) that
 * keeps only the routes of branches that can match such a path: those whose pattern starts with
 * that segment, or with a dynamic, optional or splat segment (`:slug`, `*`). A path's table then
 * holds only those. Branches that can never match a path are the only ones dropped, and pruning
 * keeps the order of siblings, so React Router ranks the rest as before and picks the same branch;
 * routes keep their ids. Anything unusual (percent-encoded or empty first segments, no such
 * table) goes to the whole table. Unit tests compare both for many URLs.
 */
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/** A first segment no route pattern has (a path segment never contains NUL unencoded). */
const NO_SEGMENT = '\u0000';

/** A first segment that matches more than one literal text. */
const WILD = Symbol('wild');

/** The first segment of a full route pattern: its lowercase text, `''` for `/`, or {@link WILD}. */
function firstSegmentOf(pattern: string, caseSensitive: boolean): string | typeof WILD {
  const segment = pattern.replace(/^\/+/, '').split('/', 1)[0] ?? '';
  if (/[:*?]/.test(segment)) return WILD;
  return caseSensitive ? segment : segment.toLowerCase();
}

/** `child`'s full pattern under `parent` (React Router's joining: an absolute child path is kept). */
function joinPattern(parent: string, child: string | undefined): string {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** The first segments of the branches ending at `route` or below it. */
function branchSegments(route: RouteObject, parent: string, into: Set<string | typeof WILD>): void {
  const pattern = joinPattern(parent, route.path);
  if (route.path !== undefined || route.index)
    into.add(firstSegmentOf(pattern, route.caseSensitive === true));
  for (const child of route.children ?? []) branchSegments(child, pattern, into);
}

/**
 * `routes` without the routes whose branches can never match a path whose first segment is
 * `segment` (`''` for `/`); null when nothing is left. Kept routes are shallow copies when their
 * children change or they load lazily, the same objects otherwise.
 */
function pruneFor(routes: RouteObject[], segment: string, parent = ''): RouteObject[] | null {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const pattern = joinPattern(parent, route.path);
    const ownSegment =
      route.path !== undefined || route.index
        ? firstSegmentOf(pattern, route.caseSensitive === true)
        : undefined;
    const ownFits =
      ownSegment === WILD ||
      (ownSegment !== undefined &&
        (route.caseSensitive === true ? ownSegment === segment : ownSegment === segment.toLowerCase()));
    const children = route.children ? pruneFor(route.children, segment, pattern) : null;
    if (children === null && !ownFits) continue;
    const unchanged =
      route.children === undefined ||
      (children !== null &&
        children.length === route.children.length &&
        children.every((child, i) => child === route.children![i]));
    // React Router writes a resolved lazy property back into the route's `lazy` object: each
    // table gets its own copy, so one table's resolution never hides a component from another.
    const lazy = typeof route.lazy === 'object' && route.lazy !== null ? { lazy: { ...route.lazy } } : null;
    if (unchanged && lazy === null) kept.push(route);
    else kept.push({ ...route, ...(unchanged ? {} : { children: children ?? [] }), ...lazy } as RouteObject);
  }
  return kept.length > 0 ? kept : null;
}

/**
 * The first path segment of an absolute URL's text or of a path (starting with `/`), as the
 * tables are keyed (lowercase), or null when it needs decoding or is not plainly there.
 */
export function firstPathSegment(url: string): string | null {
  let pathStart = 0;
  if (!url.startsWith('/')) {
    const scheme = url.indexOf('://');
    if (scheme < 0) return null;
    pathStart = url.indexOf('/', scheme + 3);
    if (pathStart < 0) return '';
  }
  let end = pathStart + 1;
  while (end < url.length) {
    const char = url[end];
    if (char === '/' || char === '?' || char === '#') break;
    end++;
  }
  const segment = url.slice(pathStart + 1, end);
  return segment.includes('%') ? null : segment.toLowerCase();
}

/**
 * Builds one `T` per first segment of `routes` (see the module comment), each when first asked
 * for, and returns the lookup.
 * @param routes the route table (not changed; its paths must not change afterwards)
 * @param make builds what a table serves (a static handler, a matcher); called at most once per
 *   segment and once for the whole table (at this call)
 * @returns `(url) => T` for an absolute URL's text or a path: the product of the URL's first
 *   segment, of the dynamic branches for a segment no pattern names, or of the whole table
 */
export function splitByFirstSegment<T>(
  routes: RouteObject[],
  make: (table: RouteObject[]) => T,
): (url: string) => T {
  const whole = make(routes);
  // Case-sensitive routes would need their own keys; keep it simple and use the whole table then.
  const anyCaseSensitive = (list: RouteObject[]): boolean =>
    list.some((route) => route.caseSensitive === true || anyCaseSensitive(route.children ?? []));
  if (anyCaseSensitive(routes)) return () => whole;
  const segments = new Set<string | typeof WILD>();
  for (const route of routes) branchSegments(route, '', segments);
  const products = new Map<string, T>();
  const productFor = (segment: string): T => {
    let product = products.get(segment);
    if (product === undefined) {
      const pruned = pruneFor(routes, segment);
      product = pruned ? make(pruned) : whole;
      products.set(segment, product);
    }
    return product;
  };
  return (url) => {
    const segment = firstPathSegment(url);
    if (segment === null) return whole;
    // A segment no pattern names gets the branches that start with a dynamic segment or splat.
    return productFor(segments.has(segment) ? segment : NO_SEGMENT);
  };
}

/** Matches a path as React Router's `matchRoutes` does on the whole table. */
export type RouteMatcher = (pathname: string) => RouteMatch[] | null;

/** Remembered matches per matcher (links repeat on a page and between pages). */
const REMEMBERED_PATHS = 200;

/**
 * `matchRoutes(routes, pathname)` on the table of the path's first segment, remembered for the
 * last {@link REMEMBERED_PATHS} paths. The matches' routes are the table's (pruned copies of
 * routes with children, the same objects otherwise), with the same ids, handles and params.
 * @param routes the route table; its paths must not change afterwards
 */
export function createRouteMatcher(routes: RouteObject[]): RouteMatcher {
  const tableOf = splitByFirstSegment(routes, (table) => table);
  const remembered = new Map<string, RouteMatch[] | null>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const matches = matchRoutes(tableOf(pathname), pathname);
    if (remembered.size >= REMEMBERED_PATHS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(pathname, matches);
    return matches;
  };
}
