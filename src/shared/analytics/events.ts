/**
 * The analytics events of the portal (docs/analytics.md; docs/product.md, "Analytics event
 * kinds"): the one spelling of every kind, the shape of an event, and the analytics cookies. Shared by
 * the browser queue (src/client/analytics.ts), the endpoint and the server-side recorder
 * (src/server/analytics/). The valibot schema of `POST /statistics` is in statistics-schema.ts:
 * the browser's start-up code imports this module, and valibot would load with every page.
 */

/** Every event kind, in one spelling (PascalCase, like the spec's `Pageview`). */
export const EVENT_TYPES = [
  'Pageview',
  'Marketing',
  'Lead',
  'Install',
  'SessionStart',
  'SessionStop',
  'SessionPause',
  'SessionResume',
  'UserSignUp',
  'UserSignIn',
  'UserSignOut',
  'AuthFail',
  'ForgotPassword',
  'UpdatePassword',
  'EmailLink',
] as const;

/** One event kind. */
export type EventType = (typeof EVENT_TYPES)[number];

/** Content types a detail page's own `Pageview` names. */
export const CONTENT_TYPES = ['article', 'event', 'vacancy'] as const;

/**
 * Route names whose `Pageview` is not sent on the route change (docs/product.md: the spec's
 * `news-id-slug`, `kalender-id-slug`, `vacatures-id-slug`, `l-id`, `c`; our event and vacancy
 * detail routes are `events-slug` and `jobs-vacature-id-slug`). The detail pages record their own
 * `Pageview` with the content type and document id once their content is known.
 */
export const PAGEVIEW_SKIPPED_ROUTES: readonly string[] = [
  'news-id-slug',
  'events-slug',
  'jobs-vacature-id-slug',
  'l-id',
  'c',
];

/** Most events in one request to `POST /statistics`. */
export const MAX_EVENTS_PER_REQUEST = 50;
/** Largest body of one request to `POST /statistics`, in bytes (16 KiB). */
export const MAX_STATISTICS_BYTES = 16 * 1024;

/** Name of the first-party analytics session cookie: `{ id, iat, exp }` as JSON (docs/analytics.md). */
export const ANALYTICS_SESSION_COOKIE = 'portal_session';

/** One content type a detail page's `Pageview` names. */
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * One event as the browser sends it; its check on the server is `EventSchema`
 * (src/shared/analytics/statistics-schema.ts, which fails to compile when the two differ).
 */
export interface AnalyticsEvent {
  eventType: EventType;
  /** Path and query of the page (`/news/…`), never another origin; at most 2048 characters. */
  url?: string;
  contentType?: ContentType;
  /** Document id of the content (`[A-Za-z0-9_-]`, at most 64 characters). */
  documentId?: string;
  /** Analytics label of a partner, advertising or notification link (`Marketing`); at most 100. */
  label?: string;
  /** Host of the referring page, for `Pageview`s that came from another site. */
  referrerHost?: string;
}

/** The analytics session cookie's value. */
export interface AnalyticsSession {
  id: string;
  /** Issued at, ms since the epoch. */
  iat: number;
  /** Expires at, ms since the epoch (one year after `iat`). */
  exp: number;
}

/** The session in a cookie value, or null when it is missing, malformed or expired. */
export function parseAnalyticsSession(value: string | undefined, now = Date.now()): AnalyticsSession | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<AnalyticsSession>;
    if (
      typeof parsed.id === 'string' &&
      /^[A-Za-z0-9_-]{8,64}$/.test(parsed.id) &&
      typeof parsed.iat === 'number' &&
      typeof parsed.exp === 'number' &&
      parsed.exp > now
    ) {
      return { id: parsed.id, iat: parsed.iat, exp: parsed.exp };
    }
  } catch {
    // Not JSON: no session.
  }
  return null;
}

/**
 * Name of the opt-out cookie (value `off`), set from the privacy page (`/privacy`): no events and
 * no session cookie for this browser, on the server and in the browser alike.
 */
export const ANALYTICS_OPT_OUT_COOKIE = 'portal_analytics';

/** The query parameter the privacy page is redirected with after a choice (`uit` or `aan`). */
export const ANALYTICS_CHOICE_PARAM = 'statistieken';

/** True when a `Cookie` header (or `document.cookie`) says the visitor opted out. */
export function optedOut(cookieHeader: string | null | undefined): boolean {
  return typeof cookieHeader === 'string' && /(?:^|;\s*)portal_analytics=off(?:;|$)/.test(cookieHeader);
}

/** Name of the window event through which pages record events (no import of browser code). */
export const ANALYTICS_DOM_EVENT = 'portal:analytics';

/**
 * Records an event from a page component (browser only; a no-op on the server): the browser
 * queue (src/client/analytics.ts) listens for it.
 */
export function recordEvent(event: AnalyticsEvent, immediate = false): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail: { event, immediate } }));
}
