/**
 * The per-request state the portal's middleware keep on `res.locals`, typed once for every module
 * (Express's `Locals` interface, merged by declaration: @types/express-serve-static-core). Each
 * key names the module that sets it; readers get its type instead of a cast. Type-only: nothing
 * here runs.
 */
import type { Logger } from 'pino';
import type { RequestRateLimits } from './auth/rate-limit.server.ts';
import type { Session } from './auth/session.server.ts';
import type { PreviewFields } from './preview/preview-signature.server.ts';

declare global {
  namespace Express {
    interface Locals {
      /** The request's id (http/request-id.server.ts). */
      requestId?: string;
      /** The request's logger, made on first use (http/request-id.server.ts). */
      requestLogger?: Logger;
      /** `performance.now()` at arrival, ms (metrics/request-metrics.server.ts). */
      metricsStartedAt?: number;
      /**
       * The one deadline of this request's CMS calls, ms since epoch (stages/request-frame.server.ts;
       * docs/decisions/048-one-cms-deadline-per-request.md). Set on arrival, before any other
       * middleware but the request id and metrics, so every later reader finds it.
       */
      cmsDeadline: number;
      /** The metrics' route label: the matched page route, `data:<route>` or `redirect` (render/, stages/data-endpoint). */
      route?: string;
      /** This request's auth rate limits (auth/rate-limit.server.ts). */
      rateLimits?: RequestRateLimits;
      /** This request's session (auth/session.server.ts). */
      session?: Session;
      /** A checked preview link's fields (preview/preview.server.ts; decision 101). */
      preview?: PreviewFields;
    }
  }
}
