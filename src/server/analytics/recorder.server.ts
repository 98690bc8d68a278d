/**
 * Server-side analytics of one request (docs/analytics.md): account and form events are recorded
 * where the action happens, so visitors without JavaScript count too. The request's privacy
 * signals decide first: `Sec-GPC: 1`, `DNT: 1` or a bot user agent (isbot) record nothing.
 */
import { parse as parseCookies } from 'cookie';
import { isbot } from 'isbot';
import {
  ANALYTICS_SESSION_COOKIE,
  type AnalyticsEvent,
  optedOut,
  parseAnalyticsSession,
} from '../../shared/analytics/events.ts';
import { deviceClass } from './device-class.server.ts';
import type { StatisticsForwarder, StoredEvent } from './forwarder.server.ts';

/** The headers analytics reads. */
export interface AnalyticsRequestHeaders {
  cookie?: string | null;
  userAgent?: string | null;
  gpc?: string | null;
  dnt?: string | null;
}

/**
 * True when the request may not be counted: Global Privacy Control, Do Not Track, the privacy
 * page's opt-out cookie, or a bot.
 */
export function analyticsRefused(headers: AnalyticsRequestHeaders): boolean {
  return (
    headers.gpc?.trim() === '1' ||
    headers.dnt?.trim() === '1' ||
    optedOut(headers.cookie) ||
    isbot(headers.userAgent ?? '')
  );
}

/** Records the events of one request (a no-op when the request refuses analytics). */
export class AnalyticsRecorder {
  readonly #forwarder: StatisticsForwarder | null;
  readonly #headers: AnalyticsRequestHeaders;
  readonly #path: string;

  /**
   * @param forwarder the app's forwarder (null: analytics off)
   * @param path the request's path and query (the `url` of its events)
   */
  constructor(forwarder: StatisticsForwarder | null, headers: AnalyticsRequestHeaders, path: string) {
    this.#forwarder = forwarder;
    this.#headers = headers;
    this.#path = path;
  }

  /** Analytics are on for this app (the forwarder exists). */
  get enabled(): boolean {
    return this.#forwarder !== null;
  }

  /** Records an event of this request's action (`url` defaults to the request's path). */
  record(event: AnalyticsEvent): void {
    if (!this.#forwarder || analyticsRefused(this.#headers)) return;
    const cookie = this.#headers.cookie
      ? parseCookies(this.#headers.cookie)[ANALYTICS_SESSION_COOKIE]
      : undefined;
    const stored: StoredEvent = {
      url: this.#path,
      ...event,
      session: parseAnalyticsSession(cookie)?.id ?? null,
      device: deviceClass(this.#headers.userAgent ?? undefined),
      at: Date.now(),
      source: 'server',
    };
    this.#forwarder.record([stored]);
  }
}
