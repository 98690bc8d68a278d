/**
 * The `context` every loader and action of a request receives (src/server/context.server.ts;
 * docs/decisions/042-one-module-graph-and-request-context.md), made from the app's long-lived parts
 * and the request's state.
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { pagePathOf } from '../../shared/urls.ts';
import type { StatisticsForwarder } from '../analytics/forwarder.server.ts';
import { AnalyticsRecorder } from '../analytics/recorder.server.ts';
import type { RequestRateLimits } from '../auth/rate-limit.server.ts';
import { sessionOf } from '../auth/session.server.ts';
import type { LastKnownSite } from '../cms/last-known-site.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import type { PortalContext } from '../context.server.ts';
import { requestIdOf, requestLogger } from '../http/request-id.server.ts';
import { SurrogateKeys } from '../http/surrogate-keys.server.ts';

export interface PortalContextParts {
  strapi: StrapiClient;
  logger: Logger;
  /** The public origin, no trailing slash. */
  publicUrl: string;
  lastKnownSite: LastKnownSite;
  /** The analytics forwarder; null when analytics are off. */
  forwarder: StatisticsForwarder | null;
}

/** Makes a request's {@link PortalContext}. */
export type PortalContextFactory = (req: Request, res: Response) => PortalContext;

/**
 * The factory of request contexts. Each context's CMS client shares the request's one deadline
 * (decision 048), records the documents its anonymous reads name (Surrogate-Key, decision 054) and
 * sends the request's id (decision 092).
 */
export function portalContextFactory(parts: PortalContextParts): PortalContextFactory {
  const { strapi, logger, publicUrl, lastKnownSite, forwarder } = parts;
  return (req, res) => {
    const cacheKeys = new SurrogateKeys();
    const requestId = requestIdOf(res);
    return {
      locale: req.locale,
      strapi: strapi.withDeadline(res.locals.cmsDeadline, cacheKeys, requestId),
      cacheKeys,
      // Made when a loader first logs (most requests log nothing).
      get logger() {
        return requestLogger(res, logger);
      },
      requestId,
      siteUrl: publicUrl,
      session: sessionOf(res),
      // Set by the accounts stage (auth/rate-limit.server.ts) for every request that reaches a page.
      rateLimits: res.locals.rateLimits as RequestRateLimits,
      lastKnownSite,
      analytics: new AnalyticsRecorder(
        forwarder,
        {
          cookie: req.headers.cookie,
          userAgent: req.get('user-agent'),
          gpc: req.get('sec-gpc'),
          dnt: req.get('dnt'),
        },
        pagePathOf(req.originalUrl),
      ),
    };
  };
}
