/**
 * The service worker's push handlers (src/client/service-worker-push.ts) with a stand-in worker
 * scope: a push shows the CMS's message as a notification; a click opens (or focuses) the link and
 * records a `Marketing` event with the analytics label only when the visitor has an analytics
 * session cookie. The push itself, end to end, is in tests/integration/push.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPushHandlers, type PushWorkerScope } from '../../src/client/service-worker-push.ts';

type Listener = (event: unknown) => void;

/** A worker scope that records what the handlers do. */
function fakeScope(cookie: string | null, openTabs: string[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: NotificationOptions & { image?: string } }> = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const scope = {
    location: { origin: 'https://portal.test' },
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
      pushManager: {} as PushManager,
    },
    clients: {
      matchAll: async () => openTabs.map((url) => ({ url, focus: async () => focused.push(url) })),
      openWindow: async (url: string) => opened.push(url),
    },
    cookieStore: { get: async () => (cookie === null ? null : { value: cookie }) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  } as unknown as PushWorkerScope;
  installPushHandlers(scope);
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened, focused };
}

const session = encodeURIComponent(
  JSON.stringify({ id: 'abcdefgh12345678', iat: Date.now(), exp: Date.now() + 60_000 }),
);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push', () => {
  it('shows the message with its title, body, image, icon and link', async () => {
    const { dispatch, shown } = fakeScope(null);
    const message = {
      title: 'Havenstaking',
      body: 'Containers blijven liggen.',
      image: 'https://portal.test/uploads/haven.jpg',
      link: '/news/abc/havenstaking',
      analyticsLabel: 'push-haven',
      data: { id: 'n1' },
    };
    await dispatch('push', { data: { json: () => message, text: () => JSON.stringify(message) } });
    expect(shown).toEqual([
      {
        title: 'Havenstaking',
        options: {
          body: 'Containers blijven liggen.',
          icon: '/icons/icon-192.png',
          image: 'https://portal.test/uploads/haven.jpg',
          tag: 'n1',
          data: { link: '/news/abc/havenstaking', analyticsLabel: 'push-haven' },
        },
      },
    ]);
  });

  it('still shows something for a message that is not JSON', async () => {
    const { dispatch, shown } = fakeScope(null);
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'Gewoon tekst',
      },
    });
    expect(shown[0]?.title).toBe('Logistiek & E-commerce Nieuws');
    expect(shown[0]?.options.body).toBe('Gewoon tekst');
  });
});

describe('notificationclick', () => {
  it('opens the link and records a Marketing event with the label for a visitor with a session', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const { dispatch, opened } = fakeScope(session);
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { link: '/news/abc/havenstaking', analyticsLabel: 'push-haven' } },
    });
    expect(close).toHaveBeenCalled();
    expect(opened).toEqual(['https://portal.test/news/abc/havenstaking']);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/statistics');
    expect(JSON.parse(String(init.body))).toEqual({
      data: {
        session: 'abcdefgh12345678',
        events: [{ eventType: 'Marketing', label: 'push-haven', url: '/news/abc/havenstaking' }],
      },
    });
  });

  it('focuses a tab that shows the link already, and records nothing without a session cookie', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    const { dispatch, opened, focused } = fakeScope(null, ['https://portal.test/jobs']);
    await dispatch('notificationclick', { notification: { close: () => {}, data: { link: '/jobs' } } });
    expect(focused).toEqual(['https://portal.test/jobs']);
    expect(opened).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
