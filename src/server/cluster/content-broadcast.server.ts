/**
 * Tells every portal instance that CMS content changed (docs/decisions/057-many-instances.md).
 *
 * The CMS webhook reaches one instance; that instance drops its own caches and publishes
 * `{ origin, at }` on the Redis channel {@link CONTENT_CHANNEL}. Every other instance receives it
 * and drops its caches and refreshes its search index too; an instance ignores its own message.
 * Without Redis only the local change runs, as on a single machine.
 */
import { randomUUID } from 'node:crypto';
import type { RedisConnections } from './redis.server.ts';

/** The pub/sub channel of content changes. */
export const CONTENT_CHANNEL = 'portal:content-changed';

export interface ContentBroadcast {
  /** Runs the local change now and tells the other instances. Never throws. */
  changed: () => void;
  /** Stops listening. */
  close: () => Promise<void>;
}

/**
 * @param onChange drops this instance's caches (called for local and remote changes)
 * @param redis the shared connections, or undefined on a single machine
 */
export function contentBroadcast(
  onChange: () => void,
  redis: RedisConnections | undefined,
): ContentBroadcast {
  const origin = randomUUID();
  if (!redis) return { changed: onChange, close: async () => {} };
  const { subscriber, commands } = redis;
  subscriber
    .subscribe(CONTENT_CHANNEL)
    .catch((error: unknown) => redis.warn(error, 'Redis: subscribe failed'));
  const onMessage = (channel: string, message: string): void => {
    if (channel !== CONTENT_CHANNEL) return;
    try {
      if ((JSON.parse(message) as { origin?: unknown }).origin === origin) return;
    } catch {
      // A message we cannot read still means content changed.
    }
    onChange();
  };
  subscriber.on('message', onMessage);
  return {
    changed: () => {
      onChange();
      commands
        .publish(CONTENT_CHANNEL, JSON.stringify({ origin, at: Date.now() }))
        .catch((error: unknown) => redis.warn(error, 'Redis unreachable: content change not shared'));
    },
    close: async () => {
      subscriber.off('message', onMessage);
    },
  };
}
