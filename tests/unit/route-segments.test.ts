/**
 * Matching by first path segment (src/shared/route-segments.ts, decision 077) gives the matches
 * React Router's `matchRoutes` gives on the whole table: same route ids, params and pathnames,
 * for the paths of tests/support/route-paths.ts and for one path made from every route pattern.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher, firstPathSegment } from '../../src/shared/route-segments.ts';
import { createRoutes } from '../../src/shared/routes.tsx';
import { ROUTE_TEST_PATHS } from '../support/route-paths.ts';

const routes = createRoutes((id) => () => ({ id }));
const matcher = createRouteMatcher(routes);

/** Every full route pattern of the table, made into a path (params `p1`, splats `a/b`). */
function patternPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const pattern =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/+$/, '')}/${route.path}`;
    const own =
      route.path !== undefined || route.index
        ? [pattern.replace(/:\w+\??/g, 'p1').replace(/\*$/, 'a/b') || '/']
        : [];
    return [...own, ...patternPaths(route.children ?? [], pattern)];
  });
}

/** What the portal reads of a match. */
const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => ({
    id: match.route.id,
    handle: match.route.handle,
    params: match.params,
    pathname: match.pathname,
  })) ?? null;

const pathnames = [
  ...new Set([...ROUTE_TEST_PATHS.map((path) => path.split('?')[0] as string), ...patternPaths(routes)]),
];

describe('createRouteMatcher', () => {
  it('has a path for every route pattern to compare', () => {
    expect(pathnames.length).toBeGreaterThan(100);
    expect(pathnames).toContain('/jobs/vacature/p1/p1');
  });

  it.each(pathnames)('matches %s as matchRoutes on the whole table does', (pathname) => {
    expect(summary(matcher(pathname))).toEqual(summary(matchRoutes(routes, pathname)));
  });

  it('remembers a path’s matches', () => {
    expect(matcher('/jobs')).toBe(matcher('/jobs'));
  });
});

describe('firstPathSegment', () => {
  it.each([
    ['/', ''],
    ['/Jobs/cat', 'jobs'],
    ['/jobs?page=2', 'jobs'],
    ['/en#top', 'en'],
    ['http://portal.test', ''],
    ['http://portal.test/News/x', 'news'],
    ['/%6Aobs', null],
    ['jobs', null],
  ])('%s → %s', (url, segment) => {
    expect(firstPathSegment(url)).toBe(segment);
  });
});
