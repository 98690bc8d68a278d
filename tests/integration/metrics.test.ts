/**
 * Metrics on their own port and request ids (docs/decisions/091-metrics-on-their-own-port.md,
 * docs/decisions/092-request-ids.md), against the real CMS: the portal's counters move as pages,
 * the data endpoint, the page cache, the CMS, rate limits, analytics and the drain are used; the
 * public app never serves `/metrics`; every answer has an `X-Request-Id` (generated, or taken
 * from a trusted proxy only, and only when safe), the CMS receives it with every call and answers
 * with it, it names the request's log lines, and the error page shows it.
 *
 * Between the portal and the CMS runs a recording proxy (a real HTTP hop, nothing mocked): it
 * notes the `x-request-id` each CMS request carried and the one the CMS answered with.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { type MetricsServer, startMetricsServer } from '../../src/server/metrics/metrics-server.server.ts';
import { createTestApp, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** One request that passed the recording proxy. */
interface Passed {
  method: string;
  path: string;
  /** The `x-request-id` the portal sent. */
  sent: string | undefined;
  /** The `x-request-id` the CMS answered with. */
  answered: string | null;
}

/** A forwarding proxy in front of the CMS that records the request ids going through. */
async function startRecordingCms(target: string) {
  const passed: Passed[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      const hopByHop = key === 'host' || key === 'connection' || key === 'content-length';
      if (typeof value === 'string' && !hopByHop) headers.set(key, value);
    }
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const sent = req.headers['x-request-id'];
    passed.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      sent: typeof sent === 'string' ? sent : undefined,
      answered: answer.headers.get('x-request-id'),
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One sample of Prometheus's text format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`, or undefined. */
function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.length === 0 ? undefined : found.reduce((sum, sample) => sum + sample.value, 0);
}

let recorder: Awaited<ReturnType<typeof startRecordingCms>>;
let portal: PortalApp;
let metricsServer: MetricsServer;

beforeAll(async () => {
  recorder = await startRecordingCms(inject('cmsUrl'));
  // The CMS's first answers are slow on a busy machine: one app of its own warms it up, so the
  // counters below start from pages that answer within the test apps' 3 s CMS budget.
  const warm = await createTestApp(recorder.url);
  for (const page of ['/', '/en']) await request(warm.app).get(page);
  await warm.close();
  portal = await createTestApp(recorder.url, { pageCacheTtlMs: 60_000 });
  metricsServer = await startMetricsServer({ registry: portal.metrics.registry, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await metricsServer?.close();
  await portal?.close();
  await recorder?.close();
});

/** Scrapes the metrics port as Prometheus does. */
async function scrape(): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await response.text());
}

describe('metrics on their own port', () => {
  it('counts pages by route and status, the render, and the page cache misses and hits', async () => {
    const first = await request(portal.app).get('/').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(portal.app).get('/').expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    await request(portal.app).get('/__data/').expect(200);
    await request(portal.app).get('/health').expect(200);
    await request(portal.app).get(`/nergens-${randomUUID()}`).expect(404);

    const samples = await scrape();
    const requests = { route: 'index', method: 'GET', status: '200' };
    expect(sampleValue(samples, 'portal_http_requests_total', requests)).toBe(2);
    expect(sampleValue(samples, 'portal_http_request_duration_seconds_count', { route: 'index' })).toBe(2);
    expect(sampleValue(samples, 'portal_render_duration_seconds_count', { route: 'index' })).toBe(1);
    // `/` once, and the page that is not there (a 404 page is kept too).
    expect(sampleValue(samples, 'portal_page_cache_lookups_total', { result: 'miss' })).toBe(2);
    expect(sampleValue(samples, 'portal_page_cache_lookups_total', { result: 'hit' })).toBe(1);
    expect(sampleValue(samples, 'portal_http_requests_total', { route: 'data:index', status: '200' })).toBe(
      1,
    );
    expect(sampleValue(samples, 'portal_http_requests_total', { route: 'health', status: '200' })).toBe(1);
    expect(sampleValue(samples, 'portal_http_requests_total', { status: '404' })).toBe(1);
    // Route labels are names, never the URL that was asked for.
    const routes = samples.flatMap((sample) => sample.labels.route ?? []);
    expect(routes.some((route) => route.includes('nergens') || route.includes('/'))).toBe(false);
    expect(sampleValue(samples, 'portal_http_requests_in_flight')).toBe(0);
  });

  it('counts the CMS calls by endpoint without ids, and their duration', async () => {
    const samples = await scrape();
    const endpoints = new Set(
      samples.filter((sample) => sample.name === 'portal_cms_requests_total').map((s) => s.labels.endpoint!),
    );
    expect(endpoints.size).toBeGreaterThan(0);
    for (const endpoint of endpoints) expect(endpoint).toMatch(/^(?:\/(?:[a-z][a-z0-9_-]*|:id|…))+$/);
    expect(sampleValue(samples, 'portal_cms_requests_total', { outcome: 'success' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'portal_cms_request_duration_seconds_count')).toBe(
      sampleValue(samples, 'portal_cms_requests_total'),
    );
  });

  it('reports readiness and the default-free registry of an app of its own', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'portal_ready')).toBe(1);
    expect(sampleValue(samples, 'portal_dependency_up', { dependency: 'cms' })).toBe(1);
    expect(sampleValue(samples, 'portal_draining')).toBe(0);
    // Node's default metrics are turned on once per process (server.ts), not per app.
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeUndefined();
  });

  it('never serves metrics on the public port, and nothing else on the metrics port', async () => {
    const page = await request(portal.app).get('/metrics').expect(404);
    expect(page.text).not.toContain('portal_http_requests_total');
    await request(portal.app).get('/metrics?format=prometheus').expect(404);
    const other = await fetch(`http://127.0.0.1:${metricsServer.port}/`);
    expect(other.status).toBe(404);
    const post = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
  });

  it('counts rate-limit refusals', async () => {
    vi.stubEnv('AUTH_RATE_LIMIT_IP', '1');
    const limited = await createTestApp(recorder.url).finally(() => vi.unstubAllEnvs());
    try {
      await request(limited.app).get('/connect/github').expect(302);
      await request(limited.app).get('/connect/github').expect(429);
      const samples = parseMetrics(await limited.metrics.registry.metrics());
      expect(sampleValue(samples, 'portal_rate_limited_total', { limit: 'auth-ip' })).toBe(1);
      expect(sampleValue(samples, 'portal_http_requests_total', { route: 'sign-in', status: '429' })).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('counts analytics batches and events forwarded to the CMS', async () => {
    await request(portal.app)
      .post('/statistics')
      .set('Origin', PUBLIC_URL)
      .set('Content-Type', 'application/json')
      .set('User-Agent', CHROME)
      .send(
        JSON.stringify({
          data: {
            session: randomUUID(),
            events: [{ eventType: 'Pageview', url: '/' }, { eventType: 'SessionStart' }],
          },
        }),
      )
      .expect(202);
    await portal.flushAnalytics();
    const samples = await scrape();
    expect(sampleValue(samples, 'portal_analytics_batches_total', { outcome: 'forwarded' })).toBe(1);
    expect(sampleValue(samples, 'portal_analytics_events_total', { outcome: 'forwarded' })).toBe(2);
    expect(sampleValue(samples, 'portal_analytics_batches_total', { outcome: 'dropped' })).toBe(0);
  });

  it('flips the drain gauge, and readiness with it, when the app drains', async () => {
    // A second app in the same process: its registry is its own, so nothing clashes.
    const draining = await createTestApp(recorder.url);
    const server = await startMetricsServer({
      registry: draining.metrics.registry,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const scrapeDraining = async () =>
        parseMetrics(await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text());
      expect(sampleValue(await scrapeDraining(), 'portal_draining')).toBe(0);
      draining.drain();
      const samples = await scrapeDraining();
      expect(sampleValue(samples, 'portal_draining')).toBe(1);
      expect(sampleValue(samples, 'portal_ready')).toBe(0);
    } finally {
      await server.close();
      await draining.close();
    }
  });

  it('counts the CMS outage: network errors, 503 pages, not ready', async () => {
    const offline = await createTestApp('http://127.0.0.1:9');
    try {
      await request(offline.app).get('/').expect(503);
      const samples = parseMetrics(await offline.metrics.registry.metrics());
      expect(sampleValue(samples, 'portal_cms_requests_total', { outcome: 'network_error' })).toBeGreaterThan(
        0,
      );
      expect(sampleValue(samples, 'portal_cms_errors_total', { name: 'NetworkError' })).toBeGreaterThan(0);
      expect(sampleValue(samples, 'portal_http_requests_total', { route: 'index', status: '503' })).toBe(1);
      expect(sampleValue(samples, 'portal_ready')).toBe(0);
      expect(sampleValue(samples, 'portal_dependency_up', { dependency: 'cms' })).toBe(0);
    } finally {
      await offline.close();
    }
  });

  it('has metrics of its own in the CMS, on the CMS metrics port', async () => {
    const response = await fetch(inject('cmsMetricsUrl'));
    expect(response.status).toBe(200);
    const samples = parseMetrics(await response.text());
    expect(sampleValue(samples, 'cms_http_requests_total', { route: '/_health' })).toBeGreaterThan(0);
    const apiRoutes = samples.filter(
      (sample) => sample.name === 'cms_http_requests_total' && sample.labels.route?.startsWith('/api/'),
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    // Route patterns, never ids.
    for (const sample of apiRoutes) expect(sample.labels.route).not.toMatch(/\/[a-z0-9]{24}(?:\/|$)/);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const metricsPath = new URL(inject('cmsMetricsUrl'));
    const other = await fetch(`${metricsPath.origin}/api/articles`);
    expect(other.status).toBe(404);
  });
});

describe('request ids', () => {
  it('generates one per answer when the request comes without', async () => {
    const first = await request(portal.app).get('/health').expect(200);
    const second = await request(portal.app).get('/health').expect(200);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    // Every part of the app: a static-file miss, a 405, a page from the cache.
    expect((await request(portal.app).get('/assets/none.js')).headers['x-request-id']).toMatch(UUID);
    expect((await request(portal.app).delete('/')).headers['x-request-id']).toMatch(UUID);
    expect((await request(portal.app).get('/').expect(200)).headers['x-request-id']).toMatch(UUID);
  });

  it('ignores the id of a client that is no trusted proxy', async () => {
    const response = await request(portal.app).get('/health').set('X-Request-Id', 'chosen-by-the-client');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('takes the id of a trusted proxy when it is safe, and sends it to the CMS, which answers with it', async () => {
    const behindProxy = await createTestApp(recorder.url, { trustProxy: 'loopback' });
    try {
      const id = `edge-${randomUUID()}`;
      const response = await request(behindProxy.app).get('/').set('X-Request-Id', id).expect(200);
      expect(response.headers['x-request-id']).toBe(id);
      const calls = recorder.passed.filter((call) => call.sent === id);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.answered).toBe(id);
      expect(calls.some((call) => call.path.startsWith('/api/'))).toBe(true);

      for (const bad of ['two words', 'x'.repeat(129), '<script>', 'a,b', '']) {
        const replaced = await request(behindProxy.app).get('/health').set('X-Request-Id', bad);
        expect(replaced.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await behindProxy.close();
    }
  });

  it('sends the id with every CMS call of a request, and the CMS keeps a safe id and replaces a bad one', async () => {
    const before = recorder.passed.length;
    const fresh = await createTestApp(recorder.url);
    try {
      const response = await request(fresh.app).get('/en').expect(200);
      const id = response.headers['x-request-id'];
      const calls = recorder.passed.slice(before);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.sent).toBe(id);
    } finally {
      await fresh.close();
    }
    const cms = inject('cmsUrl');
    const kept = await fetch(`${cms}/api/tags?pagination[pageSize]=1`, {
      headers: { 'X-Request-Id': 'abc.123:x' },
    });
    expect(kept.headers.get('x-request-id')).toBe('abc.123:x');
    const replaced = await fetch(`${cms}/api/tags?pagination[pageSize]=1`, {
      headers: { 'X-Request-Id': 'no spaces allowed' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('names every log line of the request', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const offline = await createApp({
      mode: 'test',
      strapiUrl: 'http://127.0.0.1:9',
      publicUrl: PUBLIC_URL,
      assets: { entry: '/assets/entry-client.js', styles: [], modulePreloads: [] },
      cmsTimeoutMs: 3000,
      pageCacheTtlMs: 0,
      stateDir: null,
      logger: pino({ level: 'debug' }, stream),
    });
    try {
      const response = await request(offline.app).get('/').expect(503);
      const id = response.headers['x-request-id'];
      const ofRequest = lines.filter((line) => String(line.msg).startsWith('Strapi '));
      expect(ofRequest.length).toBeGreaterThan(0);
      for (const line of ofRequest) expect(line.requestId).toBe(id);
    } finally {
      await offline.close();
    }
  });

  it('shows the id on the error page in both languages, and in the data of a client navigation', async () => {
    const offline = await createTestApp('http://127.0.0.1:9');
    try {
      const dutch = await request(offline.app).get('/').expect(503);
      const dutchId = dutch.headers['x-request-id'];
      const dutchHtml = decodeHtml(dutch.text);
      expect(dutchHtml).toContain('Neem je contact met ons op? Noem dan deze code:');
      expect(dutchHtml).toContain(`<code>${dutchId}</code>`);
      // The browser hydrates the same id from the page's state.
      expect(dutch.text).toContain(`"requestId":"${dutchId}"`);

      const english = await request(offline.app).get('/en').expect(503);
      const englishHtml = decodeHtml(english.text);
      expect(englishHtml).toContain('Contacting us? Please quote this code:');
      expect(englishHtml).toContain(`<code>${english.headers['x-request-id']}</code>`);

      const data = await request(offline.app).get('/__data/').expect(503);
      const errors = Object.values((data.body as { errors: Record<string, { requestId?: string }> }).errors);
      expect(errors.map((error) => error.requestId)).toContain(data.headers['x-request-id']);
    } finally {
      await offline.close();
    }
    // A page that is not there is no server error: no id to quote.
    const missing = await request(portal.app).get(`/nergens-${randomUUID()}`).expect(404);
    expect(decodeHtml(missing.text)).not.toContain('Noem dan deze code');
  });
});
