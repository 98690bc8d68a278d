/**
 * The static router's route tree (src/server/render/matched-routes.server.ts, decision 068): the
 * matched branch alone matches every URL exactly as the whole route table does.
 */
import { createStaticHandler, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchedRoutes } from '../../src/server/render/matched-routes.server.ts';
import { createRoutes } from '../../src/shared/routes.tsx';

const handler = createStaticHandler(createRoutes(() => () => null));

const summary = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname }));

describe('matchedRoutes', () => {
  it.each([
    '/',
    '/en',
    '/news/abc123/een-titel',
    '/en/news/tag/logistiek',
    '/jobs',
    '/jobs/vacature/x1/chauffeur',
    '/zoeken',
    '/een-cms-pagina',
    '/en/niet/bestaand/pad',
  ])('matches %s as the whole table does', (path) => {
    const whole = matchRoutes(handler.dataRoutes, path);
    expect(whole?.length).toBeGreaterThan(1);
    const branch = matchedRoutes(whole!);
    expect(summary(matchRoutes(branch, path))).toEqual(summary(whole));
    // One route per level, with the handler's ids and components.
    expect(branch).toHaveLength(1);
    expect(branch[0]!.Component).toBe(whole![0]!.route.Component);
  });

  it('is empty without matches and leaves the handler routes unchanged', () => {
    expect(matchedRoutes([])).toEqual([]);
    const whole = matchRoutes(handler.dataRoutes, '/jobs')!;
    const children = whole[0]!.route.children;
    matchedRoutes(whole);
    expect(whole[0]!.route.children).toBe(children);
  });
});
