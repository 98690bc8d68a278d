/**
 * Stage 4 of the app (src/server/app.ts): what ops and the browser's own code ask of the build.
 * `/health` and `/health/ready` (http/health.server.ts; readiness is "this replica can serve",
 * decision 107) with readiness watched by the metrics, each page's files for the prefetcher
 * (`/__page-assets/…`, decision 108), and `/builds/latest.json`, the build id a tab compares with
 * its own (decision 059).
 */
import { type RequestHandler, Router } from 'express';
import type { RedisConnections } from '../cluster/redis.server.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import type { ClientAssets } from '../context.server.ts';
import { REVALIDATE } from '../http/cache-policy.server.ts';
import { checkReadiness, type HealthOptions, healthRouter } from '../http/health.server.ts';
import type { PortalMetrics } from '../metrics/portal-metrics.server.ts';
import { pageAssetsRouter } from '../render/page-assets.server.ts';

export interface HealthStageOptions {
  /** The portal's version (package.json). */
  version: string;
  buildId: string;
  /** The CMS's base URL; readiness asks its `/_health`. */
  strapiUrl: string;
  /** The app's CMS client: its last known answers keep a warm replica ready (decision 107). */
  strapi: StrapiClient;
  /** Redis, when configured: readiness pings it. */
  redis: RedisConnections | undefined;
  metrics: PortalMetrics;
  assets: ClientAssets;
  /** Whether the app drains for shutdown (readiness then answers 503). */
  isDraining: () => boolean;
}

/**
 * The health, page-file and build-id routes; starts the metrics' readiness watch.
 * @returns Handlers for `app.use(...)`.
 */
export function healthStage(input: HealthStageOptions): RequestHandler[] {
  const { strapi, metrics, assets } = input;
  const health: HealthOptions = {
    version: input.version,
    buildId: input.buildId,
    strapiUrl: input.strapiUrl,
    isDraining: input.isDraining,
    redisUp: input.redis?.ping,
    // Warm: it has answers to serve while the CMS is away (decision 107).
    canServeWithoutCms: () => strapi.lastKnownAnswers > 0,
  };
  metrics.watchReadiness(() => checkReadiness(health));
  const latest = Router();
  latest.get('/builds/latest.json', (_req, res) => {
    res.set('Cache-Control', REVALIDATE).json({ id: health.buildId });
  });
  return [healthRouter(health), pageAssetsRouter({ assets, buildId: health.buildId }), latest];
}
