/**
 * The last stage of the app (src/server/app.ts): what an error thrown anywhere before becomes. A
 * client's mistake (4xx, e.g. a malformed URL) is a warning and its own answer; a visitor who went
 * away is logged at debug; anything else is logged as an error and answered 500: JSON with the
 * request id for the data endpoint and JSON clients, the fallback error page for people
 * (http/fallback-error-page.server.ts), a declined prefetch for a prefetch. An answer whose
 * headers left already is cut off.
 */
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { splitLocale } from '../../shared/i18n/locale.ts';
import { isDataRequest } from '../../shared/urls.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import { clientError, clientStatusOf } from '../http/client-error.server.ts';
import { fallbackErrorPage } from '../http/fallback-error-page.server.ts';
import { requestIdOf, requestLogger } from '../http/request-id.server.ts';
import { declinePrefetch, isPrefetch } from './data-endpoint.server.ts';

/** Express's error middleware (four parameters) logging to `logger`. */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const log = requestLogger(res, logger);
    const clientStatus = clientStatusOf(error);
    if (clientStatus && !res.headersSent) {
      // Bad input is the client's mistake: a warning, not an error with a stack trace.
      log.warn({ url: req.originalUrl, status: clientStatus, reason: String(error) }, 'bad request');
      clientError(req, res, clientStatus, 'BadRequestError');
      return;
    }
    if ((req.destroyed || req.socket?.destroyed) && error instanceof Error && error.name === 'AbortError') {
      // The visitor went away (a closed tab, a cancelled prefetch): nothing failed on our side.
      log.debug({ url: req.originalUrl }, 'request aborted by the client');
      if (!res.headersSent) res.destroy();
      return;
    }
    log.error({ err: error, url: req.originalUrl }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (isPrefetch(req)) {
      declinePrefetch(res);
      return;
    }
    res.status(500).set('Cache-Control', NO_STORE);
    const requestId = requestIdOf(res);
    if (isDataRequest(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
      res.json({
        error: { status: 500, name: 'InternalServerError', message: 'Er is iets fout gegaan', requestId },
      });
      return;
    }
    res.type('html').send(fallbackErrorPage(splitLocale(req.path).locale, requestId));
  };
}
