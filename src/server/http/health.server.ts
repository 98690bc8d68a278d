/**
 * `/health` (liveness: the process answers; never touches the CMS) and `/health/ready`
 * (readiness: "this replica can serve"; docs/decisions/107-readiness-can-serve.md):
 * - draining for shutdown: 503 `"draining"`, so load balancers stop routing to it;
 * - the CMS unreachable and nothing to serve (the replica never had an answer from it): 503
 *   `"unavailable"`;
 * - the CMS unreachable but the replica warm (it holds last known answers, decision 046): 200
 *   `"degraded"` with `"cms": "down"`, because it serves its last known pages; were this a 503,
 *   a CMS outage would take every replica out of its Service at once;
 * - with Redis configured it is reported too (`"redis": "up" | "down"`); a Redis that is down
 *   also makes the answer `"degraded"` and keeps it 200, because pages still work without it
 *   (rate limits fail open, content changes reach the other instances once it is back;
 *   docs/decisions/057-many-instances.md).
 */
import { Router } from 'express';
import { request } from 'undici';
import { NO_STORE } from './cache-policy.server.ts';

export interface HealthOptions {
  version: string;
  buildId: string;
  /** Strapi base URL; readiness asks its `/_health` endpoint. */
  strapiUrl: string;
  /** Readiness probe timeout in ms (default 2000). */
  timeoutMs?: number;
  /** True once shutdown has begun: readiness answers 503 from that moment on. */
  isDraining?: () => boolean;
  /** Asks Redis (`PING`) when it is configured; resolves false when it is down. */
  redisUp?: () => Promise<boolean>;
  /**
   * True when the replica can serve pages without the CMS: it holds last known answers (the CMS
   * client's stale-if-error cache, the page cache). Absent: never (a CMS outage is then 503).
   */
  canServeWithoutCms?: () => boolean;
}

/** What a readiness check found: the answer of `/health/ready` and the state of each part. */
export interface Readiness {
  /** 200 when ready (or degraded), 503 when not. */
  status: 200 | 503;
  body: {
    status: 'ready' | 'degraded' | 'unavailable' | 'draining';
    cms?: 'up' | 'down';
    redis?: 'up' | 'down';
  };
  /** Ready to take traffic (`status` 200). */
  ready: boolean;
  /** The CMS answered its `/_health`; absent while draining (not asked). Ops read it (body,
   * `portal_dependency_up`) to see an outage that a warm replica rides out. */
  cms?: boolean;
  /** Redis answered `PING`; absent when Redis is not configured or while draining. */
  redis?: boolean;
}

/**
 * Runs the readiness check: not ready while draining (nothing asked), or while the CMS's
 * `/_health` fails or answers 5xx within `timeoutMs` and the replica has nothing to serve
 * without it (`canServeWithoutCms`); a warm replica is then degraded, as is one whose Redis is
 * down. Used by
 * `/health/ready` and by the `portal_ready` metric (src/server/metrics/portal-metrics.server.ts).
 * Never throws.
 */
export async function checkReadiness(options: HealthOptions): Promise<Readiness> {
  if (options.isDraining?.()) {
    return { status: 503, body: { status: 'draining' }, ready: false };
  }
  const redisCheck = options.redisUp?.().catch(() => false);
  let cmsUp = true;
  try {
    const response = await request(new URL('/_health', options.strapiUrl), {
      method: 'HEAD',
      signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
    });
    await response.body.dump();
    if (response.statusCode >= 500) throw new Error(`CMS answered ${response.statusCode}`);
  } catch {
    cmsUp = false;
  }
  const redisUp = redisCheck === undefined ? undefined : await redisCheck;
  const redis = redisUp === undefined ? {} : { redis: redisUp ? ('up' as const) : ('down' as const) };
  const parts = redisUp === undefined ? { cms: cmsUp } : { cms: cmsUp, redis: redisUp };
  if (!cmsUp && !options.canServeWithoutCms?.()) {
    return { status: 503, body: { status: 'unavailable', cms: 'down', ...redis }, ready: false, ...parts };
  }
  return {
    status: 200,
    body: {
      status: cmsUp && redisUp !== false ? 'ready' : 'degraded',
      cms: cmsUp ? 'up' : 'down',
      ...redis,
    },
    ready: true,
    ...parts,
  };
}

/** Router with both health endpoints. */
export function healthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', NO_STORE).json({
      status: 'ok',
      version: options.version,
      buildId: options.buildId,
      uptime: Math.round(process.uptime()),
    });
  });
  router.get('/health/ready', async (_req, res) => {
    const readiness = await checkReadiness(options);
    res.set('Cache-Control', NO_STORE).status(readiness.status).json(readiness.body);
  });
  return router;
}
