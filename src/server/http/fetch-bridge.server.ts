/**
 * The one conversion from Express to the Fetch API: a Web `Request` whose signal aborts when the client goes away, and sending a
 * Web `Response` back through Express.
 */
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** Largest request body the portal reads, in bytes (forms only; no uploads pass through here). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** How much of a refused body is read and dropped to keep the connection usable, in bytes. */
const DISCARD_MAX_BYTES = 16 * MAX_BODY_BYTES;

/** The request body went over {@link MAX_BODY_BYTES} (answered 413, never 500). */
export class BodyTooLargeError extends Error {
  readonly status = 413;

  constructor(max: number) {
    super(`Request body larger than ${max} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads and drops the rest of a refused body, so the kept-alive connection can carry the answer
 * and the next request; past {@link DISCARD_MAX_BYTES} the connection is closed instead.
 */
function discardRest(req: ExpressRequest): void {
  req.unpipe();
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_MAX_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** A stream that fails with {@link BodyTooLargeError} once more than `max` bytes went through it. */
function limitBytes(req: ExpressRequest, max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total <= max) {
        callback(null, chunk);
        return;
      }
      callback(new BodyTooLargeError(max));
      discardRest(req);
    },
  });
}

/** A host (name or address, optional port) that cannot change the path when a URL is joined as text. */
const PLAIN_HOST = /^[A-Za-z0-9.:[\]-]+$/;

/**
 * Absolute URL of the request as the client sent it (honours `trust proxy` for protocol and host).
 * The usual request (a plain host, a path starting with one `/`) gives its URL as text, which the
 * Fetch `Request` parses once; anything else gets the origin's URL with the path and query set as
 * parts (`pathname`, `search`), so a path like `//other/`, `//` or `/\other` stays a path: it never
 * names a host and never fails to parse (decision 073); the router then answers it 404.
 */
function requestUrl(req: ExpressRequest, pathOverride?: string): URL | string {
  const host = req.get('host') ?? 'localhost';
  const path = pathOverride ?? req.originalUrl;
  const origin = `${req.protocol}://${host}`;
  if (path.startsWith('/') && path[1] !== '/' && path[1] !== '\\' && PLAIN_HOST.test(host)) {
    return `${origin}${path}`;
  }
  const url = new URL(origin);
  const query = path.indexOf('?');
  url.pathname = query === -1 ? path : path.slice(0, query);
  if (query !== -1) url.search = path.slice(query);
  return url;
}

/**
 * Builds a Fetch `Request` for `req`. The signal aborts when the response closes before it
 * finished (client disconnect). Bodies are passed through as a stream for non-GET methods.
 */
export function createFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  pathOverride?: string,
): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req.pipe(limitBytes(req, MAX_BODY_BYTES))) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(requestUrl(req, pathOverride), init);
}

/**
 * Sends a Fetch `Response` through Express (status, headers, body stream). An `application/x-ndjson`
 * answer (a streamed `/__data`, decision 105) is written as its chunks come, each flushed past
 * compression.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  if (!response.body || res.req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream);
  if (!response.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    body.pipe(res);
    return;
  }
  // A streamed answer (decision 105's addendum): each line goes out as it comes, past
  // compression's buffer (`flush`, which compression adds); a visitor who leaves ends it.
  const flushing = res as ExpressResponse & { flush?: () => void };
  res.once('close', () => body.destroy());
  body.on('data', (chunk: Buffer) => {
    res.write(chunk);
    flushing.flush?.();
  });
  body.once('end', () => res.end());
  body.once('error', () => res.destroy());
}
