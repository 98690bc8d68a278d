/**
 * Forwards analytics events to the CMS in batches (docs/analytics.md): every 5 s, or at once when
 * 200 events wait, as one `POST /api/statistics` `{ data: { events } }`, so the CMS stores one
 * record per batch. When the CMS cannot take a batch, its events are dropped and counted in the
 * log: nothing is retried, nothing waits, no visitor notices.
 */
import type { Logger } from 'pino';
import type { AnalyticsEvent } from '../../shared/analytics/events.ts';
import type { StrapiClient } from '../cms/strapi-client.server.ts';
import type { DeviceClass } from './device-class.server.ts';

/** An event as it is stored: what happened, in which session, on what kind of device, when. */
export interface StoredEvent extends AnalyticsEvent {
  /** The analytics session id, or null for a visitor without the session cookie (no JavaScript). */
  session: string | null;
  device: DeviceClass;
  /** When it was recorded, ms since the epoch. */
  at: number;
  /** Recorded by the browser queue or by the server where the action happened. */
  source: 'browser' | 'server';
}

/** Batch settings. */
export interface ForwarderOptions {
  strapi: StrapiClient;
  logger: Logger;
  /** Send at least this often while events wait, ms (default 5000). */
  intervalMs?: number;
  /** Send at once when this many events wait (default 200). */
  maxBatch?: number;
}

/** The batching forwarder; one per app. */
export class StatisticsForwarder {
  readonly #strapi: StrapiClient;
  readonly #logger: Logger;
  readonly #intervalMs: number;
  readonly #maxBatch: number;
  #events: StoredEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #sending = new Set<Promise<void>>();
  #dropped = 0;
  #forwarded = 0;
  #droppedBatches = 0;
  #forwardedBatches = 0;

  constructor(options: ForwarderOptions) {
    this.#strapi = options.strapi;
    this.#logger = options.logger;
    this.#intervalMs = options.intervalMs ?? 5000;
    this.#maxBatch = options.maxBatch ?? 200;
  }

  /** Events dropped because the CMS did not take them, since start. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Events the CMS took, since start. */
  get forwarded(): number {
    return this.#forwarded;
  }

  /** Batches dropped because the CMS did not take them, since start. */
  get droppedBatches(): number {
    return this.#droppedBatches;
  }

  /** Batches the CMS took, since start. */
  get forwardedBatches(): number {
    return this.#forwardedBatches;
  }

  /** Queues events; never throws and never waits. */
  record(events: StoredEvent[]): void {
    this.#events.push(...events);
    if (this.#events.length >= this.#maxBatch) this.flush();
    else if (this.#timer === undefined) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.flush();
      }, this.#intervalMs);
      this.#timer.unref();
    }
  }

  /** Sends what waits, in batches of at most `maxBatch`. Returns when those sends have settled. */
  flush(): Promise<void> {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    while (this.#events.length > 0) {
      const batch = this.#events.splice(0, this.#maxBatch);
      const sending = this.#send(batch);
      this.#sending.add(sending);
      void sending.finally(() => this.#sending.delete(sending));
    }
    return Promise.all(this.#sending).then(() => undefined);
  }

  async #send(batch: StoredEvent[]): Promise<void> {
    try {
      await this.#strapi.request('/statistics', {
        method: 'POST',
        body: { data: { events: batch } },
        cache: false,
      });
      this.#forwarded += batch.length;
      this.#forwardedBatches += 1;
    } catch (error) {
      this.#dropped += batch.length;
      this.#droppedBatches += 1;
      this.#logger.warn(
        { analytics: { dropped: batch.length, droppedTotal: this.#dropped }, err: (error as Error).message },
        'analytics events dropped: the CMS did not take them',
      );
    }
  }

  /** Sends what is left (on shutdown). */
  close(): Promise<void> {
    return this.flush();
  }
}
