/**
 * The static handler split by first path segment (src/server/render/segmented-handler.server.ts,
 * decision 073) answers every URL with the same matches, params, status and loader data as React
 * Router's handler of the whole route table.
 */
import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createSegmentedStaticHandler } from '../../src/server/render/segmented-handler.server.ts';
import { createRoutes } from '../../src/shared/routes.tsx';

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
  it.each([
    '/',
    '/?q=1',
    '/en',
    '/en/',
    '/news/abc123/een-titel',
    '/news/tag/logistiek',
    '/en/news/tag/logistiek',
    '/NEWS/TAG/Logistiek',
    '/jobs',
    '/jobs/',
    '/Jobs?page=2',
    '/jobs/cat/7',
    '/jobs/plaatsen',
    '/jobs/mijn/5',
    '/jobs/vacature/x1/chauffeur',
    '/jobs/onbekend/pad/heel/diep',
    '/zoeken?q=logistiek',
    '/en/zoeken',
    '/sitemap/2024/05',
    '/een-cms-pagina',
    '/een-cms-pagina/',
    '/onbekend/pad/diep',
    '/en/niet/bestaand/pad',
    '/enx/jobs',
    '/%6Aobs',
    '/caf%C3%A9',
    '//jobs',
    '/l/abc',
    '/c',
    '/nieuwsbrief/afmelden',
    '/tags-overzicht/a',
  ])('answers %s as the whole table does', async (path) => {
    expect(await answer(segmented, path)).toEqual(await answer(whole, path));
  });
});
