/**
 * The registration rules of the browser's push code (src/shared/push/push-client.ts; the spec's
 * sections 8 and 9): a 409 on register removes the entry and registers again, a 5xx is retried
 * once, a 401 or 404 on refresh removes the entry and registers anew, and the refresh is due after
 * 7 days less the 1-hour margin. `fetch` answers as the portal would; localStorage is a Map.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PUSH_STATE_KEY,
  PushError,
  refreshPush,
  refreshPushIfDue,
  registerPush,
  storedPushState,
} from '../../src/shared/push/push-client.ts';

const json = {
  endpoint: 'https://push.example/abc',
  keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
};
const subscription = { toJSON: () => json, unsubscribe: async () => true } as unknown as PushSubscription;

/** `fetch` answering `/push/subscription` with the next status of `statuses`, recording the actions. */
function portalAnswers(statuses: number[]) {
  const actions: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      actions.push((JSON.parse(String(init?.body)) as { action: string }).action);
      return new Response(null, { status: statuses.shift() ?? 500 });
    }),
  );
  return actions;
}

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registering a push token', () => {
  it('stores the registration after a 201', async () => {
    const actions = portalAnswers([201]);
    await registerPush(subscription, ['logistiek'], 'nl');
    expect(actions).toEqual(['register']);
    expect(storedPushState()).toMatchObject({ endpoint: json.endpoint, topics: ['logistiek'], locale: 'nl' });
  });

  it('removes the existing entry and registers again after a 409', async () => {
    const actions = portalAnswers([409, 204, 201]);
    await registerPush(subscription, ['all'], 'nl');
    expect(actions).toEqual(['register', 'unregister', 'register']);
    expect(storedPushState()?.endpoint).toBe(json.endpoint);
  });

  it('retries a 5xx once, and fails after a second one', async () => {
    const retried = portalAnswers([502, 201]);
    await registerPush(subscription, ['all'], 'nl');
    expect(retried).toEqual(['register', 'register']);
    const failed = portalAnswers([503, 503, 201]);
    await expect(registerPush(subscription, ['all'], 'nl')).rejects.toMatchObject({
      code: 'subscribe-failed',
    });
    expect(failed).toEqual(['register', 'register']);
  });
});

describe('refreshing a push token', () => {
  it('removes the entry and registers anew after a 401 or a 404', async () => {
    for (const status of [401, 404]) {
      localStorage.setItem(
        PUSH_STATE_KEY,
        JSON.stringify({ endpoint: 'old', topics: ['all'], locale: 'nl', registeredAt: 0 }),
      );
      const actions = portalAnswers([status, 201]);
      await refreshPush(subscription, ['fulfilment'], 'en');
      expect(actions).toEqual(['refresh', 'register']);
      expect(storedPushState()).toMatchObject({
        endpoint: json.endpoint,
        topics: ['fulfilment'],
        locale: 'en',
      });
    }
  });

  it('is due 7 days less 1 hour after the last registration, not before', async () => {
    const now = Date.UTC(2026, 10, 24);
    const sixDays = now - (7 * 24 - 2) * 3_600_000;
    localStorage.setItem(
      PUSH_STATE_KEY,
      JSON.stringify({ endpoint: 'x', topics: ['all'], locale: 'nl', registeredAt: sixDays }),
    );
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await refreshPushIfDue(now);
    expect(fetch).not.toHaveBeenCalled();
    await refreshPushIfDue(now + 2 * 3_600_000);
    expect(fetch).toHaveBeenCalledWith('/push/config');
  });

  it('is a PushError with its code', () => {
    expect(new PushError('permission-blocked').code).toBe('permission-blocked');
  });
});
