/**
 * The one conversion from Express to the Fetch API (style guide point 3, after react-router's
 * Express adapter): a Web `Request` whose signal aborts when the client goes away, and sending a
 * Web `Response` back through Express.
 */
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/** Largest request body the portal reads, in bytes (forms only; no uploads pass through here). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A stream that fails once more than `max` bytes went through it. */
function limitBytes(max: number): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > max) callback(new Error(`Request body larger than ${max} bytes`));
      else callback(null, chunk);
    },
  });
}

/** Absolute URL of the request as the client sent it (honours `trust proxy` for protocol and host). */
export function requestUrl(req: ExpressRequest, pathOverride?: string): URL {
  const host = req.get('host') ?? 'localhost';
  return new URL(pathOverride ?? req.originalUrl, `${req.protocol}://${host}`);
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
    init.body = Readable.toWeb(req.pipe(limitBytes(MAX_BODY_BYTES))) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(requestUrl(req, pathOverride), init);
}

/** Sends a Fetch `Response` through Express (status, headers, body stream). */
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
  Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
}
