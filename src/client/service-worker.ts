/**
 * The portal's service worker (docs/decisions/059-installable-app.md), built by vite-plugin-pwa's
 * `injectManifest` strategy with Workbox 7 (https://vite-pwa-org.netlify.app/guide/inject-manifest,
 * https://developer.chrome.com/docs/workbox/modules/): the build replaces `self.__WB_MANIFEST`
 * with the list of the client build's files and their revisions.
 *
 * - **Precache**: the hashed scripts and stylesheets, the icons, the manifests and the offline
 *   pages of this build; files of an older build are deleted when this worker activates.
 * - **News items, network first**: the pages and data endpoint answers of news items are kept for
 *   offline reading, the last 20 of each (./offline-rules.ts decides what may be kept: only
 *   `public` answers, never account or form pages). Opening a news item inside the app (data
 *   endpoint only) keeps its page too, so it opens offline from a link or a new tab.
 * - **Other navigations, network only**; when the network fails (offline), the offline page of the
 *   path's locale, listing the news items kept for offline reading.
 * - Form posts and every other request are not handled: they go to the network as without a worker.
 * - **Updates**: a new worker installs its precache and then waits until a page of the portal asks
 *   it to take over (`{ type: 'SKIP_WAITING' }`), which the page does together with its new-build
 *   check and reload (src/client/build-version.ts). It then claims the open pages.
 *
 * - **Push**: `push`, `notificationclick` and `pushsubscriptionchange` are handled by
 *   ./service-worker-push.ts (docs/decisions/060-web-push.md).
 */
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { pagePathOf } from '../shared/urls.ts';
import {
  fillOfflinePage,
  isNeverKept,
  isNewsItemData,
  isNewsItemPath,
  isStorable,
  type KeptItem,
  NEWS_DATA_CACHE,
  NEWS_ITEMS_KEPT,
  NEWS_PAGES_CACHE,
  NEWS_PREFETCHED_CACHE,
  OFFLINE_PAGES,
  offlineLocaleOf,
  titleOf,
} from './offline-rules.ts';
import { KEEP_PREFETCHED } from './service-worker-messages.ts';
import { installPushHandlers, type PushWorkerScope } from './service-worker-push.ts';

/** The worker events this file uses (TypeScript's DOM library has no worker types). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

/** A precache entry as the build writes it into `self.__WB_MANIFEST`. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const worker = self as unknown as WorkerScope;

installPushHandlers(self as unknown as PushWorkerScope);

// The injection point must read exactly `self.__WB_MANIFEST` in the built file.
precacheAndRoute((self as unknown as { __WB_MANIFEST: PrecacheEntry[] }).__WB_MANIFEST, {
  cleanURLs: false,
});

/** Keeps only answers ./offline-rules.ts allows (Workbox plugin, `cacheWillUpdate`). */
const storableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isStorable(response) ? response : null),
};

/** Kept answers match by URL alone: the portal's `Vary` headers concern encoding and sessions, and only public answers are kept. */
const MATCH_BY_URL = { ignoreVary: true };

const newsPages = new NetworkFirst({
  cacheName: NEWS_PAGES_CACHE,
  matchOptions: MATCH_BY_URL,
  plugins: [storableOnly, new ExpirationPlugin({ maxEntries: NEWS_ITEMS_KEPT })],
});

/**
 * After a news item's data answer was kept, keeps its page as well: refreshes the page's place in
 * the last 20 when it is kept already, else fetches it (with the visitor's cookies, so a
 * signed-in visitor's private page is refused by {@link storableOnly}).
 */
async function keepPageOf(dataUrl: URL, event: ExtendableEvent): Promise<void> {
  const pageUrl = new URL(pagePathOf(dataUrl.pathname) + dataUrl.search, dataUrl.origin);
  const cache = await caches.open(NEWS_PAGES_CACHE);
  if (await cache.match(pageUrl, MATCH_BY_URL)) {
    await new CacheExpiration(NEWS_PAGES_CACHE, { maxEntries: NEWS_ITEMS_KEPT }).updateTimestamp(
      pageUrl.href,
    );
    return;
  }
  await newsPages.handle({
    request: new Request(pageUrl, { credentials: 'same-origin', headers: { Accept: 'text/html' } }),
    event,
  });
}

/** A prefetch of the page (`Purpose: prefetch`, src/client/prefetch.ts), not a visit. */
const isPrefetch = (request: Request) => request.headers.get('Purpose') === 'prefetch';

// Prefetched news item data: kept apart (for a minute) until the page reads it.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && isPrefetch(request) && isNewsItemData(url.pathname),
  new NetworkFirst({
    cacheName: NEWS_PREFETCHED_CACHE,
    matchOptions: MATCH_BY_URL,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 60 })],
  }),
);

/** Moves a prefetched data answer that the page has now read to the kept ones, with its page. */
async function keepPrefetched(dataUrl: URL, event: ExtendableEvent): Promise<void> {
  const prefetched = await caches.open(NEWS_PREFETCHED_CACHE);
  const answer = await prefetched.match(dataUrl.href, MATCH_BY_URL);
  if (!answer) return;
  const kept = await caches.open(NEWS_DATA_CACHE);
  await kept.put(dataUrl.href, answer);
  await prefetched.delete(dataUrl.href, MATCH_BY_URL);
  const expiration = new CacheExpiration(NEWS_DATA_CACHE, { maxEntries: NEWS_ITEMS_KEPT });
  await expiration.updateTimestamp(dataUrl.href);
  await expiration.expireEntries();
  await keepPageOf(dataUrl, event);
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isNewsItemData(url.pathname),
  new NetworkFirst({
    cacheName: NEWS_DATA_CACHE,
    matchOptions: MATCH_BY_URL,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: NEWS_ITEMS_KEPT }),
      {
        cacheDidUpdate: async ({ request, event }) => {
          await keepPageOf(new URL(request.url), event).catch(() => {
            // Offline again or refused: the data answer alone is kept.
          });
        },
      },
    ],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && isNewsItemPath(url.pathname) && !isNeverKept(url.pathname),
  newsPages,
);

registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

/** The news items kept for offline reading in `locale`, newest first. */
async function keptItems(locale: 'nl' | 'en'): Promise<KeptItem[]> {
  const cache = await caches.open(NEWS_PAGES_CACHE);
  const items: Array<KeptItem & { time: number }> = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (offlineLocaleOf(url.pathname) !== locale) continue;
    const response = await cache.match(request, MATCH_BY_URL);
    const titleHtml = response ? titleOf(await response.text()) : null;
    if (!response || !titleHtml) continue;
    items.push({
      path: url.pathname + url.search,
      titleHtml,
      time: Date.parse(response.headers.get('date') ?? '') || 0,
    });
  }
  return items.sort((a, b) => b.time - a.time).map(({ path, titleHtml }) => ({ path, titleHtml }));
}

/**
 * The offline page for a navigation to `url`: the precached page of its locale with the kept news
 * items, status 503, never stored; the precached file's security headers (CSP) stay.
 */
async function offlinePage(url: URL): Promise<Response> {
  const locale = offlineLocaleOf(url.pathname);
  const template = await matchPrecache(OFFLINE_PAGES[locale]);
  if (!template) return Response.error();
  const body = fillOfflinePage(await template.text(), url.pathname + url.search, await keptItems(locale));
  const headers = new Headers(template.headers);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  headers.set('cache-control', 'no-store');
  headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(body, { status: 503, statusText: 'Offline', headers });
}

setCatchHandler(async ({ request, url }) =>
  request.mode === 'navigate' ? offlinePage(url) : Response.error(),
);

worker.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; url?: unknown } | null;
  if (message?.type === 'SKIP_WAITING') void worker.skipWaiting();
  if (message?.type === KEEP_PREFETCHED && typeof message.url === 'string') {
    const url = new URL(message.url, self.location.origin);
    if (url.origin === self.location.origin && isNewsItemData(url.pathname)) {
      event.waitUntil(keepPrefetched(url, event).catch(() => undefined));
    }
  }
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(worker.clients.claim());
});
