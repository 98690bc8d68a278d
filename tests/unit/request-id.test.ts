import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  isSafeRequestId,
  requestIdMiddleware,
  requestLogger,
} from '../../src/server/http/request-id.server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An app whose only route answers the request id it was given. */
function appTrusting(trusts: boolean) {
  const app = express();
  app.use(requestIdMiddleware(() => trusts));
  app.get('/', (_req, res) => {
    res.json({
      id: res.locals.requestId,
      same: requestLogger(res, pino({ level: 'silent' })) === requestLogger(res, pino()),
    });
  });
  return app;
}

describe('request ids (decision 092)', () => {
  it('accepts ids of 1 to 128 safe characters only', () => {
    for (const id of [
      'a',
      '0f9e8d7c6b5a49382716',
      'edge-1.2:3@host_x',
      'x'.repeat(128),
      crypto.randomUUID(),
    ]) {
      expect(isSafeRequestId(id)).toBe(true);
    }
    for (const id of [
      '',
      'x'.repeat(129),
      'two words',
      'a,b',
      '<script>',
      'é',
      'a\nb',
      undefined,
      42,
      ['a'],
    ]) {
      expect(isSafeRequestId(id)).toBe(false);
    }
  });

  it('takes the id of a trusted proxy, and keeps one logger per request', async () => {
    const response = await request(appTrusting(true))
      .get('/')
      .set('X-Request-Id', 'from-the-proxy')
      .expect(200);
    expect(response.headers['x-request-id']).toBe('from-the-proxy');
    expect(response.body).toEqual({ id: 'from-the-proxy', same: true });
  });

  it('makes a new id for anyone else, and for an unsafe one', async () => {
    const untrusted = await request(appTrusting(false)).get('/').set('X-Request-Id', 'from-the-client');
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    const unsafe = await request(appTrusting(true)).get('/').set('X-Request-Id', 'not safe');
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
    expect(unsafe.body.id).toBe(unsafe.headers['x-request-id']);
  });
});
