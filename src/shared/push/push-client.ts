/**
 * Web Push in the browser (runs only in event handlers and effects, never on the server): asking
 * permission, the push token (the `PushSubscription`), and registering it with the portal
 * (`POST /push/subscription`, src/server/push/push-router.server.ts) by the product
 * specification's rules (docs/product.md, sections 4, 8 and 9):
 *
 * - permission is asked only while it is `default`; any answer but `granted` is refused with
 *   {@link PushError} `permission-blocked`;
 * - the token is returned only when permission is granted and a service worker is available,
 *   otherwise null;
 * - a registration call gives up after {@link PUSH_REGISTRATION_TIMEOUT_MS}; a 409 on register
 *   removes the existing entry and registers again; a 401 or 404 on refresh removes the entry (and
 *   registers anew); a 5xx is retried once;
 * - the token is refreshed after 7 days (1 hour margin): {@link refreshPushIfDue} on page load.
 * What this browser registered is kept in localStorage under {@link PUSH_STATE_KEY}.
 */

import { PUSH_STATE_CACHE, PUSH_STATE_KEY, PUSH_STATE_URL } from './push-state-key.ts';
import {
  PUSH_REFRESH_AFTER_MS,
  PUSH_REFRESH_MARGIN_MS,
  PUSH_REGISTRATION_TIMEOUT_MS,
  type PushTopic,
} from './push-subscription.ts';
import { vapidKeyBytes } from './vapid-key.ts';

export { PUSH_STATE_KEY };

/** Why push could not be turned on (each has a translated message: `push.errors.<code>`). */
export type PushErrorCode =
  | 'unsupported'
  | 'permission-blocked'
  | 'service-worker-failed'
  | 'subscribe-failed'
  | 'update-failed'
  | 'unsubscribe-failed'
  | 'off';

/** A push failure with its code; `message` is the spec's English text for `permission-blocked`. */
export class PushError extends Error {
  readonly code: PushErrorCode;
  constructor(code: PushErrorCode, message: string = code) {
    super(message);
    this.name = 'PushError';
    this.code = code;
  }
}

/** The spec's refusal text (translated on the page: `push.errors.permission-blocked`). */
export const PERMISSION_BLOCKED = 'The notification permission was not granted and blocked instead.';

/** This browser's registration, as stored. */
export interface PushState {
  endpoint: string;
  topics: PushTopic[];
  locale: 'nl' | 'en';
  /** ms since the epoch of the last register or refresh. */
  registeredAt: number;
}

/** True when this browser has everything Web Push needs. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The stored registration, or null. */
export function storedPushState(): PushState | null {
  try {
    const raw = localStorage.getItem(PUSH_STATE_KEY);
    return raw ? (JSON.parse(raw) as PushState) : null;
  } catch {
    return null;
  }
}

function storePushState(state: PushState | null): void {
  try {
    if (state) localStorage.setItem(PUSH_STATE_KEY, JSON.stringify(state));
    else localStorage.removeItem(PUSH_STATE_KEY);
  } catch {
    // Private mode without storage: the registration still works, it is only not remembered.
  }
  // The service worker has no localStorage: it reads the topics and language from Cache Storage
  // when the browser replaces the subscription (src/client/service-worker-push.ts).
  if (typeof caches !== 'undefined') {
    void caches
      .open(PUSH_STATE_CACHE)
      .then((cache) =>
        state
          ? cache.put(
              PUSH_STATE_URL,
              new Response(JSON.stringify({ topics: state.topics, locale: state.locale })),
            )
          : cache.delete(PUSH_STATE_URL).then(() => undefined),
      )
      .catch(() => undefined);
  }
}

/**
 * Asks for permission when it is `default`.
 * @throws PushError `unsupported`, or `permission-blocked` for any answer but `granted`
 */
export async function ensurePushPermission(): Promise<void> {
  if (!pushSupported()) throw new PushError('unsupported');
  const answer =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (answer !== 'granted') throw new PushError('permission-blocked', PERMISSION_BLOCKED);
}

/**
 * The push token: this browser's subscription for `publicKey` (made when there is none), or null
 * when permission is not granted or no service worker controls the site.
 * @throws PushError `subscribe-failed` when the browser refuses to subscribe
 */
export async function pushToken(publicKey: string): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  try {
    const existing = await registration.pushManager.getSubscription();
    return (
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: vapidKeyBytes(publicKey),
      }))
    );
  } catch {
    throw new PushError('subscribe-failed');
  }
}

/** One call of `POST /push/subscription`; a 5xx is retried once. @returns the status */
async function call(
  action: 'register' | 'refresh' | 'unregister',
  subscription: PushSubscriptionJSON,
  topics: PushTopic[],
  locale: 'nl' | 'en',
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch('/push/subscription', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action, subscription, topics, locale }),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(PUSH_REGISTRATION_TIMEOUT_MS),
    });
    if (response.status < 500 || attempt === 1) return response.status;
  }
}

/**
 * Registers the token with the portal (409: the old entry is removed and it registers again).
 * @throws PushError `subscribe-failed` when the portal does not take it
 */
export async function registerPush(
  subscription: PushSubscription,
  topics: PushTopic[],
  locale: 'nl' | 'en',
): Promise<void> {
  const json = subscription.toJSON();
  let status = await call('register', json, topics, locale).catch(() => 0);
  if (status === 409) {
    await call('unregister', json, topics, locale).catch(() => 0);
    status = await call('register', json, topics, locale).catch(() => 0);
  }
  if (status !== 201) throw new PushError('subscribe-failed');
  storePushState({ endpoint: json.endpoint ?? '', topics, locale, registeredAt: Date.now() });
}

/**
 * Refreshes the registration (new topics or language, or the 7-day refresh). A 401 or 404 removes
 * the stored entry and registers anew.
 * @throws PushError `update-failed`
 */
export async function refreshPush(
  subscription: PushSubscription,
  topics: PushTopic[],
  locale: 'nl' | 'en',
): Promise<void> {
  const json = subscription.toJSON();
  const status = await call('refresh', json, topics, locale).catch(() => 0);
  if (status === 401 || status === 404) {
    storePushState(null);
    await registerPush(subscription, topics, locale).catch(() => {
      throw new PushError('update-failed');
    });
    return;
  }
  if (status !== 200) throw new PushError('update-failed');
  storePushState({ endpoint: json.endpoint ?? '', topics, locale, registeredAt: Date.now() });
}

/**
 * Turns push off: the portal forgets the token and the browser unsubscribes.
 * @throws PushError `unsubscribe-failed`
 */
export async function unregisterPush(subscription: PushSubscription | null): Promise<void> {
  const state = storedPushState();
  if (subscription) {
    const status = await call(
      'unregister',
      subscription.toJSON(),
      state?.topics ?? ['all'],
      state?.locale ?? 'nl',
    ).catch(() => 0);
    if (status !== 204) throw new PushError('unsubscribe-failed');
    await subscription.unsubscribe().catch(() => undefined);
  }
  storePushState(null);
}

/**
 * On page load: refreshes this browser's registration when it is older than 7 days minus the
 * 1-hour margin. Failures are ignored (the next load tries again).
 */
export async function refreshPushIfDue(now = Date.now()): Promise<void> {
  const state = storedPushState();
  if (!state || now - state.registeredAt < PUSH_REFRESH_AFTER_MS - PUSH_REFRESH_MARGIN_MS) return;
  try {
    const config = (await (await fetch('/push/config')).json()) as { publicKey?: string };
    if (!config.publicKey) return;
    const subscription = await pushToken(config.publicKey);
    if (subscription) await refreshPush(subscription, state.topics, state.locale);
  } catch {
    // Ignored: nothing is shown for a background refresh.
  }
}
