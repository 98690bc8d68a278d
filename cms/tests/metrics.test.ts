/** The CMS's request ids and metrics (cms/src/lib/metrics.js; the portal's decisions 091 and 092). */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { countPushMessages, metricsPortOf, observeRequests, registry, requestIdFor, routeLabel } =
  require('../src/lib/metrics.js') as {
    countPushMessages: (counts: { sent: number; failed: number; removed: number }) => void;
    metricsPortOf: (env: Record<string, string | undefined>) => number;
    observeRequests: (strapi: unknown) => (ctx: FakeContext, next: () => Promise<void>) => Promise<void>;
    registry: { metrics: () => Promise<string> };
    requestIdFor: (incoming: unknown) => string;
    routeLabel: (ctx: { _matchedRoute?: string; path: string }) => string;
  };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The parts of a Koa context the middleware reads and writes. */
interface FakeContext {
  method: string;
  url: string;
  path: string;
  status: number;
  state: Record<string, unknown>;
  _matchedRoute?: string;
  headers: Record<string, string>;
  answer: Record<string, string>;
  get: (name: string) => string;
  set: (name: string, value: string) => void;
}

function context(path: string, incomingId?: string): FakeContext {
  const ctx: FakeContext = {
    method: 'GET',
    url: path,
    path,
    status: 404,
    state: {},
    headers: incomingId === undefined ? {} : { 'x-request-id': incomingId },
    answer: {},
    get: (name) => ctx.headers[name.toLowerCase()] ?? '',
    set: (name, value) => {
      ctx.answer[name] = value;
    },
  };
  return ctx;
}

describe('CMS request ids and metrics', () => {
  it('keeps a safe incoming id and replaces anything else', () => {
    expect(requestIdFor('edge-1.2:3')).toBe('edge-1.2:3');
    for (const bad of [undefined, '', 'two words', 'x'.repeat(129), '<b>']) expect(requestIdFor(bad)).toMatch(UUID);
  });

  it('labels requests by route pattern, never by URL', () => {
    expect(routeLabel({ _matchedRoute: '/api/articles/:id', path: '/api/articles/abc' })).toBe('/api/articles/:id');
    expect(routeLabel({ path: '/uploads/photo.webp' })).toBe('/uploads');
    expect(routeLabel({ path: '/admin/content-manager' })).toBe('/admin');
    expect(routeLabel({ path: '/api/nothing-here' })).toBe('unmatched');
  });

  it('reads METRICS_PORT: default 9465, 0 or empty off, anything else refused', () => {
    expect(metricsPortOf({})).toBe(9465);
    expect(metricsPortOf({ METRICS_PORT: '9100' })).toBe(9100);
    expect(metricsPortOf({ METRICS_PORT: '0' })).toBe(0);
    expect(metricsPortOf({ METRICS_PORT: '' })).toBe(0);
    expect(() => metricsPortOf({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
  });

  it('gives the request its id, answers with it, logs it and counts the request', async () => {
    const logged: string[] = [];
    const middleware = observeRequests({ log: { http: (line: string) => logged.push(line) } });
    const ctx = context('/api/tags/abc123', 'from-portal-1');
    await middleware(ctx, async () => {
      ctx._matchedRoute = '/api/tags/:id';
      ctx.status = 200;
    });
    expect(ctx.state.requestId).toBe('from-portal-1');
    expect(ctx.answer['X-Request-Id']).toBe('from-portal-1');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^GET \/api\/tags\/abc123 \(\d+ ms\) 200 \[from-portal-1\]$/);
    const thrown = context('/api/tags');
    await expect(
      middleware(thrown, async () => {
        throw Object.assign(new Error('nope'), { status: 403 });
      }),
    ).rejects.toThrow('nope');
    expect(thrown.answer['X-Request-Id']).toMatch(UUID);
    countPushMessages({ sent: 3, failed: 1, removed: 0 });
    const text = await registry.metrics();
    expect(text).toContain('cms_http_requests_total{route="/api/tags/:id",method="GET",status="200"} 1');
    expect(text).toContain('cms_http_requests_total{route="unmatched",method="GET",status="403"} 1');
    expect(text).toContain('cms_http_request_duration_seconds_count{route="/api/tags/:id"} 1');
    expect(text).toContain('cms_push_messages_total{outcome="sent"} 3');
    expect(text).toContain('cms_push_messages_total{outcome="failed"} 1');
    expect(text).toContain('cms_http_requests_in_flight 0');
  });
});
