/**
 * The portal's Redis connections (ioredis), when `REDIS_URL` is set: state that several portal
 * instances behind one load balancer share (docs/decisions/057-many-instances.md).
 *
 * - `commands`: rate-limit counters. Its commands fail at once while Redis is unreachable (no
 *   offline queue) and after {@link COMMAND_TIMEOUT_MS}, so a request never waits on Redis; the
 *   callers then let the request through (fail open) and log a warning.
 * - `subscriber`: the pub/sub connection of the content broadcast (a connection in subscriber
 *   mode can do nothing else); it reconnects and resubscribes by itself.
 * Both reconnect with ioredis's back-off. Without `REDIS_URL` nothing here is created and the
 * portal keeps all state in its own process.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Longest a rate-limit command may take, in ms, before the request goes on without it. */
export const COMMAND_TIMEOUT_MS = 500;
/** Longest the readiness probe waits for `PING`, in ms. */
const PING_TIMEOUT_MS = 1000;
/** Log a lost connection at most this often, in ms (reconnects retry every few 100 ms). */
const WARN_EVERY_MS = 30_000;

export interface RedisConnections {
  /** Commands (rate limits). */
  commands: Redis;
  /** Pub/sub subscriber. */
  subscriber: Redis;
  /** True when `PING` answers within a second. */
  ping: () => Promise<boolean>;
  /**
   * Logs `message` as a warning, at most every 30 s per message (Redis down: every request would
   * log otherwise).
   */
  warn: (error: unknown, message: string) => void;
  /** Closes both connections. */
  close: () => Promise<void>;
}

/**
 * Opens both connections to `url` (`redis://[user:password@]host:port[/db]`, or `rediss://`).
 * They connect in the background: a Redis that is down at start is not an error.
 */
export function connectRedis(url: string, logger: Logger): RedisConnections {
  const lastWarned = new Map<string, number>();
  const warn = (error: unknown, message: string): void => {
    const now = Date.now();
    if (now - (lastWarned.get(message) ?? 0) < WARN_EVERY_MS) return;
    lastWarned.set(message, now);
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, message);
  };
  const commands = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    lazyConnect: false,
  });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  commands.on('error', (error) => warn(error, 'Redis unreachable: rate limits fail open'));
  subscriber.on('error', (error) => warn(error, 'Redis unreachable: content changes are not shared'));
  commands.on('ready', () => logger.info('Redis connected'));
  return {
    commands,
    subscriber,
    warn,
    ping: async () => {
      if (commands.status !== 'ready') return false;
      try {
        const answer = await Promise.race([
          commands.ping(),
          new Promise<never>((_resolve, reject) =>
            setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref(),
          ),
        ]);
        return answer === 'PONG';
      } catch {
        return false;
      }
    },
    close: async () => {
      commands.disconnect();
      subscriber.disconnect();
    },
  };
}
