/**
 * The browser side of analytics (docs/analytics.md; spec sections 7 and 8): a first-party
 * session cookie, a queue posted to the portal's own `POST /statistics`, a `Pageview` on every
 * route change (except the detail routes, which record their own), session start / pause /
 * resume / stop, and `Marketing` clicks on labelled links.
 *
 * Nothing is recorded and no cookie is set when the browser sends Global Privacy Control or Do Not
 * Track. Failures are ignored: no retry, no message, nothing shown.
 */
import { serialize as serializeCookie } from 'cookie';
import type { createBrowserRouter } from 'react-router';
import {
  ANALYTICS_DOM_EVENT,
  ANALYTICS_SESSION_COOKIE,
  type AnalyticsEvent,
  type AnalyticsSession,
  MAX_EVENTS_PER_REQUEST,
  optedOut,
  PAGEVIEW_SKIPPED_ROUTES,
  parseAnalyticsSession,
} from '../shared/analytics/events.ts';
import { isPreviewQuery } from '../shared/urls.ts';

/** The browser's data router. */
type Router = ReturnType<typeof createBrowserRouter>;

/** Delay of the first send after the page loaded, ms (spec: session polling starts after 5000 ms). */
export const FIRST_SEND_DELAY_MS = 5000;
/**
 * Interval of later sends while events wait, ms. 15 s: a visitor reading one article causes at
 * most a handful of requests, and a page that is closed sends what is left by beacon anyway.
 */
export const SEND_INTERVAL_MS = 15_000;
/** Life of the analytics session cookie: one year, ms (spec). */
export const SESSION_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** How the queue sends. Both must never throw. */
export interface QueueTransport {
  /** Posts one JSON body (fetch with keepalive); failures are swallowed. */
  send(body: string): Promise<void>;
  /** Posts one JSON body while the page goes away (`navigator.sendBeacon`). */
  beacon(body: string): void;
}

/**
 * The queue of events: immediate events are sent at once, the others after a timer; the queue is
 * emptied before each send (spec: "the queue is cleared before sending"), in requests of at most
 * {@link MAX_EVENTS_PER_REQUEST} events. The first `Pageview` (the page that was loaded) is
 * immediate: a visitor who leaves for another page before the first timed send (a bounce) is
 * counted even when the browser drops the beacon sent while the page goes away
 * (docs/decisions/098-the-loaded-page-view-goes-at-once.md).
 */
export class AnalyticsQueue {
  readonly #transport: QueueTransport;
  readonly #session: string;
  #events: AnalyticsEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delayMs: number;
  readonly #intervalMs: number;
  #pageviewSeen = false;

  /**
   * @param session the analytics session id sent with every request
   * @param firstDelayMs delay before the first timed send
   * @param intervalMs delay of later timed sends
   */
  constructor(transport: QueueTransport, session: string, firstDelayMs: number, intervalMs: number) {
    this.#transport = transport;
    this.#session = session;
    this.#delayMs = firstDelayMs;
    this.#intervalMs = intervalMs;
  }

  /** Events waiting to be sent. */
  get size(): number {
    return this.#events.length;
  }

  /** Queues an event; an immediate one, and the first `Pageview`, send the queue at once. */
  add(event: AnalyticsEvent, immediate = false): void {
    this.#events.push(event);
    const loadedPage = event.eventType === 'Pageview' && !this.#pageviewSeen;
    if (loadedPage) this.#pageviewSeen = true;
    if (immediate || loadedPage) void this.flush();
    else this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#delayMs = this.#intervalMs;
      void this.flush();
    }, this.#delayMs);
  }

  /** Empties the queue into request bodies. */
  #take(): string[] {
    const events = this.#events;
    this.#events = [];
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    const bodies: string[] = [];
    for (let start = 0; start < events.length; start += MAX_EVENTS_PER_REQUEST) {
      const chunk = events.slice(start, start + MAX_EVENTS_PER_REQUEST);
      bodies.push(JSON.stringify({ data: { events: chunk, session: this.#session } }));
    }
    return bodies;
  }

  /** Sends everything queued (fetch); failures are ignored. */
  async flush(): Promise<void> {
    await Promise.all(this.#take().map((body) => this.#transport.send(body)));
  }

  /** Sends everything queued by beacon (the page is going away). */
  flushByBeacon(): void {
    for (const body of this.#take()) this.#transport.beacon(body);
  }
}

/** A random session id (16 bytes, base64url). */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The session cookie, created when missing or expired. `isNew` tells whether it was created. */
export function ensureSession(now = Date.now()): { session: AnalyticsSession; isNew: boolean } {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${ANALYTICS_SESSION_COOKIE}=`))
    ?.slice(ANALYTICS_SESSION_COOKIE.length + 1);
  const existing = parseAnalyticsSession(raw ? decodeURIComponent(raw) : undefined, now);
  if (existing) return { session: existing, isNew: false };
  const session = { id: newSessionId(), iat: now, exp: now + SESSION_LIFETIME_MS };
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the cookie library builds and escapes the value.
  document.cookie = serializeCookie(ANALYTICS_SESSION_COOKIE, JSON.stringify(session), {
    path: '/',
    expires: new Date(session.exp),
    sameSite: 'lax',
    secure: location.protocol === 'https:',
  });
  return { session, isNew: true };
}

/**
 * True when the visitor asked not to be counted: Global Privacy Control, Do Not Track, or the
 * privacy page's opt-out cookie.
 */
export function trackingRefused(
  nav: Navigator = navigator,
  cookies = typeof document === 'undefined' ? '' : document.cookie,
): boolean {
  const withGpc = nav as Navigator & { globalPrivacyControl?: boolean };
  return withGpc.globalPrivacyControl === true || nav.doNotTrack === '1' || optedOut(cookies);
}

/** The `Pageview` of a route change, or null for a skipped route. */
export function pageviewFor(
  routeName: string | undefined,
  url: string,
  referrer = '',
): AnalyticsEvent | null {
  if (routeName && PAGEVIEW_SKIPPED_ROUTES.includes(routeName)) return null;
  const event: AnalyticsEvent = { eventType: 'Pageview', url };
  const referrerHost = externalHost(referrer);
  if (referrerHost) event.referrerHost = referrerHost;
  return event;
}

/** The host of a referrer on another site, or undefined. */
function externalHost(referrer: string): string | undefined {
  try {
    const host = referrer ? new URL(referrer).hostname : '';
    return host && host !== location.hostname ? host : undefined;
  } catch {
    return undefined;
  }
}

/** The name of the deepest matched route (its handle's `name`). */
function routeNameOf(router: Router): string | undefined {
  const match = router.state.matches.at(-1);
  return (match?.route.handle as { name?: string } | undefined)?.name;
}

/** The browser transport: `fetch` with keepalive, and `sendBeacon`; both ignore every failure. */
export const browserTransport: QueueTransport = {
  async send(body) {
    try {
      await fetch('/statistics', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        keepalive: true,
      });
    } catch {
      // Ignored (spec: analytics send failures are ignored).
    }
  },
  beacon(body) {
    try {
      navigator.sendBeacon('/statistics', new Blob([body], { type: 'application/json' }));
    } catch {
      // Ignored.
    }
  },
};

/**
 * Starts analytics for the page: session, queue, page views, session and marketing events.
 * @returns the queue, or null when the visitor refused tracking or the page is an editor's
 *   preview (docs/decisions/101-signed-preview-links.md: previews are no visits)
 */
export function startAnalytics(
  router: Router,
  transport: QueueTransport = browserTransport,
): AnalyticsQueue | null {
  if (trackingRefused() || isPreviewQuery(location.search)) return null;
  const { session, isNew } = ensureSession();
  const queue = new AnalyticsQueue(transport, session.id, FIRST_SEND_DELAY_MS, SEND_INTERVAL_MS);
  if (isNew) queue.add({ eventType: 'SessionStart' });

  const url = () => `${location.pathname}${location.search}`;
  const first = pageviewFor(routeNameOf(router), url(), document.referrer);
  if (first) queue.add(first);
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key === lastKey) return;
    lastKey = state.location.key;
    const pageview = pageviewFor(routeNameOf(router), url());
    if (pageview) queue.add(pageview);
  });

  window.addEventListener(ANALYTICS_DOM_EVENT, (event) => {
    const detail = (event as CustomEvent<{ event: AnalyticsEvent; immediate?: boolean }>).detail;
    if (detail?.event) queue.add(detail.event, detail.immediate === true);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      queue.add({ eventType: 'SessionPause' });
      queue.flushByBeacon();
    } else {
      queue.add({ eventType: 'SessionResume' });
    }
  });
  window.addEventListener('pagehide', () => {
    queue.add({ eventType: 'SessionStop' });
    queue.flushByBeacon();
  });
  // Partner and advertising links carry their analytics label; the click may leave the page.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-analytics-label]');
    if (!link) return;
    queue.add({ eventType: 'Marketing', label: link.getAttribute('data-analytics-label') ?? '', url: url() });
    queue.flushByBeacon();
  });
  return queue;
}
