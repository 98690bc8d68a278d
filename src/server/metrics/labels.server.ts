/**
 * Label values for the portal's Prometheus metrics (docs/decisions/091-metrics-on-their-own-port.md).
 * Every label must have a bounded set of values: a raw URL, an id or a query string in a label
 * makes a new time series per visitor, which Prometheus keeps for weeks
 * (https://prometheus.io/docs/practices/naming/#labels). So requests are labelled by route name or
 * by a fixed part of the site, CMS calls by their API path with ids taken out, and each label is
 * capped by {@link LabelCap} as a last guard.
 */

/**
 * Keeps the values of one label to at most `max` distinct strings: the first `max` values seen
 * are kept, any later new value becomes `other`.
 */
export class LabelCap {
  readonly #seen = new Set<string>();
  readonly #max: number;

  /** @param max distinct values kept (default 200) */
  constructor(max = 200) {
    this.#max = max;
  }

  /** `value` when it was seen before or there is room for it, else `other`. */
  label(value: string): string {
    if (this.#seen.has(value)) return value;
    if (this.#seen.size >= this.#max) return 'other';
    this.#seen.add(value);
    return value;
  }
}

/** A path segment kept as it is: lower-case words joined by `-` or `_` (`users-permissions`, `me`). */
const WORD_SEGMENT = /^[a-z]+(?:[-_][a-z]+)*$/;
/** A collection or API name in the first segment (`articles`, `i18n`, `push-subscriptions`). */
const NAME_SEGMENT = /^[a-z][a-z0-9-]{0,47}$/;

/**
 * The endpoint label of a CMS call: its API path (after `/api`) without query, with every segment
 * after the first that is not a plain word (document ids, numbers, e-mail codes) replaced by `:id`.
 * `/articles/k3j9x0m2…` → `/articles/:id`; `/vacancies/mine/abc12/withdraw` →
 * `/vacancies/mine/:id/withdraw`; `/users/me` stays. At most four segments are kept.
 */
export function cmsEndpointLabel(path: string): string {
  const end = path.indexOf('?');
  const clean = end === -1 ? path : path.slice(0, end);
  const segments = clean.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return '/';
  const out: string[] = [];
  for (let i = 0; i < segments.length && i < 4; i++) {
    const segment = segments[i]!;
    out.push((i === 0 ? NAME_SEGMENT : WORD_SEGMENT).test(segment) ? segment : ':id');
  }
  if (segments.length > 4) out.push('…');
  return `/${out.join('/')}`;
}

/**
 * The route label of a request that no page route answered, from its URL (path and query): a
 * fixed name per part of the site. Pages and the data endpoint label themselves with their route
 * name (src/server/app.ts); this covers everything else.
 */
export function routeLabelOfUrl(url: string): string {
  if (url.startsWith('/__data')) return 'data';
  if (url === '/health' || url.startsWith('/health/') || url.startsWith('/health?')) return 'health';
  if (url.startsWith('/uploads/')) return 'uploads';
  if (url.startsWith('/assets/') || url.startsWith('/builds/') || url.startsWith('/service-worker.js')) {
    return 'static';
  }
  if (url.startsWith('/push/')) return 'push';
  if (url.startsWith('/statistics')) return 'statistics';
  if (url.startsWith('/hooks/')) return 'hooks';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (/(?:^\/(?:en\/)?(?:robots\.txt|sitemap[^/]*\.xml|sitemaps\/)|rss\.xml$)/.test(path)) return 'feeds';
  if (path.endsWith('.ics')) return 'calendar';
  if (/^\/(?:en\/)?(?:connect\/|auth\/connect)/.test(path)) return 'sign-in';
  if (path.startsWith('/taal/')) return 'locale-switch';
  // A file name at the root (icons, manifests, robots): the static files of the client build.
  if (/^\/[^/]+\.[a-z0-9]+$/i.test(path)) return 'static';
  return 'other';
}
