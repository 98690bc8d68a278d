/**
 * The valibot schema of `POST /statistics` (docs/analytics.md; docs/product.md, "Analytics event
 * kinds"): what the endpoint (src/server/analytics/statistics-router.server.ts) accepts from the
 * browser queue. Apart from events.ts so that the browser's start-up code, which imports that
 * module, does not load valibot with every page (docs/decisions/078-valibot-off-the-start-chunk.md);
 * browser code must not import this module.
 */
import * as v from 'valibot';
import { type AnalyticsEvent, CONTENT_TYPES, EVENT_TYPES, MAX_EVENTS_PER_REQUEST } from './events.ts';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** One event as the browser sends it. Unknown keys are dropped. */
export const EventSchema = v.object({
  eventType: v.picklist(EVENT_TYPES),
  /** Path and query of the page (`/news/…`), never another origin. */
  url: v.optional(v.pipe(text(2048), v.startsWith('/'))),
  contentType: v.optional(v.picklist(CONTENT_TYPES)),
  documentId: v.optional(v.pipe(text(64), v.regex(/^[A-Za-z0-9_-]+$/))),
  /** Analytics label of a partner, advertising or notification link (`Marketing`). */
  label: v.optional(text(100)),
  /** Host of the referring page, for `Pageview`s that came from another site. */
  referrerHost: v.optional(v.pipe(text(253), v.regex(/^[a-z0-9.-]+$/i))),
});

/** True when A and B are the same type; used to keep `AnalyticsEvent` and the schema together. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when `AnalyticsEvent` (events.ts) and `EventSchema` describe different events. */
const eventTypeMatchesSchema: Same<AnalyticsEvent, v.InferOutput<typeof EventSchema>> = true;
void eventTypeMatchesSchema;

/** The body of `POST /statistics`: `{ data: { events, session } }` (docs/product.md). */
export const StatisticsPayloadSchema = v.object({
  data: v.object({
    events: v.pipe(v.array(EventSchema), v.minLength(1), v.maxLength(MAX_EVENTS_PER_REQUEST)),
    /** The analytics session id (the `id` of the session cookie). */
    session: v.pipe(text(64), v.regex(/^[A-Za-z0-9_-]{8,64}$/)),
  }),
});

/** The body of `POST /statistics`. */
export type StatisticsPayload = v.InferOutput<typeof StatisticsPayloadSchema>;
