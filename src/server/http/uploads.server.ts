/**
 * `/uploads/{file}`: media from the CMS's upload folder, passed through the portal so pages use one
 * origin (CSP `img-src 'self'`) and the CMS need not be public.
 *
 * Only a single, plain file name is ever forwarded (docs/decisions/044-uploads-proxy.md): the raw
 * path is percent-decoded first, and anything that is not one file name of the upload folder — dot
 * segments (also encoded: `%2e%2e`), slashes, backslashes, control characters, malformed or
 * overlong UTF-8 — answers 404 before the CMS is asked. So no request through this proxy reaches
 * another CMS path (`/api`, `/admin`, `/_health`). Only GET and HEAD are forwarded (405 otherwise).
 * Strapi names uploads `<name>_<10 hex digits>.<ext>`; only such hashed names are cached as
 * immutable, anything else for an hour.
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import { request } from 'undici';
import { IMMUTABLE_ASSET, NO_STORE, UPLOAD_CACHE } from './cache-policy.server.ts';
import { requestIdOf, requestLogger } from './request-id.server.ts';

const PASS_HEADERS = ['content-type', 'content-length', 'etag', 'last-modified'];

/** One file name of Strapi's local upload folder: letters, digits, `_`, `-` and `.`, with an extension. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,254}\.[A-Za-z0-9]{1,10}$/;

/** A name Strapi gave a stored file: `…_<hash>.<ext>`, which changes whenever the content does. */
const HASHED_NAME = /_[0-9a-f]{10}\.[A-Za-z0-9]{1,10}$/;

/**
 * The upload file name of a raw request path below `/uploads` (`/photo_0a1b2c3d4e.jpg`), or null
 * when the path is not exactly one plain file name after percent-decoding.
 */
function uploadFileName(rawPath: string): string | null {
  const raw = rawPath.split('?')[0] ?? '';
  if (!raw.startsWith('/') || raw.indexOf('/', 1) !== -1) return null;
  let name: string;
  try {
    name = decodeURIComponent(raw.slice(1));
  } catch {
    return null; // malformed or overlong UTF-8 (`%c0%ae`)
  }
  if (name === '.' || name === '..' || name.includes('..') || !FILE_NAME.test(name)) return null;
  return name;
}

/** Headers of the CMS request: the browser's `If-None-Match` and the request's id. */
function uploadRequestHeaders(ifNoneMatch: string | undefined, requestId: string | undefined) {
  const headers: Record<string, string> = {};
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  if (requestId) headers['x-request-id'] = requestId;
  return headers;
}

/** The uploads router (mounted at `/uploads`); the CMS requests send the request's id. */
export function uploadsProxy(options: { strapiUrl: string; logger: Logger; timeoutMs?: number }): Router {
  const router = Router();
  const notFound = (res: import('express').Response) =>
    res.status(404).set('Cache-Control', NO_STORE).type('text/plain').send('Not Found');
  // `use`, not a route pattern: Express would decode the path as a parameter (and fail on `%c0`).
  router.use(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').set('Cache-Control', NO_STORE).end();
      return;
    }
    // `req.url` is the raw path below the mount point (Express does not decode it).
    const name = uploadFileName(req.url);
    if (!name) {
      notFound(res);
      return;
    }
    const target = new URL(`/uploads/${encodeURIComponent(name)}`, options.strapiUrl);
    try {
      const upstream = await request(target, {
        method: req.method,
        headers: uploadRequestHeaders(req.get('if-none-match'), requestIdOf(res)),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (upstream.statusCode !== 200 && upstream.statusCode !== 304) {
        await upstream.body.dump();
        if (upstream.statusCode === 404) notFound(res);
        else res.status(502).set('Cache-Control', NO_STORE).end();
        return;
      }
      res.status(upstream.statusCode);
      for (const header of PASS_HEADERS) {
        const value = upstream.headers[header];
        if (value !== undefined) res.setHeader(header, value);
      }
      res.setHeader('Cache-Control', HASHED_NAME.test(name) ? IMMUTABLE_ASSET : UPLOAD_CACHE);
      if (req.method === 'HEAD' || upstream.statusCode === 304) {
        await upstream.body.dump();
        res.end();
        return;
      }
      upstream.body.pipe(res);
    } catch (error) {
      requestLogger(res, options.logger).warn({ err: error, path: req.path }, 'upload proxy failed');
      if (!res.headersSent) res.status(502).set('Cache-Control', NO_STORE).end();
    }
  });
  return router;
}
