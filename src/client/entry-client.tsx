/**
 * Browser entry: hydrates the whole document from the state the server inlined, with the same
 * route table; loaders read the portal's data endpoint. Before hydrating it loads the page's
 * own route components and the translation files they and the shell use, which the server
 * announced as `modulepreload`s, so hydration renders what the server rendered; every other page
 * loads its chunk and files when first visited (docs/decisions/065-per-route-javascript.md,
 * docs/decisions/072-translations-per-route.md).
 */
import '../shared/shell/app.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type LoaderFunction } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale, splitLocale } from '../shared/i18n/locale.ts';
import { loadTexts, SHELL_TEXTS } from '../shared/i18n/translations.ts';
import { PUSH_STATE_KEY } from '../shared/push/push-state-key.ts';
import type { RouteHandle } from '../shared/route-handle.ts';
import { createRouteMatcher } from '../shared/route-segments.ts';
import { type BrowserState, deserializeErrors } from '../shared/route-state.ts';
import { createRoutes, loadPages, ROOT_ROUTE_ID, textsOfRoutes } from '../shared/routes.tsx';
import { STATE_ELEMENT_ID } from '../shared/shell/document.tsx';
import { reviveDeferred } from '../shared/ui/deferred.tsx';
import { BootstrapContext, type DocumentBootstrap } from '../shared/ui/root-data.ts';
import { startAnalytics } from './analytics.ts';
import { checkBuildVersion, watchBuildVersion } from './build-version.ts';
import { clientAction, clientLoader, dataStrategy } from './data-loader.ts';
import { deferredFromDocument } from './deferred-from-document.ts';
import { watchInstallPrompt } from './install-prompt.ts';
import { interceptLinks } from './link-interceptor.ts';
import { startPrefetch } from './prefetch.ts';
import { installTrustedTypesPolicy } from './trusted-types.ts';
import { yieldToBrowser } from './yield-to-browser.ts';

// Before React touches the DOM: the CSP requires Trusted Types (decision 051).
installTrustedTypesPolicy();
// Evaluating the modules was a task of its own: reading the state and matching the page are the next.
await yieldToBrowser();

const stateJson = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '{}';
const state = JSON.parse(stateJson) as BrowserState;

/**
 * The root loader also loads the shell's translation files of the locale navigated to (a client
 * navigation that crosses locales renders the document in the other language).
 */
function rootLoader(): LoaderFunction {
  const load = clientLoader(ROOT_ROUTE_ID);
  return async (args) => {
    const { locale } = splitLocale(new URL(args.request.url).pathname);
    const [data] = await Promise.all([load(args), loadTexts(locale, SHELL_TEXTS)]);
    return data;
  };
}

const loaderFor = (id: string) => (id === ROOT_ROUTE_ID ? rootLoader() : clientLoader(id));
const actionFor = (id: string) => clientAction(id);

// The page's own route components and translation files, before hydration.
const lang = document.documentElement.lang;
const pageLocale = isLocale(lang) ? lang : DEFAULT_LOCALE;
// Matching by first path segment, remembered per path: the prefetcher matches every link in view
// with it too (docs/decisions/077-less-main-thread-work-at-page-start.md).
const matchPage = createRouteMatcher(createRoutes(loaderFor, actionFor));
const matchedPages = (matchPage(window.location.pathname) ?? []).flatMap(
  (match) => ((match.route.handle as RouteHandle | undefined)?.name ?? []) as string[],
);
const [pages] = await Promise.all([
  loadPages(matchedPages),
  loadTexts(pageLocale, textsOfRoutes(matchedPages)),
]);
// Page start runs in short tasks, each ended before the next begins (decision 108): evaluating the
// modules, reading the state and matching the page, merging the page's translation files, the
// router (which matches the location on the whole route table), then the start of hydration.
await yieldToBrowser();

const router = createBrowserRouter(createRoutes(loaderFor, actionFor, pages, pageLocale), {
  dataStrategy,
  hydrationData: {
    // Deferred sections still streaming: promises that settle as their data blocks arrive (decision 105).
    loaderData: Object.fromEntries(
      Object.entries(state.router.loaderData ?? {}).map(([id, data]) => [
        id,
        reviveDeferred(data, deferredFromDocument),
      ]),
    ),
    actionData: state.router.actionData,
    errors: deserializeErrors(state.router.errors),
  },
});

await yieldToBrowser();

const bootstrap: DocumentBootstrap = {
  styles: state.assets.styles,
  modulePreloads: state.assets.modulePreloads,
  integrity: state.assets.integrity,
  devPreamble: state.assets.devPreamble,
  stateJson,
};

// Before hydration, so the detail pages' own page views (effects) find the queue listening.
startAnalytics(router);
// The browser's install offer opens the portal's install dialog (a chunk loaded only then).
watchInstallPrompt();
// A browser with push notifications on refreshes its registration after 7 days (the spec's
// token refresh); the push code loads only in such a browser.
try {
  if (localStorage.getItem(PUSH_STATE_KEY)) {
    void import('../shared/push/push-client.ts').then((push) => push.refreshPushIfDue());
  }
} catch {
  // No storage (private mode): nothing to refresh.
}

/**
 * Marks the document as interactive once hydration has committed (its effect runs then, after its
 * children's): used by the end-to-end tests and handy when debugging. It wraps the tree instead of
 * standing beside it: a sibling would make the client's tree fork where the server's does not,
 * and every `useId` below would differ from the server's (the forms' ids did: the server rendered
 * `form-_R_imp_`, the client computed `form-_R_2ar5_`, so the error summary's links pointed at
 * fields that did not exist).
 */
function HydrationMarker({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return children;
}

// In a transition, React hydrates in slices of about 5 ms and yields to the browser between them,
// instead of one long task for the whole document: input and paint are not blocked for its length
// (https://react.dev/reference/react/startTransition; React Router's own browser entry does the
// same). A click before hydration has finished is still handled: links by `interceptLinks`
// below, and React replays events on the parts it has not hydrated yet.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydrationMarker>
        <BootstrapContext.Provider value={bootstrap}>
          <RouterProvider router={router} />
        </BootstrapContext.Provider>
      </HydrationMarker>
    </StrictMode>,
  );
});

interceptLinks((to) => void router.navigate(to));
// Route chunks and payloads of the links in view (after 1 s) and of hovered or focused links.
startPrefetch(matchPage, (listener) => router.subscribe(listener), { buildId: state.buildId });
let lastPath = window.location.pathname;
router.subscribe((routerState) => {
  if (routerState.navigation.state === 'idle' && routerState.location.pathname !== lastPath) {
    lastPath = routerState.location.pathname;
    void checkBuildVersion(state.buildId);
  }
});
watchBuildVersion(state.buildId);
