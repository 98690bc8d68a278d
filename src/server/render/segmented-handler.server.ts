/**
 * React Router's static handler, split by the first path segment (docs/decisions/073-per-request-work-done-once.md).
 *
 * `handler.query()` matches a URL by trying the ranked branches of the whole route table in turn,
 * compiling each branch's path pattern to a regular expression on every try: with two locales
 * and some fifty pages each, the `/jobs` of one request cost a hundred-odd tries. Here the table
 * is cut, once at start, into one handler per static first segment (`jobs`, `news`, `en`, …) that
 * keeps only the routes of branches that can match such a path: those whose pattern starts with
 * that segment, or with a dynamic, optional or splat segment (`:slug`, `*`). A path's handler then
 * tries only those. Branches that can never match a path are the only ones dropped, and pruning
 * keeps the order of siblings, so React Router ranks the rest as before and picks the same branch;
 * routes keep their ids. Anything unusual (percent-encoded or empty first segments, no such
 * handler) goes to the handler of the whole table. A unit test compares both for many URLs.
 */
import { createStaticHandler, type RouteObject } from 'react-router';

type StaticHandler = ReturnType<typeof createStaticHandler>;
type CreateStaticHandlerOptions = Parameters<typeof createStaticHandler>[1];

/** The only method the portal calls. */
export type QueryHandler = Pick<StaticHandler, 'query'>;

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
    // handler gets its own copy, so one handler's resolution never hides a component from another.
    const lazy = typeof route.lazy === 'object' && route.lazy !== null ? { lazy: { ...route.lazy } } : null;
    if (unchanged && lazy === null) kept.push(route);
    else kept.push({ ...route, ...(unchanged ? {} : { children: children ?? [] }), ...lazy } as RouteObject);
  }
  return kept.length > 0 ? kept : null;
}

/**
 * The first path segment of an absolute URL's text, as the handlers are keyed (lowercase), or null
 * when it needs decoding or is not plainly there.
 */
function requestSegment(url: string): string | null {
  const scheme = url.indexOf('://');
  if (scheme < 0) return null;
  const pathStart = url.indexOf('/', scheme + 3);
  if (pathStart < 0) return '';
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
 * A static handler for `routes` whose `query()` asks the handler of the request's first path
 * segment (see the module comment), else the handler of the whole table.
 */
export function createSegmentedStaticHandler(
  routes: RouteObject[],
  options?: CreateStaticHandlerOptions,
): QueryHandler {
  const whole = createStaticHandler(routes, options);
  const segments = new Set<string | typeof WILD>();
  for (const route of routes) branchSegments(route, '', segments);
  // Case-sensitive routes would need their own keys; keep it simple and use the whole table then.
  const anyCaseSensitive = (list: RouteObject[]): boolean =>
    list.some((route) => route.caseSensitive === true || anyCaseSensitive(route.children ?? []));
  const handlers = new Map<string, StaticHandler>();
  /** For first segments no pattern names: the branches that start with a dynamic segment or splat. */
  let others: StaticHandler = whole;
  if (!anyCaseSensitive(routes)) {
    const handlerFor = (segment: string) => {
      const pruned = pruneFor(routes, segment);
      return pruned ? createStaticHandler(pruned, options) : whole;
    };
    for (const segment of segments) if (segment !== WILD) handlers.set(segment, handlerFor(segment));
    others = handlerFor(NO_SEGMENT);
  }
  return {
    query(request, queryOptions) {
      const segment = requestSegment(request.url);
      const handler = segment === null ? whole : (handlers.get(segment) ?? others);
      return handler.query(request, queryOptions);
    },
  };
}
