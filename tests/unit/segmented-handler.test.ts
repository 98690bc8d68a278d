/**
 * The static handler split by first path segment (src/server/render/segmented-handler.server.ts,
 * decision 073) answers every URL with the same matches, params, status and loader data as React
 * Router's handler of the whole route table.
 */
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createSegmentedStaticHandler } from '../../src/server/render/segmented-handler.server.ts';
import { createRoutes } from '../../src/shared/routes.tsx';
import { ROUTE_TEST_PATHS } from '../support/route-paths.ts';

const routes = createRoutes((id) => () => ({ id }));
const whole = createStaticHandler(routes);
const segmented = createSegmentedStaticHandler(routes);

/** What a render depends on: status, matched route ids, params and pathnames, loader data. */
async function answer(handler: Pick<typeof whole, 'query'>, path: string) {
  const context = await handler.query(new Request(new URL(path, 'http://portal.test')));
  if (context instanceof Response)
    return { response: context.status, location: context.headers.get('location') };
  const { statusCode, matches, loaderData, errors } = context as StaticHandlerContext;
  return {
    statusCode,
    matches: matches.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname })),
    loaderData,
    errors: errors ? Object.keys(errors) : null,
  };
}

describe('createSegmentedStaticHandler', () => {
  it.each(ROUTE_TEST_PATHS)('answers %s as the whole table does', async (path) => {
    expect(await answer(segmented, path)).toEqual(await answer(whole, path));
  });
});
