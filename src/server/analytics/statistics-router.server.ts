/**
 * `POST /statistics`: the browser's analytics queue posts here (docs/analytics.md), so the CSP's
 * `connect-src 'self'` holds and no CMS address or token reaches the browser.
 *
 * - Body `{ data: { events, session } }` (src/shared/analytics/statistics-schema.ts): known kinds only, 1 to
 *   50 events, at most 16 KiB; anything else is 400 with a JSON error.
 * - At most `perMinute` requests per client and minute (429 with a JSON error), counted across
 *   instances when Redis is configured (src/server/cluster/rate-limit-store.server.ts).
 * - `Sec-GPC: 1`, `DNT: 1`, the opt-out cookie and bots (isbot): 202 and nothing recorded.
 * - Otherwise 202 without a body; the events go to the batching forwarder. No IP address is kept
 *   and the user agent only as a device class.
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import * as v from 'valibot';
import { MAX_STATISTICS_BYTES } from '../../shared/analytics/events.ts';
import { StatisticsPayloadSchema } from '../../shared/analytics/statistics-schema.ts';
import { createLimiter, FlexibleStore, storeErrorLogger } from '../cluster/rate-limit-store.server.ts';
import type { RedisConnections } from '../cluster/redis.server.ts';
import { deviceClass } from './device-class.server.ts';
import type { StatisticsForwarder } from './forwarder.server.ts';
import { analyticsRefused } from './recorder.server.ts';

/** What the router needs. */
export interface StatisticsRouterOptions {
  forwarder: StatisticsForwarder;
  /** Requests per client IP and minute (default 120: a busy reader sends about 6); 0 = no limit. */
  perMinute?: number;
  /** Shared counters of all instances; undefined counts in this process. */
  redis?: RedisConnections;
  /** Where a failing counter store is logged (the request then goes through). */
  logger?: { warn: (object: object, message: string) => void };
  /** Called for every request refused by the per-client limit (metrics). */
  onLimited?: () => void;
}

/** A 400 with a JSON error. */
function badRequest(res: Response, message: string): void {
  res.status(400).json({ error: { status: 400, name: 'BadRequest', message } });
}

/** The router answering `POST /statistics`. */
export function statisticsRouter(options: StatisticsRouterOptions): Router {
  const router = Router();
  const perMinute = options.perMinute ?? 120;
  const limiter =
    perMinute === 0
      ? (_req: Request, _res: Response, next: NextFunction) => next()
      : rateLimit({
          windowMs: 60_000,
          limit: perMinute,
          store: new FlexibleStore(
            createLimiter({ keyPrefix: 'statistics', points: perMinute, durationS: 60 }, options.redis),
          ),
          passOnStoreError: true,
          logger: storeErrorLogger(options.redis, options.logger ?? console),
          standardHeaders: 'draft-8',
          legacyHeaders: false,
          // The client IP comes from Express's `trust proxy` (TRUST_PROXY, decision on trusted proxies):
          // a forwarded header from an untrusted client is ignored on purpose, not a misconfiguration.
          validate: { xForwardedForHeader: false },
          handler: (_req, res) => {
            options.onLimited?.();
            res
              .status(429)
              .json({ error: { status: 429, name: 'TooManyRequests', message: 'Too many requests' } });
          },
        });
  const json = express.json({ limit: MAX_STATISTICS_BYTES, type: () => true, strict: true });
  router.post(
    '/statistics',
    limiter,
    (req: Request, res: Response, next: NextFunction) => {
      json(req, res, (error?: unknown) => {
        if (!error) {
          next();
          return;
        }
        const type = (error as { type?: string }).type;
        if (type === 'entity.too.large')
          badRequest(res, `The body is larger than ${MAX_STATISTICS_BYTES} bytes`);
        else badRequest(res, 'The body is not valid JSON');
      });
    },
    (req: Request, res: Response) => {
      res.set('Cache-Control', 'no-store');
      const headers = {
        cookie: req.get('cookie'),
        userAgent: req.get('user-agent'),
        gpc: req.get('sec-gpc'),
        dnt: req.get('dnt'),
      };
      const parsed = v.safeParse(StatisticsPayloadSchema, req.body);
      if (!parsed.success) {
        const issue = parsed.issues[0];
        const where = issue.path?.map((item) => String(item.key)).join('.') ?? 'body';
        badRequest(res, `${where}: ${issue.message}`);
        return;
      }
      if (!analyticsRefused(headers)) {
        const { events, session } = parsed.output.data;
        const device = deviceClass(headers.userAgent);
        const at = Date.now();
        options.forwarder.record(
          events.map((event) => ({ ...event, session, device, at, source: 'browser' as const })),
        );
      }
      res.status(202).end();
    },
  );
  return router;
}
