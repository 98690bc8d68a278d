/**
 * What the service worker (./service-worker.ts) may keep for offline reading, and how it fills the
 * offline page (docs/decisions/059-installable-app.md). Pure functions, so unit tests cover them.
 *
 * Only news items are kept: the page (`/news/{id}/{slug}`, `/en/news/{id}/{slug}`) and its data
 * endpoint answer (`/__data/news/…`), the last {@link NEWS_ITEMS_KEPT} of each. A worker cannot
 * see the request's cookies nor a response's `Set-Cookie` (a forbidden response header, Fetch
 * standard, https://fetch.spec.whatwg.org/#forbidden-response-header-name), so it goes by the
 * answer's `Cache-Control`: the portal marks every answer that shows a session, a visitor's own
 * data or sets a cookie `private` or `no-store` (src/server/http/cache-policy.server.ts), and only
 * answers a shared cache may keep and reuse are kept.
 */

import escapeHtml from 'escape-html';
import { sharedCacheMayReuse } from '../shared/http/shared-cache-rules.ts';
import { DATA_ENDPOINT_PREFIX, pagePathOf } from '../shared/urls.ts';

/** How many news items (pages, and data answers) a browser keeps: the last 20 opened. */
export const NEWS_ITEMS_KEPT = 20;

/** Cache names (Cache Storage), one per kind of answer. */
export const NEWS_PAGES_CACHE = 'portal-news-pages';
export const NEWS_DATA_CACHE = 'portal-news-data';
/**
 * Prefetched news item data answers (docs/decisions/070-prefetch.md): not read yet, so not listed
 * offline; moved to {@link NEWS_DATA_CACHE} when the page uses one (the `KEEP_PREFETCHED` message,
 * src/client/service-worker-messages.ts).
 */
export const NEWS_PREFETCHED_CACHE = 'portal-news-prefetched';

/** The offline page of each locale in the build (scripts/lib/web-app.ts). */
export const OFFLINE_PAGES = { nl: '/offline/nl.html', en: '/offline/en.html' } as const;

/** `/news/{id}/{slug}` with an optional `/en` prefix (src/shared/routes.tsx, route `news-id-slug`). */
const NEWS_ITEM = /^(?:\/en)?\/news\/(?!tag\/)[^/]+\/[^/]+\/?$/;

/**
 * Pages with a visitor's account, forms or own data, never kept even if an answer were public:
 * accounts, sign-in and sign-up, invitations, password and e-mail links, the vacancy forms and
 * lists of account holders, registrations, newsletter links and notification settings.
 */
const NEVER_KEPT =
  /^(?:\/en)?\/(?:account|inloggen|registreren|uitnodiging|account-activeren|email-valideren|wachtwoord-vergeten|wachtwoord-reset|jobs\/plaatsen|jobs\/mijn|inschrijvingen|nieuwsbrief|meldingen)(?:[/?]|$)/;

/** True for a news item's page path. */
export function isNewsItemPath(pathname: string): boolean {
  return NEWS_ITEM.test(pathname) && !NEVER_KEPT.test(pathname);
}

/** True for a path the worker must never keep (account and form pages, with or without `/en`). */
export function isNeverKept(pathname: string): boolean {
  return NEVER_KEPT.test(pathname);
}

/** True for the data endpoint's answer for a news item (`/__data/news/1/x`, `/__data/en/news/1/x`). */
export function isNewsItemData(pathname: string): boolean {
  return (
    (pathname === DATA_ENDPOINT_PREFIX || pathname.startsWith(`${DATA_ENDPOINT_PREFIX}/`)) &&
    isNewsItemPath(pagePathOf(pathname))
  );
}

/** What {@link isStorable} reads of a response. */
export interface ResponseFacts {
  status: number;
  /** `basic` for same-origin answers; `opaqueredirect` for a redirect a navigation did not follow. */
  type: string;
  headers: { get(name: string): string | null };
}

/**
 * True when an answer may be kept for offline reading: a same-origin 200 whose `Cache-Control`
 * lets a shared cache store it and serve it again without asking: not `private`, `no-store`,
 * `no-cache` or `max-age=0` (src/shared/http/shared-cache-rules.ts, RFC 9111). An answer without
 * `Cache-Control` is not kept.
 */
export function isStorable(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = response.headers.get('cache-control');
  return cacheControl !== null && sharedCacheMayReuse(cacheControl);
}

/** The locale of the offline page for a path: English under `/en`, else Dutch. */
export function offlineLocaleOf(pathname: string): keyof typeof OFFLINE_PAGES {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'nl';
}

/** A kept news item as the offline page lists it. */
export interface KeptItem {
  /** Root-relative URL. */
  path: string;
  /** The item's title as HTML text (already escaped, as it stands in the page). */
  titleHtml: string;
}

/**
 * The title of a kept news page: its `og:title` (the title without the site's name, src/shared/ui/seo.tsx),
 * else its `<title>`, as HTML text. Null when neither is there or the text holds markup.
 */
export function titleOf(html: string): string | null {
  const title =
    /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1] ??
    /<title>([^<]*)<\/title>/.exec(html)?.[1] ??
    null;
  const trimmed = title?.trim();
  return trimmed && !/[<>]/.test(trimmed) ? trimmed : null;
}

/**
 * The offline page for a request: the build's template with the retry link pointing at
 * `requestPath` and the kept items listed (newest first, as given), or without the list when
 * there are none.
 */
export function fillOfflinePage(template: string, requestPath: string, items: readonly KeptItem[]): string {
  const withRetry = template.replace(
    /href="[^"]*" data-retry/,
    () => `href="${escapeHtml(requestPath)}" data-retry`,
  );
  if (items.length === 0) return withRetry.replace(/<!--recent:start-->[\s\S]*<!--recent:end-->/, '');
  const list = items
    .map((item) => `<li><a href="${escapeHtml(item.path)}">${item.titleHtml}</a></li>`)
    .join('');
  // Function replacers: a `$` in a URL or title is text, not a replacement pattern.
  return withRetry.replace('<!--recent:items-->', () => list);
}
