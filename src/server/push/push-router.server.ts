/**
 * The browser's side of Web Push (cms/src/lib/push.js does the sending):
 *
 * - `GET /push/config` → `{ publicKey, topics }` (the VAPID public key the browser subscribes
 *   with), 404 JSON when push is off in the CMS.
 * - `POST /push/subscription` `{ action: 'register' | 'refresh' | 'unregister', subscription,
 *   topics?, locale? }` (src/shared/push/push-subscription.ts) → the CMS's answer status: 201/200/204,
 *   409 (registered already), 404 (unknown), 401 (keys do not match), 400 with a JSON error for a
 *   bad body; 502/503/504 JSON when the CMS fails. A signed-in visitor's subscription is linked to
 *   the account (the session's JWT goes along).
 * Same-origin only (the CSRF middleware runs before), never cached.
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import * as v from 'valibot';
import { PushSubscriptionRequestSchema } from '../../shared/push/push-subscription-schema.ts';
import { sessionOf } from '../auth/session.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import { StrapiError } from '../cms/strapi-error.server.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import { requestCms, requestLogger } from '../http/request-id.server.ts';

/** Largest body of `POST /push/subscription`, in bytes. */
const MAX_BODY_BYTES = 4096;

/** A JSON error in the portal's shape. */
function fail(res: Response, status: number, name: string, message: string): void {
  res.status(status).json({ error: { status, name, message } });
}

/** What {@link pushRouter} needs. */
export interface PushRouterOptions {
  strapi: StrapiClient;
  logger: Logger;
  /**
   * Hears how each subscription change ended (metrics): `ok`, `refused` by the CMS (4xx) or
   * `failed` (the CMS did not answer, 5xx).
   */
  onSubscription?: (action: string, outcome: 'ok' | 'refused' | 'failed') => void;
}

/** The router of `/push/*`; its CMS calls send the request's id. */
export function pushRouter(options: PushRouterOptions): Router {
  const router = Router();
  const json = express.json({ limit: MAX_BODY_BYTES, type: () => true, strict: true });

  router.get('/push/config', async (_req: Request, res: Response) => {
    res.set('Cache-Control', NO_STORE);
    try {
      const body = await requestCms(options.strapi, res).request<{
        data: { publicKey: string; topics: string[] };
      }>('/push-subscriptions/config');
      res.json(body.data);
    } catch (error) {
      const status = error instanceof StrapiError ? error.status : 503;
      if (status === 404) fail(res, 404, 'NotFoundError', 'Push notifications are off');
      else fail(res, status >= 500 ? status : 502, 'BadGatewayError', 'The CMS did not answer');
    }
  });

  router.post(
    '/push/subscription',
    (req: Request, res: Response, next: NextFunction) => {
      res.set('Cache-Control', NO_STORE);
      json(req, res, (error?: unknown) => {
        if (error) fail(res, 400, 'BadRequestError', 'The body is not JSON of at most 4 KiB');
        else next();
      });
    },
    async (req: Request, res: Response) => {
      const parsed = v.safeParse(PushSubscriptionRequestSchema, req.body);
      if (!parsed.success) {
        fail(res, 400, 'ValidationError', parsed.issues.map((issue) => issue.message).join('; '));
        return;
      }
      const { action, subscription, topics, locale } = parsed.output;
      const jwt = sessionOf(res).token() ?? undefined;
      try {
        const answer = await requestCms(options.strapi, res).request<unknown>(
          `/push-subscriptions/${action}`,
          { method: 'POST', body: { data: { ...subscription, topics, locale } }, jwt },
        );
        options.onSubscription?.(action, 'ok');
        res.status(action === 'register' ? 201 : action === 'unregister' ? 204 : 200);
        if (action === 'unregister') res.end();
        else res.json(answer ?? {});
      } catch (error) {
        if (error instanceof StrapiError && error.status < 500) {
          options.onSubscription?.(action, 'refused');
          fail(res, error.status, error.name, error.message);
          return;
        }
        options.onSubscription?.(action, 'failed');
        requestLogger(res, options.logger).warn(
          { err: (error as Error).message, action },
          'push subscription: the CMS failed',
        );
        const status = error instanceof StrapiError ? error.status : 503;
        fail(res, status === 504 ? 504 : 502, 'BadGatewayError', 'The CMS did not answer');
      }
    },
  );
  return router;
}
