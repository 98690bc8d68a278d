/**
 * Stage 9 of the app (src/server/app.ts): the data endpoint `/__data/<page path>`, through which
 * client navigations get a page's loader data as JSON (deferred values streamed as NDJSON lines;
 * decision 105). It runs the locale and redirect middleware on the page path, as a document
 * request would; a prefetch (decision 070) that would answer an error is declined with 204.
 */
import express, { type Request, type Response, type Router } from 'express';
import { isDataRequest } from '../../shared/urls.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import { clientError } from '../http/client-error.server.ts';
import { createFetchRequest, sendFetchResponse } from '../http/fetch-bridge.server.ts';
import { isPrefetchRequest, localeMiddleware } from '../middleware/locale.server.ts';
import { queryData } from '../render/entry-server.tsx';
import type { PortalContextFactory } from './portal-context.server.ts';

/**
 * Whether a data request is a prefetch (`Purpose: prefetch` from src/client/prefetch.ts;
 * docs/decisions/070-prefetch.md).
 */
export function isPrefetch(req: Request): boolean {
  return isDataRequest(req.originalUrl) && isPrefetchRequest(req);
}

/**
 * Declines a prefetch that would answer an error: `204 No Content`, not stored. The navigation
 * then asks again and shows the error, and a browser does not log a failed load for a hint.
 */
export function declinePrefetch(res: Response): void {
  res.status(204).set('Cache-Control', NO_STORE).end();
}

/**
 * The data endpoint's router, to mount at `DATA_ENDPOINT_PREFIX`.
 * @param options.redirects The CMS redirect rules' middleware (middleware/redirects.server.ts).
 * @param options.exposeErrors Whether error answers carry the error's message (not production).
 */
export function dataEndpoint(options: {
  secureCookies: boolean;
  redirects: express.RequestHandler;
  portalContext: PortalContextFactory;
  exposeErrors: boolean;
}): Router {
  const data = express.Router();
  data.use(localeMiddleware({ secureCookies: options.secureCookies, pathOf: (req) => req.path }));
  data.use(options.redirects);
  data.all('/{*path}', async (req, res, next) => {
    // A page path never has an empty segment or a backslash (`/__data//`, `/__data/\\x`): no page.
    if (/\/\/|\\/.test(req.path)) {
      clientError(req, res, 404, 'NotFoundError');
      return;
    }
    try {
      const request = createFetchRequest(req, res, req.url);
      const response = await queryData(request, {
        portal: options.portalContext(req, res),
        exposeErrors: options.exposeErrors,
        onRoute: (route) => {
          res.locals.route = `data:${route}`;
        },
      });
      if (isPrefetch(req) && response.status >= 400) {
        declinePrefetch(res);
        return;
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  return data;
}
