/**
 * `/health` (liveness: the process answers; never touches the CMS) and `/health/ready`
 * (readiness: 503 while the CMS is unreachable or the instance is draining for shutdown, so load
 * balancers stop routing to it). With Redis configured, readiness also reports it
 * (`"redis": "up" | "down"`); a Redis that is down makes the answer `"status": "degraded"` but
 * keeps it 200, because pages still work without it (rate limits fail open, content changes reach
 * the other instances once it is back; docs/decisions/057-many-instances.md).
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
    res.set('Cache-Control', NO_STORE);
    if (options.isDraining?.()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const redisCheck = options.redisUp?.();
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
    const redis = redisCheck === undefined ? {} : { redis: (await redisCheck) ? 'up' : 'down' };
    if (!cmsUp) {
      res.status(503).json({ status: 'unavailable', cms: 'down', ...redis });
      return;
    }
    res.json({ status: redis.redis === 'down' ? 'degraded' : 'ready', cms: 'up', ...redis });
  });
  return router;
}
