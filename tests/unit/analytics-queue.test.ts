/**
 * The browser's analytics queue (src/client/analytics.ts; docs/analytics.md): immediate events
 * and the first page view (the loaded page, decision 098) go at once, others after the timer
 * (5000 ms first, then the interval); the queue is emptied before each send, in requests of at
 * most 50 events; failures are ignored; the detail routes get no route-change page view; Do Not
 * Track and Global Privacy Control stop everything.
 */

import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AnalyticsQueue,
  browserTransport,
  FIRST_SEND_DELAY_MS,
  pageviewFor,
  type QueueTransport,
  SEND_INTERVAL_MS,
  trackingRefused,
} from '../../src/client/analytics.ts';
import { PAGEVIEW_SKIPPED_ROUTES } from '../../src/shared/analytics/events.ts';
import { StatisticsPayloadSchema } from '../../src/shared/analytics/statistics-schema.ts';

/** A transport that records bodies. */
function recordingTransport() {
  const sent: string[] = [];
  const beacons: string[] = [];
  const transport: QueueTransport = {
    async send(body) {
      sent.push(body);
    },
    beacon(body) {
      beacons.push(body);
    },
  };
  return { transport, sent, beacons };
}

const events = (body: string) =>
  (JSON.parse(body) as { data: { events: Array<{ eventType: string }> } }).data.events;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the queue', () => {
  it('sends an immediate event at once, with everything queued before it, and empties the queue', async () => {
    const { transport, sent } = recordingTransport();
    const queue = new AnalyticsQueue(transport, 'sessie-123456', FIRST_SEND_DELAY_MS, SEND_INTERVAL_MS);
    queue.add({ eventType: 'SessionStart' });
    expect(sent).toHaveLength(0);
    queue.add({ eventType: 'Install' }, true);
    expect(queue.size).toBe(0);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
    expect(events(sent[0] ?? '').map((event) => event.eventType)).toEqual(['SessionStart', 'Install']);
    expect(JSON.parse(sent[0] ?? '')).toEqual({
      data: {
        events: [{ eventType: 'SessionStart' }, { eventType: 'Install' }],
        session: 'sessie-123456',
      },
    });
    expect(v.safeParse(StatisticsPayloadSchema, JSON.parse(sent[0] ?? '')).success).toBe(true);
  });

  it('sends the first page view (the loaded page) at once, with what waits before it, later ones on the timer', async () => {
    const { transport, sent } = recordingTransport();
    const queue = new AnalyticsQueue(transport, 'sessie-123456', FIRST_SEND_DELAY_MS, SEND_INTERVAL_MS);
    queue.add({ eventType: 'SessionStart' });
    queue.add({ eventType: 'Pageview', url: '/abonnementen' });
    expect(queue.size).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(events(sent[0] ?? '')).toEqual([
      { eventType: 'SessionStart' },
      { eventType: 'Pageview', url: '/abonnementen' },
    ]);
    // The next page view (a client-side navigation) waits for the timer.
    queue.add({ eventType: 'Pageview', url: '/events' });
    expect(queue.size).toBe(1);
    await vi.advanceTimersByTimeAsync(FIRST_SEND_DELAY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
  });

  it('sends other events on the timer: first after 5000 ms, then after the interval', async () => {
    const { transport, sent } = recordingTransport();
    const queue = new AnalyticsQueue(transport, 'sessie-123456', FIRST_SEND_DELAY_MS, SEND_INTERVAL_MS);
    queue.add({ eventType: 'Pageview', url: '/' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    queue.add({ eventType: 'Pageview', url: '/events' });
    queue.add({ eventType: 'Pageview', url: '/jobs' });
    await vi.advanceTimersByTimeAsync(FIRST_SEND_DELAY_MS - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(events(sent[1] ?? '')).toHaveLength(2);
    queue.add({ eventType: 'Pageview', url: '/magazines' });
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(3);
    // Nothing queued: no timer, no request.
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 3);
    expect(sent).toHaveLength(3);
  });

  it('splits more than 50 events into several requests and sends by beacon when the page goes', () => {
    const { transport, sent, beacons } = recordingTransport();
    const queue = new AnalyticsQueue(transport, 'sessie-123456', FIRST_SEND_DELAY_MS, SEND_INTERVAL_MS);
    for (let index = 0; index < 120; index += 1) queue.add({ eventType: 'SessionResume' });
    queue.flushByBeacon();
    expect(sent).toHaveLength(0);
    expect(beacons.map((body) => events(body).length)).toEqual([50, 50, 20]);
    expect(queue.size).toBe(0);
  });

  it('ignores failed sends (a rejecting fetch, a throwing beacon): no retry, no error, later events go out', async () => {
    const fetchStub = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchStub);
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('Illegal invocation');
      },
    });
    vi.stubGlobal('Blob', class {});
    try {
      const queue = new AnalyticsQueue(
        browserTransport,
        'sessie-123456',
        FIRST_SEND_DELAY_MS,
        SEND_INTERVAL_MS,
      );
      queue.add({ eventType: 'Pageview', url: '/' }, true);
      await vi.runAllTimersAsync();
      expect(fetchStub).toHaveBeenCalledTimes(1);
      expect(fetchStub).toHaveBeenCalledWith(
        '/statistics',
        expect.objectContaining({ method: 'POST', keepalive: true }),
      );
      await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS * 4);
      expect(fetchStub).toHaveBeenCalledTimes(1);
      queue.add({ eventType: 'Lead' }, true);
      await vi.runAllTimersAsync();
      expect(fetchStub).toHaveBeenCalledTimes(2);
      queue.add({ eventType: 'SessionStop' });
      expect(() => queue.flushByBeacon()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('route-change page views', () => {
  it('skip the detail routes, which record their own', () => {
    expect(PAGEVIEW_SKIPPED_ROUTES).toEqual([
      'news-id-slug',
      'events-slug',
      'jobs-vacature-id-slug',
      'l-id',
      'c',
    ]);
    for (const name of PAGEVIEW_SKIPPED_ROUTES) expect(pageviewFor(name, '/x')).toBeNull();
    expect(pageviewFor('events', '/events?pagina=2')).toEqual({
      eventType: 'Pageview',
      url: '/events?pagina=2',
    });
    expect(pageviewFor('index', '/')).toEqual({ eventType: 'Pageview', url: '/' });
  });
});

describe('privacy signals', () => {
  it('refuse tracking with Global Privacy Control or Do Not Track', () => {
    expect(trackingRefused({ doNotTrack: '1' } as Navigator)).toBe(true);
    expect(trackingRefused({ doNotTrack: null, globalPrivacyControl: true } as unknown as Navigator)).toBe(
      true,
    );
    expect(trackingRefused({ doNotTrack: '0' } as Navigator)).toBe(false);
    expect(trackingRefused({ doNotTrack: null } as Navigator)).toBe(false);
  });
});
