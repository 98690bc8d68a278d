/**
 * The portal's Prometheus metrics (prom-client), served on their own port by
 * src/server/metrics/metrics-server.server.ts and never by the public app
 * (docs/decisions/091-metrics-on-their-own-port.md). One {@link PortalMetrics} per app; its
 * registry is its own (never prom-client's global one), so tests create as many apps as they like.
 *
 * | metric | labels | what |
 * |---|---|---|
 * | `portal_http_requests_total` | route, method, status | answers, by route name (`news-id-slug`), `data:<route>` for client navigations, or a fixed part of the site (`static`, `health`, `uploads`, …; src/server/metrics/labels.server.ts); status `499` when the client went away first |
 * | `portal_http_request_duration_seconds` | route | arrival to last byte |
 * | `portal_http_requests_in_flight` | — | requests being answered |
 * | `portal_render_duration_seconds` | route | React render of a document (data loading excluded) |
 * | `portal_cms_requests_total` | endpoint, method, outcome | HTTP exchanges with the CMS (cached answers are not exchanges) |
 * | `portal_cms_request_duration_seconds` | endpoint | their duration |
 * | `portal_cms_errors_total` | endpoint, name | failures the callers saw (StrapiError name: `TimeoutError`, `NotFoundError`, …) |
 * | `portal_page_cache_lookups_total` | result | rendered-page cache: `hit`, `stale`, `revalidate`, `miss` |
 * | `portal_rate_limited_total` | limit | refusals: `auth-ip`, `auth-identifier`, `statistics` |
 * | `portal_analytics_batches_total` / `portal_analytics_events_total` | outcome | forwarded to or dropped by the CMS |
 * | `portal_push_subscription_requests_total` | action, outcome | subscription changes passed to the CMS (the CMS sends the messages: `cms_push_messages_total`) |
 * | `portal_draining` | — | 1 once shutdown has begun |
 * | `portal_ready` / `portal_dependency_up` | — / dependency | readiness as `/health/ready` computes it, asked at scrape time |
 *
 * Per-request cost (measured on this machine): about 0.7 µs, most of it prom-client's histogram
 * `observe` (~0.3 µs: it validates and hashes the labels on every call); the request counter is a
 * plain number per label set, handed to prom-client when scraped; label children are kept in maps
 * (no label objects per request); everything else is counted when it happens or read at scrape time.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { cmsEndpointLabel, LabelCap } from './labels.server.ts';

/** Seconds; from a cached page (~0.4 ms) to the stream timeout (10 s). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a render takes 1–10 ms (guides/performance.md). */
const RENDER_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
/** Seconds; up to the CMS timeout (5 s by default). */
const CMS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What a rendered-page cache lookup found (src/server/page-cache.server.ts `PageLookup`); counted
 * as `hit` (fresh), `stale`, `revalidate` or `miss`.
 */
export type PageCacheLookup = 'fresh' | 'stale' | 'revalidate' | 'miss';
/** Which limit refused a request. */
export type RateLimitName = 'auth-ip' | 'auth-identifier' | 'statistics';
/** How one exchange with the CMS ended (src/server/cms/strapi-client.server.ts `strapi:call`). */
export type CmsOutcome =
  | 'success'
  | 'client_error'
  | 'server_error'
  | 'timeout'
  | 'network_error'
  | 'aborted';

/** Totals of the analytics forwarder (src/server/analytics/forwarder.server.ts), read at scrape time. */
export interface AnalyticsTotals {
  readonly forwarded: number;
  readonly dropped: number;
  readonly forwardedBatches: number;
  readonly droppedBatches: number;
}

/** Readiness as `/health/ready` reports it (src/server/http/health.server.ts). */
export interface ReadinessReport {
  ready: boolean;
  /** Absent when not asked (while draining). */
  cms?: boolean;
  /** Absent when Redis is not configured or not asked. */
  redis?: boolean;
}

export interface PortalMetricsOptions {
  /** Where the metrics are registered; default a new registry of this instance's own. */
  registry?: Registry;
  /**
   * Also collect Node's default metrics (CPU, memory, heap, event-loop lag, GC, handles) into the
   * registry. They describe the process, so turn them on once per process (server.ts); default false.
   */
  defaultMetrics?: boolean;
}

/** Index of a method in the request counter's key (GET, HEAD, POST, anything else). */
function methodIndex(method: string): number {
  return method === 'GET' ? 0 : method === 'HEAD' ? 1 : method === 'POST' ? 2 : 3;
}
const METHODS = ['GET', 'HEAD', 'POST', 'OTHER'];

interface RequestChildren {
  /** The counter's labels, given to prom-client at scrape time. */
  labels: { route: string; method: string; status: string };
  /** Answers so far: a plain number, added up here and handed over at scrape time. */
  count: number;
  duration: Histogram.Internal<'route'>;
}

/** The portal's metrics; see the module comment for the list. */
export class PortalMetrics {
  /** The registry to serve (`await registry.metrics()`, content type `registry.contentType`). */
  readonly registry: Registry;

  readonly #requestSeconds: Histogram<'route'>;
  readonly #renderSeconds: Histogram<'route'>;
  readonly #cmsRequests: Counter<'endpoint' | 'method' | 'outcome'>;
  readonly #cmsSeconds: Histogram<'endpoint'>;
  readonly #cmsErrors: Counter<'endpoint' | 'name'>;
  readonly #rateLimited: Counter<'limit'>;
  readonly #push: Counter<'action' | 'outcome'>;
  readonly #draining: Gauge;

  /** Label children by route, then by `status * 4 + method index`: no strings built per request. */
  readonly #requestChildren = new Map<string, Map<number, RequestChildren>>();
  readonly #renderChildren = new Map<string, Histogram.Internal<'route'>>();
  readonly #routes = new LabelCap(300);
  readonly #endpoints = new LabelCap(200);
  /** Endpoint labels by API path, so the path is parsed once. */
  readonly #endpointOf = new Map<string, string>();
  #inFlight = 0;
  /** Page-cache lookups by result, handed to prom-client when scraped (one per cached answer). */
  readonly #pageCacheLookups = { hit: 0, stale: 0, revalidate: 0, miss: 0 };
  #analytics: AnalyticsTotals | undefined;
  #readiness: (() => Promise<ReadinessReport>) | undefined;
  /** The readiness check of the scrape under way: both readiness gauges read the same one. */
  #readinessCheck: Promise<ReadinessReport> | undefined;

  constructor(options: PortalMetricsOptions = {}) {
    const registry = options.registry ?? new Registry();
    this.registry = registry;
    const registers = [registry];
    if (options.defaultMetrics) collectDefaultMetrics({ register: registry });

    const metrics = this;
    // Counted in plain numbers per request (prom-client's `inc` validates and hashes its labels on
    // every call, ~0.35 µs) and handed over when scraped.
    new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP answers of the portal by route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers,
      collect() {
        this.reset();
        for (const byKey of metrics.#requestChildren.values()) {
          for (const children of byKey.values()) this.inc(children.labels, children.count);
        }
      },
    });
    this.#requestSeconds = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from arrival to the last byte of an answer, in seconds, by route',
      labelNames: ['route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'portal_http_requests_in_flight',
      help: 'Requests being answered',
      registers,
      collect() {
        this.set(metrics.#inFlight);
      },
    });
    this.#renderSeconds = new Histogram({
      name: 'portal_render_duration_seconds',
      help: 'React render of a document (after its data loaded), in seconds, by route',
      labelNames: ['route'],
      buckets: RENDER_BUCKETS,
      registers,
    });
    this.#cmsRequests = new Counter({
      name: 'portal_cms_requests_total',
      help: 'HTTP exchanges with the CMS by endpoint (API path without ids), method and outcome',
      labelNames: ['endpoint', 'method', 'outcome'],
      registers,
    });
    this.#cmsSeconds = new Histogram({
      name: 'portal_cms_request_duration_seconds',
      help: 'Duration of HTTP exchanges with the CMS, in seconds, by endpoint',
      labelNames: ['endpoint'],
      buckets: CMS_BUCKETS,
      registers,
    });
    this.#cmsErrors = new Counter({
      name: 'portal_cms_errors_total',
      help: 'CMS calls that failed for their caller, by endpoint and error name',
      labelNames: ['endpoint', 'name'],
      registers,
    });
    new Counter({
      name: 'portal_page_cache_lookups_total',
      help: 'Rendered-page cache lookups by result (hit, stale, revalidate, miss)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        for (const [result, count] of Object.entries(metrics.#pageCacheLookups)) {
          if (count > 0) this.inc({ result }, count);
        }
      },
    });
    this.#rateLimited = new Counter({
      name: 'portal_rate_limited_total',
      help: 'Requests refused or flagged by a rate limit, by limit',
      labelNames: ['limit'],
      registers,
    });
    new Counter({
      name: 'portal_analytics_batches_total',
      help: 'Analytics batches sent to the CMS, by outcome (forwarded, dropped)',
      labelNames: ['outcome'],
      registers,
      collect() {
        const totals = metrics.#analytics;
        if (!totals) return;
        this.reset();
        this.inc({ outcome: 'forwarded' }, totals.forwardedBatches);
        this.inc({ outcome: 'dropped' }, totals.droppedBatches);
      },
    });
    new Counter({
      name: 'portal_analytics_events_total',
      help: 'Analytics events sent to the CMS, by outcome (forwarded, dropped)',
      labelNames: ['outcome'],
      registers,
      collect() {
        const totals = metrics.#analytics;
        if (!totals) return;
        this.reset();
        this.inc({ outcome: 'forwarded' }, totals.forwarded);
        this.inc({ outcome: 'dropped' }, totals.dropped);
      },
    });
    this.#push = new Counter({
      name: 'portal_push_subscription_requests_total',
      help: 'Push subscription changes passed to the CMS, by action and outcome (ok, refused, failed)',
      labelNames: ['action', 'outcome'],
      registers,
    });
    this.#draining = new Gauge({
      name: 'portal_draining',
      help: '1 once the instance drains for shutdown, else 0',
      registers,
    });
    this.#draining.set(0);
    new Gauge({
      name: 'portal_ready',
      help: 'Readiness at scrape time, as /health/ready answers it (1 ready, 0 not ready)',
      registers,
      async collect() {
        const report = await metrics.#checkReadiness();
        if (report) this.set(report.ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'portal_dependency_up',
      help: 'Whether a dependency answered the readiness check at scrape time (1) or not (0)',
      labelNames: ['dependency'],
      registers,
      async collect() {
        const report = await metrics.#checkReadiness();
        this.reset();
        if (report?.cms !== undefined) this.set({ dependency: 'cms' }, report.cms ? 1 : 0);
        if (report?.redis !== undefined) this.set({ dependency: 'redis' }, report.redis ? 1 : 0);
      },
    });
  }

  /**
   * The readiness report for this scrape: prom-client collects all metrics at once, so both
   * readiness gauges share one check while it runs. Undefined without {@link watchReadiness}.
   */
  #checkReadiness(): Promise<ReadinessReport | undefined> {
    const check = this.#readiness;
    if (!check) return Promise.resolve(undefined);
    if (this.#readinessCheck === undefined) {
      const running = check().finally(() => {
        if (this.#readinessCheck === running) this.#readinessCheck = undefined;
      });
      this.#readinessCheck = running;
    }
    return this.#readinessCheck;
  }

  /** A request began; pair with {@link requestEnded}. */
  requestStarted(): void {
    this.#inFlight += 1;
  }

  /**
   * A request ended.
   * @param route its route label (see the module comment; bounded by the caller)
   * @param method HTTP method (anything but GET, HEAD and POST is counted as `OTHER`)
   * @param status the status sent, or 499 when the client closed the connection first
   * @param seconds time from arrival to the last byte
   */
  requestEnded(route: string, method: string, status: number, seconds: number): void {
    this.#inFlight -= 1;
    let byRoute = this.#requestChildren.get(route);
    if (byRoute === undefined) {
      byRoute = new Map();
      this.#requestChildren.set(route, byRoute);
    }
    const index = methodIndex(method);
    const key = status * 4 + index;
    let children = byRoute.get(key);
    if (children === undefined) {
      const label = this.#routes.label(route);
      children = {
        labels: { route: label, method: METHODS[index]!, status: String(status) },
        count: 0,
        duration: this.#requestSeconds.labels({ route: label }),
      };
      byRoute.set(key, children);
    }
    children.count += 1;
    children.duration.observe(seconds);
  }

  /** A document of `route` was rendered in `seconds` (React only; its data had loaded). */
  rendered(route: string, seconds: number): void {
    let child = this.#renderChildren.get(route);
    if (child === undefined) {
      child = this.#renderSeconds.labels({ route: this.#routes.label(route) });
      this.#renderChildren.set(route, child);
    }
    child.observe(seconds);
  }

  /** The endpoint label of an API path (parsed once per path; at most 2000 paths remembered). */
  #endpoint(path: string): string {
    let label = this.#endpointOf.get(path);
    if (label === undefined) {
      label = this.#endpoints.label(cmsEndpointLabel(path));
      if (this.#endpointOf.size >= 2000) this.#endpointOf.clear();
      this.#endpointOf.set(path, label);
    }
    return label;
  }

  /**
   * One HTTP exchange with the CMS ended.
   * @param path the API path after `/api` (ids are taken out of the label)
   * @param seconds its duration
   */
  cmsCall(path: string, method: string, outcome: CmsOutcome, seconds: number): void {
    const endpoint = this.#endpoint(path);
    this.#cmsRequests.inc({ endpoint, method, outcome });
    this.#cmsSeconds.observe({ endpoint }, seconds);
  }

  /** A CMS call failed for its caller with a StrapiError named `name`. */
  cmsError(path: string, name: string): void {
    this.#cmsErrors.inc({ endpoint: this.#endpoint(path), name });
  }

  /** A rendered-page cache lookup found `state` (`fresh` is counted as `hit`). */
  pageCache(state: PageCacheLookup): void {
    this.#pageCacheLookups[state === 'fresh' ? 'hit' : state] += 1;
  }

  /** A rate limit refused (or, for a form post, flagged) a request. */
  rateLimited(limit: RateLimitName): void {
    this.#rateLimited.inc({ limit });
  }

  /** A push subscription change (`register`, `refresh`, `unregister`) ended with `outcome`. */
  pushSubscription(action: string, outcome: 'ok' | 'refused' | 'failed'): void {
    this.#push.inc({ action, outcome });
  }

  /** Sets the drain state (`portal_draining`). */
  setDraining(draining: boolean): void {
    this.#draining.set(draining ? 1 : 0);
  }

  /** Reads the forwarder's totals at every scrape. */
  watchAnalytics(totals: AnalyticsTotals): void {
    this.#analytics = totals;
  }

  /** Runs the readiness check at every scrape (`portal_ready`, `portal_dependency_up`). */
  watchReadiness(check: () => Promise<ReadinessReport>): void {
    this.#readiness = check;
  }
}
