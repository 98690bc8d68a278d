/**
 * Stage 1 of the app (src/server/app.ts): what every answer gets, whichever part of the app gives
 * it. A request id (taken only from a trusted proxy, hop 0 of `trust proxy`; decision 092), its
 * count and duration (metrics), the one deadline of its CMS calls (decision 048), `Connection:
 * close` while draining (RFC 9112 section 9.6: a kept-alive client goes elsewhere for its next
 * request), the shared-cache guard (decision 054), and 405 for methods the portal never answers.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ALLOWED_METHODS, clientError } from '../http/client-error.server.ts';
import { requestIdMiddleware } from '../http/request-id.server.ts';
import { sharedCacheGuard } from '../http/shared-cache.server.ts';
import type { PortalMetrics } from '../metrics/portal-metrics.server.ts';
import { requestMetrics } from '../metrics/request-metrics.server.ts';

export interface RequestFrameOptions {
  metrics: PortalMetrics;
  /** Express's `trust proxy fn`: whether `address` is a trusted proxy at `hop`. */
  trustsProxy: (address: string, hop: number) => boolean;
  /** The CMS budget of one request, ms. */
  cmsTimeoutMs: number;
  /** Whether the app drains for shutdown. */
  isDraining: () => boolean;
}

/**
 * The first middleware of the app, in order.
 * @returns Handlers for `app.use(...)`.
 */
export function requestFrame(options: RequestFrameOptions): RequestHandler[] {
  const { trustsProxy, cmsTimeoutMs, isDraining } = options;
  return [
    requestIdMiddleware((address) => trustsProxy(address, 0)),
    requestMetrics(options.metrics),
    (req: Request, res: Response, next: NextFunction) => {
      res.locals.cmsDeadline = Date.now() + cmsTimeoutMs;
      if (isDraining()) res.setHeader('Connection', 'close');
      // Last word on what shared caches may keep, whichever part of the app answers.
      sharedCacheGuard(res);
      // Nothing here accepts other methods: static files, pages, forms and webhooks alike.
      if (!ALLOWED_METHODS.includes(req.method)) {
        clientError(req, res, 405, 'Method Not Allowed');
        return;
      }
      next();
    },
  ];
}
