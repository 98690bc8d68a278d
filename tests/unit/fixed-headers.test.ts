/**
 * Helmet's headers computed once at start (src/server/http/fixed-headers.server.ts, decision 073):
 * the same headers as helmet sets per request, and a start-up failure for any middleware whose
 * headers could depend on the request.
 */
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fixedHeaders, recordHeaders } from '../../src/server/http/fixed-headers.server.ts';

const options = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'img-src': ["'self'"] },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: true,
  crossOriginEmbedderPolicy: false,
};

/** The headers an app with `middleware` in front answers with, minus those that vary per answer. */
async function headersOf(middleware: RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  const response = await request(app).get('/');
  const { date: _date, etag: _etag, ...rest } = response.headers;
  return rest;
}

describe('fixedHeaders', () => {
  it('sets exactly the headers helmet sets, in the same order, and removes X-Powered-By', async () => {
    const viaHelmet = await headersOf(helmet(options));
    const fixed = await headersOf(fixedHeaders(helmet(options)));
    expect(fixed).toEqual(viaHelmet);
    expect(Object.keys(fixed)).toEqual(Object.keys(viaHelmet));
    expect(fixed['x-powered-by']).toBeUndefined();
    expect(fixed['content-security-policy']).toBe("default-src 'none';img-src 'self'");
    expect(fixed['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('records set and removed headers', () => {
    const recorded = recordHeaders((_req, res, next) => {
      res.setHeader('X-A', '1');
      res.setHeader('X-B', ['2', '3']);
      res.removeHeader('X-Powered-By');
      next();
    });
    expect(recorded).toEqual({
      set: [
        ['X-A', '1'],
        ['X-B', ['2', '3']],
      ],
      removed: ['x-powered-by'],
    });
  });

  it('refuses a middleware whose headers may depend on the request', () => {
    expect(() =>
      recordHeaders((req, res, next) => {
        res.setHeader('X-Host', String(req.headers.host));
        next();
      }),
    ).toThrow(/reads the request/);
    // helmet's policy with a per-request nonce function reads the response's locals.
    const withNonce = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'none'"],
          'script-src': [(_req, res) => `'nonce-${(res as unknown as { locals: { n: string } }).locals.n}'`],
        },
      },
    });
    expect(() => fixedHeaders(withNonce)).toThrow(/fixedHeaders/);
  });

  it('refuses a middleware that does not finish synchronously or fails', () => {
    expect(() => recordHeaders(() => {})).toThrow(/did not call next/);
    expect(() => recordHeaders((_req, _res, next) => next(new Error('boom')))).toThrow('boom');
  });
});
