/**
 * One id per request (docs/decisions/092-request-ids.md): every answer carries it as
 * `X-Request-Id`, every log line of the request names it (`requestId`), every CMS call made for
 * the request forwards it, and the error page shows it so a visitor can quote it.
 *
 * The id comes from the incoming `X-Request-Id` only when the connection comes from a trusted
 * proxy (env TRUST_PROXY, Express's `trust proxy`; compose.yaml's nginx sets `$request_id`) and
 * the value is safe: 1 to 128 letters, digits and `-_.:@`, so it can go into logs, headers and
 * HTML as it is. Otherwise a new UUID (`crypto.randomUUID()`) is made; a client cannot choose
 * the id under which its request is logged.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { StrapiClient } from '../cms/strapi-client.server.ts';

/** The header that carries the id, both ways. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a request id may look like (an nginx `$request_id`, a UUID, most tracing ids). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;

/** True when `value` may be taken as a request id as it is. */
export function isSafeRequestId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value);
}

/**
 * Express middleware giving every request its id (`res.locals.requestId`, the `X-Request-Id`
 * answer header).
 * @param trusts whether the immediate peer at `address` is a trusted proxy (Express's compiled
 *   `trust proxy fn` for hop 0); only then is an incoming id taken
 */
export function requestIdMiddleware(trusts: (address: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id =
      incoming !== undefined && isSafeRequestId(incoming) && trusts(req.socket.remoteAddress ?? '')
        ? incoming
        : randomUUID();
    res.locals.requestId = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}

/** The id of the request answered by `res`, or undefined before {@link requestIdMiddleware} ran. */
export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId;
}

/**
 * The request's logger: a child of `base` that adds `requestId` to every line, made when first
 * asked for (most requests log nothing) and then kept for the request. Without an id, `base`.
 */
export function requestLogger(res: Response, base: Logger): Logger {
  const made = res.locals.requestLogger;
  if (made !== undefined) return made;
  const id = requestIdOf(res);
  if (id === undefined) return base;
  const logger = base.child({ requestId: id });
  res.locals.requestLogger = logger;
  return logger;
}

/**
 * The view of `strapi` for the request answered by `res`: its calls send the request's id and, by
 * default, share the request's CMS deadline (`res.locals.cmsDeadline`, set on arrival by
 * src/server/app.ts; decision 048). For routers outside the page render, which get the app's
 * client. `ownTimeouts: true` keeps each call's own timeout instead (feeds and sitemaps page
 * through whole collections, decision 048 is about pages).
 */
export function requestCms(
  strapi: StrapiClient,
  res: Response,
  { ownTimeouts = false }: { ownTimeouts?: boolean } = {},
): StrapiClient {
  const deadline = ownTimeouts
    ? Number.POSITIVE_INFINITY
    : (res.locals.cmsDeadline ?? Date.now() + strapi.timeoutMs);
  return strapi.withDeadline(deadline, undefined, requestIdOf(res));
}
