/**
 * Prefetch (docs/product.md#constants; docs/decisions/070-prefetch.md): the route chunk and the data payload
 * (`/__data/<path>`) of page links, so a click renders without waiting.
 *
 * - 1000 ms after start and once the browser is idle, unless the connection is `slow-2g` or
 *   Save-Data is on, the links in view (IntersectionObserver; the page's own links before the
 *   header's), at most {@link VIEWPORT_LIMIT} per page: their files are preloaded, not run
 *   (`modulepreload`, decision 108);
 * - at once when a link is hovered or focused (ahead of the links in view): its route is imported;
 * - at most {@link MAX_PENDING} preloads pending at once; the rest wait in order;
 * - a prefetched payload is handed to the navigation once ({@link takePrefetchedPayload}) and
 *   dropped after {@link PAYLOAD_TTL_MS};
 * - never for form actions (forms post; only anchors are prefetched), sign-out, links that act on
 *   a GET (confirmation and reset links), other origins, files, or `data-no-prefetch` links;
 * - never for a page in the other locale: following such a link is a visit that moves the locale
 *   cookie, and a prefetch must not (the server ignores prefetches for it; docs/decisions/006).
 */
import { splitLocale } from '../shared/i18n/locale.ts';
import type { RouteHandle } from '../shared/route-handle.ts';
import type { RouteMatcher } from '../shared/route-segments.ts';
import type { DataPayload } from '../shared/route-state.ts';
import { loadPage, pageRouteOf } from '../shared/routes.tsx';
import { dataUrl, isDataRequest } from '../shared/urls.ts';
import { DATA_ACCEPT, isDataAnswer, readPayload } from './data-payload.ts';
import { preloadPageFiles } from './page-files.ts';
import { whenIdle } from './yield-to-browser.ts';

/**
 * The `Purpose` request header of a prefetch: the server declines one it cannot answer with
 * `204` (no failed load in the console), and the service worker does not keep it as read.
 */
export const PREFETCH_PURPOSE = 'prefetch';

/** Delay before the links in view are prefetched, ms (docs/product.md#constants). */
export const START_DELAY_MS = 1000;
/** Preloads (chunk and payload of one link) pending at once (docs/product.md#constants). */
export const MAX_PENDING = 4;
/** How long a prefetched payload may be used by a navigation, ms. */
export const PAYLOAD_TTL_MS = 30_000;
/** The longest wait for an idle moment before the links in view are prefetched, ms. */
export const IDLE_TIMEOUT_MS = 2000;
/** Links in view prefetched per page at most (hover and focus are not counted). */
export const VIEWPORT_LIMIT = 8;

/**
 * Route names that are never prefetched: their loaders act on a GET (confirm, activate, reset,
 * unsubscribe), so only the visitor's own click may load them.
 */
const NEVER_PREFETCH = new Set([
  'account-activeren',
  'email-valideren',
  'nieuwsbrief-bevestigen',
  'nieuwsbrief-afmelden',
  'wachtwoord-reset',
  'uitnodiging',
]);

/** Paths that are files or server endpoints (as the link interceptor decides). */
const NON_PAGE_PATH = /^\/(uploads|assets|builds|api|health)(\/|$)|\.[a-z0-9]{2,5}$/i;
/** Sign-out links, should one ever be a link rather than a form. */
const SIGN_OUT = /(^|\/)(uitloggen|logout|afmelden)(\/|$)|[?&]intent=logout\b/i;

/** The Network Information API's part the rules read (absent in Firefox and Safari). */
interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Whether the links in view may be prefetched on this connection (spec: not on `slow-2g`; not with Save-Data). */
export function mayPrefetchInView(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return connection.effectiveType !== 'slow-2g' && connection.saveData !== true;
}

/**
 * The page URL a link would navigate to, when it may be prefetched; otherwise null.
 * @param anchor the link
 * @param location the current location (same origin only; not the page itself)
 */
export function prefetchTarget(anchor: HTMLAnchorElement, location: Location): URL | null {
  if (anchor.dataset.noPrefetch !== undefined || anchor.dataset.reload !== undefined) return null;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  if (anchor.closest('form')) return null;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (NON_PAGE_PATH.test(url.pathname) || isDataRequest(url.pathname)) return null;
  if (SIGN_OUT.test(url.pathname + url.search)) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  if (splitLocale(url.pathname).locale !== splitLocale(location.pathname).locale) return null;
  return url;
}

/** The part of React Router's state the prefetcher reads. */
export interface RouterStateView {
  navigation: { state: string; formMethod?: string; location?: { pathname: string; search: string } };
  fetchers: ReadonlyMap<string, { state: string }>;
}

interface CachedPayload {
  payload: Promise<DataPayload>;
  expires: number;
}

const payloads = new Map<string, CachedPayload>();

/**
 * The prefetched payload for a page URL, taken out of the cache (a navigation uses it once), or
 * undefined when there is none or it has expired.
 * @param key the data endpoint URL ({@link dataUrl})
 */
export function takePrefetchedPayload(key: string): Promise<DataPayload> | undefined {
  const found = payloads.get(key);
  if (!found) return undefined;
  payloads.delete(key);
  return found.expires > Date.now() ? found.payload : undefined;
}

/** Drops every prefetched payload (after a form post, data may have changed). */
export function clearPrefetchedPayloads(): void {
  payloads.clear();
}

/** Fetches a payload for the cache; rejects on a declined or failed prefetch (then it is dropped). */
async function fetchPayload(key: string, signal: AbortSignal): Promise<DataPayload> {
  const response = await fetch(key, {
    headers: { Accept: DATA_ACCEPT, Purpose: PREFETCH_PURPOSE },
    credentials: 'same-origin',
    cache: 'no-cache',
    signal,
  });
  if (response.status !== 200 || !isDataAnswer(response)) {
    throw new Error(`Prefetch of ${key} answered ${response.status}`);
  }
  return readPayload(response);
}

/**
 * Starts prefetching for the router's routes; returns a function that stops it.
 * @param matchPage matches a path against the route table (to find a link's route and its lazy
 *   page module): src/shared/route-segments.ts `createRouteMatcher`
 * @param subscribe called on every router state change: while the router navigates, submits or
 *   runs a fetcher no preload starts and those in flight are cancelled (but the one navigated
 *   to); a form post clears the cache; a finished navigation looks for the new page's links
 * @param options `buildId`: the running build's id, which names the list of page files
 */
export function startPrefetch(
  matchPage: RouteMatcher,
  subscribe: (listener: (state: RouterStateView) => void) => () => void,
  options: { buildId: string },
): () => void {
  const queue: { url: URL; intent: boolean }[] = [];
  const queued = new Set<string>();
  /** Links (by data URL) whose routes were imported, not only preloaded. */
  const routesImported = new Set<string>();
  /** Payload fetches in flight, by data URL, so a navigation or form post can cancel them. */
  const inFlight = new Map<string, AbortController>();
  let pending = 0;
  /** The router is navigating, submitting or running a fetcher: the visitor's own request goes first. */
  let busy = false;
  let inViewCount = 0;
  let observer: IntersectionObserver | undefined;

  /** Whether `url` is the page shown now. */
  const isShown = (url: URL) =>
    url.pathname === window.location.pathname && url.search === window.location.search;

  /**
   * The page's files and payload of one URL; resolves when both are settled. A link the visitor
   * points at (`intent`) has its route imported, ready to render; a link in view only has its
   * files preloaded, so nothing of it runs before the visitor goes there (decision 108).
   */
  const preload = async (url: URL, intent: boolean) => {
    const key = dataUrl(url);
    const matches = matchPage(url.pathname) ?? [];
    const names = matches.flatMap(
      (match) => ((match.route.handle as RouteHandle | undefined)?.name ?? []) as string[],
    );
    if (names.some((name) => NEVER_PREFETCH.has(name))) return;
    const locale = splitLocale(url.pathname).locale;
    // The route's chunk with its translation files, as the lazy route loads them (decision 072).
    const importRoutes = () => {
      routesImported.add(key);
      return Promise.all(
        names.flatMap((name) => {
          const page = pageRouteOf(name);
          return page ? [loadPage(page, locale).catch(() => undefined)] : [];
        }),
      );
    };
    const chunks = [
      intent
        ? importRoutes()
        : preloadPageFiles(names, locale, options.buildId).then((asked) =>
            asked ? undefined : importRoutes(),
          ),
    ];
    let data: Promise<unknown> = Promise.resolve();
    const cached = payloads.get(key);
    if (!cached || cached.expires <= Date.now()) {
      const controller = new AbortController();
      inFlight.set(key, controller);
      const payload = fetchPayload(key, controller.signal);
      const entry = { payload, expires: Date.now() + PAYLOAD_TTL_MS };
      payloads.set(key, entry);
      data = payload
        .catch(() => {
          if (payloads.get(key) === entry) payloads.delete(key);
        })
        .finally(() => {
          if (inFlight.get(key) === controller) inFlight.delete(key);
        });
      setTimeout(() => {
        if (payloads.get(key) === entry) payloads.delete(key);
      }, PAYLOAD_TTL_MS);
    }
    await Promise.all([...chunks, data]);
  };

  const pump = () => {
    while (!busy && pending < MAX_PENDING && queue.length) {
      const { url, intent } = queue.shift() as { url: URL; intent: boolean };
      pending++;
      // Each preload starts in a task of its own (matching the route table and importing the
      // chunk take a few ms each on a slow phone), so starting four never makes one long task
      // that blocks input (docs/decisions/070-prefetch.md).
      setTimeout(() => {
        if (busy || isShown(url)) {
          // A navigation began meanwhile: the visitor's request goes first; this one is dropped
          // (hovering or focusing the link asks again). Or it reached the page it links to: that
          // page's data is already there.
          pending--;
          queued.delete(dataUrl(url));
          return;
        }
        void preload(url, intent).finally(() => {
          pending--;
          queued.delete(dataUrl(url));
          pump();
        });
      }, 0);
    }
  };

  /** Queues a link's preload; `first` puts it ahead of the links in view (hover, focus). */
  const request = (anchor: HTMLAnchorElement, first: boolean) => {
    const url = prefetchTarget(anchor, window.location);
    if (!url) return false;
    const key = dataUrl(url);
    if (first && !routesImported.has(key)) {
      // Pointed at: its route is imported, also when the link was in view and only preloaded.
      const waiting = queue.findIndex((entry) => dataUrl(entry.url) === key);
      if (waiting >= 0) queue.splice(waiting, 1);
      queued.add(key);
      queue.unshift({ url, intent: true });
      pump();
      return true;
    }
    const cached = payloads.get(key);
    if (queued.has(key) || (cached && cached.expires > Date.now())) return false;
    queued.add(key);
    if (first) queue.unshift({ url, intent: true });
    else queue.push({ url, intent: false });
    pump();
    return true;
  };

  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (anchor) request(anchor, true);
  };

  const observeLinks = () => {
    if (!observer) return;
    observer.disconnect();
    inViewCount = 0;
    // The page's own links first (the likelier next click), then the header's and footer's.
    const main = [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')];
    const rest = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
      (a) => !a.closest('main'),
    );
    for (const anchor of [...main, ...rest]) observer.observe(anchor);
  };

  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);

  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  // From START_DELAY_MS on, once the browser is idle (at most IDLE_TIMEOUT_MS later): page start
  // (hydration, the deferred sections) goes first (decision 108).
  let stopped = false;
  const timer = setTimeout(() => {
    whenIdle(() => {
      if (stopped || !mayPrefetchInView(connection) || typeof IntersectionObserver === 'undefined') return;
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          if (inViewCount >= VIEWPORT_LIMIT) continue;
          if (request(entry.target as HTMLAnchorElement, false)) inViewCount++;
        }
      });
      observeLinks();
    }, IDLE_TIMEOUT_MS);
  }, START_DELAY_MS);

  let shownPath = window.location.pathname + window.location.search;
  const unsubscribe = subscribe((state) => {
    const { formMethod, location: target } = state.navigation;
    const posting = Boolean(formMethod && formMethod.toUpperCase() !== 'GET');
    if (posting) clearPrefetchedPayloads();
    const wasBusy = busy;
    busy =
      state.navigation.state !== 'idle' ||
      [...state.fetchers.values()].some((fetcher) => fetcher.state !== 'idle');
    if (busy && !wasBusy) {
      // Cancel the prefetches the visitor no longer needs, keeping the one being navigated to.
      const keep =
        !posting && target ? dataUrl(new URL(target.pathname + target.search, window.location.href)) : '';
      for (const [key, controller] of inFlight) if (key !== keep) controller.abort();
    }
    if (busy) return;
    // A new page (not a revalidation of this one): forget the old page's queue (links queued while
    // the navigation ran, among them the one followed), watch its links. Then start what waits.
    const path = window.location.pathname + window.location.search;
    if (path !== shownPath) {
      shownPath = path;
      queue.length = 0;
      queued.clear();
      requestAnimationFrame(observeLinks);
    }
    pump();
  });

  return () => {
    stopped = true;
    clearTimeout(timer);
    observer?.disconnect();
    unsubscribe();
    document.removeEventListener('mouseover', onIntent);
    document.removeEventListener('focusin', onIntent);
  };
}
