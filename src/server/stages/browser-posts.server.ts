/**
 * Stage 8 of the app (src/server/app.ts): what the browser posts outside the pages' forms, and the
 * guards every post passes first. Cookies are parsed; cross-site posts are refused (CSRF) and
 * bodies over 1 MiB answered 413 before anything reads them. Exempt from the same-origin rule:
 * webhooks (a shared secret) and the one-click unsubscribe of RFC 8058 (a token in the link; mail
 * clients post it without Origin). Then the analytics beacon (`/statistics`, docs/analytics.md),
 * push subscriptions (`/push/*`) and "Download je gegevens" (docs/personal-data.md).
 */
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { StatisticsForwarder } from '../analytics/forwarder.server.ts';
import { statisticsRouter } from '../analytics/statistics-router.server.ts';
import { accountExportRouter } from '../auth/account-export.server.ts';
import type { RedisConnections } from '../cluster/redis.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { clientError } from '../http/client-error.server.ts';
import { MAX_BODY_BYTES } from '../http/fetch-bridge.server.ts';
import type { PortalMetrics } from '../metrics/portal-metrics.server.ts';
import { sameOriginMiddleware } from '../middleware/same-origin.server.ts';
import { pushRouter } from '../push/push-router.server.ts';

/** The newsletter's unsubscribe path, the target of RFC 8058 one-click unsubscribe posts. */
const ONE_CLICK_UNSUBSCRIBE = /^(?:\/en)?\/nieuwsbrief\/afmelden\/?$/;

export interface BrowserPostsOptions {
  publicUrl: string;
  strapi: StrapiClient;
  logger: Logger;
  metrics: PortalMetrics;
  redis: RedisConnections | undefined;
  /** The analytics forwarder; null when analytics are off (no `/statistics` route). */
  forwarder: StatisticsForwarder | null;
  /** Analytics posts per client IP and minute (default 120, 0 = no limit). */
  statisticsPerMinute: number | undefined;
}

/**
 * The guards and routes of this stage, in order.
 * @returns Handlers for `app.use(...)`.
 */
export function browserPosts(options: BrowserPostsOptions): RequestHandler[] {
  const { strapi, logger, metrics, forwarder } = options;
  const handlers: RequestHandler[] = [
    cookieParser(),
    sameOriginMiddleware({
      publicUrl: options.publicUrl,
      exempt: (req) => req.path.startsWith('/hooks/') || ONE_CLICK_UNSUBSCRIBE.test(req.path),
    }),
    (req: Request, res: Response, next: NextFunction) => {
      if (Number(req.get('content-length') ?? 0) > MAX_BODY_BYTES) {
        clientError(req, res, 413, 'PayloadTooLargeError');
        return;
      }
      next();
    },
  ];
  if (forwarder) {
    handlers.push(
      statisticsRouter({
        forwarder,
        redis: options.redis,
        logger,
        perMinute: options.statisticsPerMinute,
        onLimited: () => metrics.rateLimited('statistics'),
      }),
    );
  }
  handlers.push(
    pushRouter({
      strapi,
      logger,
      onSubscription: (action, outcome) => metrics.pushSubscription(action, outcome),
    }),
    accountExportRouter(),
  );
  return handlers;
}
