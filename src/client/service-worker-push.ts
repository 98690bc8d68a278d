/**
 * The service worker's Web Push handlers (docs/decisions/060-web-push.md; Push API,
 * https://www.w3.org/TR/push-api/, and Notifications API, https://notifications.spec.whatwg.org/):
 *
 * - `push`: shows the message the CMS sent (title, body, image, icon, link, analytics label:
 *   cms/src/lib/push.js `messageOf`) as a notification.
 * - `notificationclick`: focuses a tab on the link or opens one, and records a `Marketing` event
 *   with the notification's analytics label (docs/analytics.md), through the portal's
 *   `POST /statistics` like the page's queue, only when the visitor has an analytics session
 *   cookie (none under Global Privacy Control, Do Not Track or the opt-out).
 * - `pushsubscriptionchange`: the browser replaced the subscription; the new one is registered
 *   with the same topics and language (kept by the page in Cache Storage, {@link PUSH_STATE_CACHE}),
 *   and the old one unregistered.
 */
import { ANALYTICS_SESSION_COOKIE, parseAnalyticsSession } from '../shared/analytics/events.ts';
import { PUSH_STATE_CACHE, PUSH_STATE_URL } from '../shared/push/push-state-key.ts';
import type { PushTopic } from '../shared/push/push-subscription.ts';
import { vapidKeyBytes } from '../shared/push/vapid-key.ts';

/** What the CMS sends (all optional: a malformed message still shows something). */
export interface PushMessage {
  title?: string;
  body?: string;
  image?: string;
  icon?: string;
  link?: string;
  analyticsLabel?: string;
  data?: { link?: string; analyticsLabel?: string; id?: string };
}

/** The worker scope and events these handlers use (TypeScript's DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEventLike extends ExtendableEvent {
  readonly notification: { close(): void; readonly data: unknown };
}
interface SubscriptionChangeEventLike extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}
export interface PushWorkerScope {
  readonly location: { origin: string };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions & { image?: string }): Promise<void>;
    readonly pushManager: PushManager;
  };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  readonly cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: SubscriptionChangeEventLike) => void,
  ): void;
}

/** Title shown when a message has none. */
const FALLBACK_TITLE = 'Logistiek & E-commerce Nieuws';
/** The app icon the build generates (scripts/lib/web-app.ts). */
const DEFAULT_ICON = '/icons/icon-192.png';

/** The message of a push event; text that is not JSON becomes the body. */
export function readPushMessage(event: PushEventLike): PushMessage {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? (value as PushMessage) : {};
  } catch {
    return { body: event.data.text() };
  }
}

/** The link of a notification on this site, or null for another origin or a bad value. */
function sameOriginPath(link: string, origin: string): string | null {
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** Posts a `Marketing` event for a notification click when the visitor has an analytics session. */
async function recordClick(scope: PushWorkerScope, label: string | undefined, link: string): Promise<void> {
  const cookie = await scope.cookieStore?.get(ANALYTICS_SESSION_COOKIE).catch(() => null);
  const session = parseAnalyticsSession(cookie?.value ? decodeURIComponent(cookie.value) : undefined);
  if (!session) return;
  const path = sameOriginPath(link, scope.location.origin);
  await fetch('/statistics', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({
      data: {
        session: session.id,
        events: [
          { eventType: 'Marketing', label: (label ?? 'push').slice(0, 100), ...(path ? { url: path } : {}) },
        ],
      },
    }),
  }).catch(() => undefined);
}

/** Focuses an open tab on `url`, or opens one. */
async function openLink(scope: PushWorkerScope, url: string): Promise<void> {
  const open = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = open.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  await scope.clients.openWindow(url);
}

/** Registers the browser's replacement subscription with the same topics and language. */
async function resubscribe(scope: PushWorkerScope, event: SubscriptionChangeEventLike): Promise<void> {
  const kept = await (await caches.open(PUSH_STATE_CACHE)).match(PUSH_STATE_URL);
  if (!kept) return;
  const state = (await kept.json()) as { topics: PushTopic[]; locale: 'nl' | 'en' };
  let subscription = event.newSubscription ?? null;
  if (!subscription) {
    const config = (await (await fetch('/push/config')).json()) as { publicKey?: string };
    if (!config.publicKey) return;
    subscription = await scope.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(config.publicKey),
    });
  }
  const post = (action: 'register' | 'unregister', value: PushSubscriptionJSON) =>
    fetch('/push/subscription', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ action, subscription: value, topics: state.topics, locale: state.locale }),
    });
  if (event.oldSubscription) await post('unregister', event.oldSubscription.toJSON()).catch(() => undefined);
  await post('register', subscription.toJSON());
}

/** Adds the `push`, `notificationclick` and `pushsubscriptionchange` handlers to the worker. */
export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = readPushMessage(event);
    const link = message.link ?? message.data?.link ?? '/';
    event.waitUntil(
      scope.registration.showNotification(message.title || FALLBACK_TITLE, {
        body: message.body ?? '',
        icon: message.icon || DEFAULT_ICON,
        ...(message.image ? { image: message.image } : {}),
        tag: message.data?.id,
        data: { link, analyticsLabel: message.analyticsLabel ?? message.data?.analyticsLabel },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = (event.notification.data ?? {}) as { link?: string; analyticsLabel?: string };
    const url = new URL(data.link ?? '/', scope.location.origin).href;
    event.waitUntil(Promise.all([openLink(scope, url), recordClick(scope, data.analyticsLabel, url)]));
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(resubscribe(scope, event).catch(() => undefined));
  });
}
