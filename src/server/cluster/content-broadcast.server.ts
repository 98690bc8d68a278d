/**
 * Tells every portal instance that CMS content changed (docs/decisions/057-many-instances.md).
 *
 * The CMS webhook reaches one instance; that instance drops its own caches and publishes
 * `{ origin, at, change }` on the Redis channel {@link CONTENT_CHANNEL}, `change` being the entry
 * the webhook named (`{ event, uid, documentId }`) or absent. Every other instance receives it and
 * drops its caches and updates its search index too (just that entry when one is named,
 * docs/decisions/066-postgres-full-text-search.md); an instance ignores its own message.
 * Without Redis only the local change runs, as on a single machine.
 */
import { randomUUID } from 'node:crypto';
import type { ContentChange } from '../search/documents.server.ts';
import type { RedisConnections } from './redis.server.ts';

/** The pub/sub channel of content changes. */
export const CONTENT_CHANNEL = 'portal:content-changed';

export interface ContentBroadcast {
  /** Runs the local change now and tells the other instances. Never throws. */
  changed: (change?: ContentChange) => void;
  /** Stops listening. */
  close: () => Promise<void>;
}

/** The change a message carries, when it is well formed. */
function changeOf(value: unknown): ContentChange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { event, uid, documentId } = value as Record<string, unknown>;
  return typeof event === 'string' &&
    typeof uid === 'string' &&
    typeof documentId === 'string' &&
    documentId !== ''
    ? { event, uid, documentId }
    : undefined;
}

/**
 * @param onChange drops this instance's caches (called for local and remote changes)
 * @param redis the shared connections, or undefined on a single machine
 */
export function contentBroadcast(
  onChange: (change?: ContentChange) => void,
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
    let change: ContentChange | undefined;
    try {
      const parsed = JSON.parse(message) as { origin?: unknown; change?: unknown };
      if (parsed.origin === origin) return;
      change = changeOf(parsed.change);
    } catch {
      // A message we cannot read still means content changed.
    }
    onChange(change);
  };
  subscriber.on('message', onMessage);
  return {
    changed: (change) => {
      onChange(change);
      commands
        .publish(CONTENT_CHANNEL, JSON.stringify({ origin, at: Date.now(), ...(change ? { change } : {}) }))
        .catch((error: unknown) => redis.warn(error, 'Redis unreachable: content change not shared'));
    },
    close: async () => {
      subscriber.off('message', onMessage);
    },
  };
}
