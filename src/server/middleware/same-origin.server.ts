/**
 * Cross-site request forgery protection for every state-changing request (POST, PUT, PATCH,
 * DELETE): the session cookie is SameSite=Lax, and the request must come from the portal's own
 * origin — checked with the `Origin` header, or Fetch Metadata `Sec-Fetch-Site` when a browser
 * sends no Origin (OWASP CSRF Prevention Cheat Sheet: "Verifying Origin with standard headers" and
 * "Fetch Metadata"). No per-visitor token, so anonymous pages stay cacheable (decision 009).
 * A request with neither header is refused: every browser in use sends `Origin` on a POST, and a
 * client that sends neither cannot be told apart from a forged one.
 */
import type { NextFunction, Request, Response } from 'express';
import { isDataRequest } from '../../shared/urls.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a request with these headers may change state. `Origin: null` is what browsers send for
 * a plain form post from a page with `Referrer-Policy: no-referrer` (Fetch standard, "serializing a
 * request origin"; helmet's default policy), so it is judged by Fetch Metadata; without that it is
 * refused.
 */
export function isSameOriginRequest(
  headers: { origin?: string; secFetchSite?: string },
  allowedOrigins: readonly string[],
): boolean {
  if (headers.origin && headers.origin !== 'null') return allowedOrigins.includes(headers.origin);
  if (headers.secFetchSite) return headers.secFetchSite === 'same-origin' || headers.secFetchSite === 'none';
  return false;
}

/**
 * Express middleware answering 403 to cross-site state-changing requests (JSON for the data
 * endpoint and API clients, a Dutch HTML page for people).
 * @param publicUrl the portal's public origin (its own host is always allowed as well)
 */
export function sameOriginMiddleware(options: { publicUrl: string; exempt?: (req: Request) => boolean }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    const allowed = [publicOrigin, `${req.protocol}://${req.get('host') ?? ''}`];
    if (
      SAFE_METHODS.has(req.method) ||
      options.exempt?.(req) ||
      isSameOriginRequest({ origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site') }, allowed)
    ) {
      next();
      return;
    }
    res.status(403).set('Cache-Control', NO_STORE);
    if (isDataRequest(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
      res.json({ error: { status: 403, name: 'ForbiddenError', message: 'Cross-site request refused' } });
      return;
    }
    res
      .type('html')
      .send(
        '<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Verzoek geweigerd</title></head><body><main><h1>Verzoek geweigerd</h1><p>Dit formulier is niet vanaf deze website verstuurd en is daarom niet verwerkt. Ga terug naar de pagina en probeer het opnieuw.</p><p><a href="/">Terug naar home</a></p></main></body></html>',
      );
  };
}
