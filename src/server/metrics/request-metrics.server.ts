/**
 * Express middleware counting every answer of the app in {@link PortalMetrics}: route, method,
 * status and duration (`portal_http_requests_total`, `portal_http_request_duration_seconds`) and
 * the requests in flight. The route label is `res.locals.route` when the page render or the data
 * endpoint set it (src/server/app.ts), else a fixed label from the URL
 * (src/server/metrics/labels.server.ts).
 */
import type { NextFunction, Request, Response } from 'express';
import { routeLabelOfUrl } from './labels.server.ts';
import type { PortalMetrics } from './portal-metrics.server.ts';

/** Status counted for a request whose client closed the connection before the answer ended (as nginx logs it). */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * The middleware; mount it first, so the duration covers everything the app does. Per request it
 * stores the start time on `res.locals` and adds one `close` listener shared by all requests (no
 * closure per request).
 */
export function requestMetrics(metrics: PortalMetrics) {
  function ended(this: Response): void {
    const started = this.locals.metricsStartedAt as number;
    const status = this.writableFinished ? this.statusCode : CLIENT_CLOSED_STATUS;
    const route = (this.locals.route as string | undefined) ?? routeLabelOfUrl(this.req.originalUrl);
    metrics.requestEnded(route, this.req.method, status, (performance.now() - started) / 1000);
  }
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.locals.metricsStartedAt = performance.now();
    metrics.requestStarted();
    res.once('close', ended);
    next();
  };
}
