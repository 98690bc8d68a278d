/**
 * Where rate-limit counters live: in this process (one instance), or in Redis when `REDIS_URL` is
 * set, so every instance behind the load balancer counts the same attempts
 * (docs/decisions/057-many-instances.md).
 *
 * Both kinds of limit use rate-limiter-flexible: its `RateLimiterRedis` runs each count as one Lua
 * script and refuses at once while Redis is not connected (`rejectIfRedisNotReady`). The per-IP
 * limits of express-rate-limit reach it through {@link FlexibleStore}, an express-rate-limit store;
 * a store error lets the request through (express-rate-limit's `passOnStoreError`), logged by
 * {@link storeErrorLogger} at most every 30 s.
 */
import type {
  ClientRateLimitInfo,
  IncrementResponse,
  Logger as RateLimitLogger,
  Store,
} from 'express-rate-limit';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisConnections } from './redis.server.ts';

/** A rate-limiter-flexible limiter, in memory or in Redis. */
export type Limiter = RateLimiterMemory | RateLimiterRedis;

/**
 * A limiter of `points` per `durationS` seconds under `keyPrefix`: in Redis when `redis` is
 * given, else in this process.
 */
export function createLimiter(
  options: { keyPrefix: string; points: number; durationS: number },
  redis: RedisConnections | undefined,
): Limiter {
  const base = { keyPrefix: options.keyPrefix, points: options.points, duration: options.durationS };
  if (!redis) return new RateLimiterMemory(base);
  return new RateLimiterRedis({
    ...base,
    keyPrefix: `portal:${options.keyPrefix}`,
    storeClient: redis.commands,
    rejectIfRedisNotReady: true,
  });
}

/** express-rate-limit's view of a counter. */
function infoOf(result: RateLimiterRes): ClientRateLimitInfo {
  return { totalHits: result.consumedPoints, resetTime: new Date(Date.now() + result.msBeforeNext) };
}

/**
 * An express-rate-limit store over a rate-limiter-flexible limiter. The window is the limiter's
 * duration; `increment` never refuses by itself (express-rate-limit compares the hits with its
 * own `limit`).
 */
export class FlexibleStore implements Store {
  readonly #limiter: Limiter;
  /** Counters are kept per limiter prefix, so one Redis serves every instance. */
  readonly localKeys = false;
  readonly prefix: string;

  constructor(limiter: Limiter) {
    this.#limiter = limiter;
    this.prefix = limiter.keyPrefix;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await this.#limiter.get(key);
    return result ? infoOf(result) : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    return infoOf(await this.#limiter.penalty(key, 1));
  }

  async decrement(key: string): Promise<void> {
    await this.#limiter.reward(key, 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

/**
 * express-rate-limit's logger for store errors: one warning per 30 s through `redis.warn`, or the
 * pino `logger` when the counters are local (a local store does not fail).
 */
export function storeErrorLogger(
  redis: RedisConnections | undefined,
  logger: { warn: (object: object, message: string) => void },
): RateLimitLogger {
  const log = (error: unknown, message?: string) =>
    redis
      ? redis.warn(error, 'Redis unreachable: rate limits fail open')
      : logger.warn({ err: error instanceof Error ? error.message : String(error) }, message ?? 'rate limit');
  return { error: log, warn: log };
}
