/**
 * Headers that never change between requests, computed once at start from the middleware that
 * normally sets them, and then set in one step per request (docs/decisions/073-per-request-work-done-once.md).
 *
 * Helmet stays the source of the security headers: its middleware chain (one function per header)
 * is run once against a recording response, and every request then gets exactly the headers it set
 * and loses exactly the ones it removed. A middleware whose headers depend on the request (it
 * reads the request or calls anything on the response other than `setHeader`/`removeHeader`) or
 * that does not finish synchronously fails at start rather than send the wrong headers later.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a middleware did to the response: headers set (in order) and headers removed. */
export interface RecordedHeaders {
  set: ReadonlyArray<readonly [name: string, value: string | string[]]>;
  removed: readonly string[];
}

/**
 * Runs `middleware` once against a recording response.
 * @throws Error when the middleware reads the request, touches the response otherwise than by
 *   `setHeader`/`removeHeader`, passes an error to `next`, or has not called `next` when it returns.
 */
export function recordHeaders(middleware: RequestHandler): RecordedHeaders {
  const set = new Map<string, readonly [string, string | string[]]>();
  const removed = new Set<string>();
  const refuse = (what: string) => () => {
    throw new Error(`fixedHeaders: the middleware ${what}; its headers may depend on the request`);
  };
  const req = new Proxy({}, { get: refuse('reads the request'), has: refuse('reads the request') });
  const res = new Proxy(
    {
      setHeader(name: string, value: string | number | readonly string[]) {
        const key = name.toLowerCase();
        removed.delete(key);
        set.set(key, [name, Array.isArray(value) ? [...value] : String(value)]);
        return res;
      },
      removeHeader(name: string) {
        const key = name.toLowerCase();
        set.delete(key);
        removed.add(key);
      },
    },
    {
      get(target, property) {
        if (property === 'setHeader' || property === 'removeHeader') return target[property];
        return refuse(`reads res.${String(property)}`)();
      },
    },
  );
  let finished = false;
  middleware(
    req as Request,
    res as unknown as Response,
    ((error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      finished = true;
    }) as NextFunction,
  );
  if (!finished) throw new Error('fixedHeaders: the middleware did not call next() synchronously');
  return { set: [...set.values()], removed: [...removed] };
}

/**
 * A middleware that sets, per request, the headers `middleware` set when run once at start
 * ({@link recordHeaders}), and removes those it removed: the same headers, without running the
 * middleware per request.
 * @throws Error as {@link recordHeaders}.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const { set, removed } = recordHeaders(middleware);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
