/**
 * Client errors answered outside React (405, 413, a malformed URL): JSON for the data endpoint and
 * JSON clients, a small Dutch page for people. Never stored.
 */
import type { Request, Response } from 'express';
import { isDataRequest } from '../../shared/urls.ts';
import { NO_STORE } from './cache-policy.server.ts';

/** The only methods the portal answers (anything else is 405). */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'];

/** Dutch texts of the client errors answered outside React. */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Het verzoek kon niet worden gelezen.',
  404: 'Deze pagina bestaat niet.',
  405: 'Deze handeling is hier niet mogelijk.',
  413: 'Wat je verstuurde is te groot (meer dan 1 MB).',
  415: 'Dit formulier accepteert alleen gegevens zoals een browser ze verstuurt.',
};

/**
 * The status of an error that is the client's (4xx, e.g. a malformed URL), or null.
 * @param error Anything thrown; read are its numeric `status` or `statusCode` (http-errors, body-parser).
 */
export function clientStatusOf(error: unknown): number | null {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * Answers a client error outside React: JSON `{ error: { status, name, message } }` for the data
 * endpoint and JSON clients, a small Dutch page for people; `Cache-Control: no-store`, and `Allow`
 * on a 405 (RFC 9110 section 15.5.6).
 * @param status A 4xx status.
 * @param name The error's name in the JSON body, e.g. `NotFoundError`.
 */
export function clientError(req: Request, res: Response, status: number, name: string): void {
  const message = CLIENT_ERROR_TEXT[status] ?? 'Het verzoek kon niet worden verwerkt.';
  res.status(status).set('Cache-Control', NO_STORE);
  if (status === 405) res.set('Allow', ALLOWED_METHODS.join(', '));
  if (isDataRequest(req.originalUrl) || req.accepts(['html', 'json']) === 'json') {
    res.json({ error: { status, name, message } });
    return;
  }
  res
    .type('html')
    .send(
      `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Er is iets fout gegaan</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Er is iets fout gegaan</h1><p>${message}</p><p><a href="/">Terug naar home</a></p></main></body></html>`,
    );
}
