/**
 * Browser entry: hydrates the whole document from the state the server inlined, with the same
 * route table; loaders read the portal's data endpoint.
 */
import '../shared/shell/app.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HelmetProvider } from 'react-helmet-async';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PUSH_STATE_KEY } from '../shared/push/push-state-key.ts';
import { type BrowserState, deserializeErrors } from '../shared/route-state.ts';
import { createRoutes } from '../shared/routes.tsx';
import { STATE_ELEMENT_ID } from '../shared/shell/document.tsx';
import { BootstrapContext, type DocumentBootstrap } from '../shared/ui/root-data.ts';
import { startAnalytics } from './analytics.ts';
import { checkBuildVersion, watchBuildVersion } from './build-version.ts';
import { clientAction, clientLoader, dataStrategy } from './data-loader.ts';
import { watchInstallPrompt } from './install-prompt.ts';
import { interceptLinks } from './link-interceptor.ts';
import { installTrustedTypesPolicy } from './trusted-types.ts';

// Before React touches the DOM: the CSP requires Trusted Types (decision 051).
installTrustedTypesPolicy();

const stateJson = document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '{}';
const state = JSON.parse(stateJson) as BrowserState;

const router = createBrowserRouter(
  createRoutes(
    (id) => clientLoader(id),
    (id) => clientAction(id),
  ),
  {
    dataStrategy,
    hydrationData: {
      loaderData: state.router.loaderData,
      actionData: state.router.actionData,
      errors: deserializeErrors(state.router.errors),
    },
  },
);

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

hydrateRoot(
  document,
  <StrictMode>
    <BootstrapContext.Provider value={bootstrap}>
      <HelmetProvider>
        <RouterProvider router={router} />
      </HelmetProvider>
    </BootstrapContext.Provider>
  </StrictMode>,
);

interceptLinks((to) => void router.navigate(to));
// Marks the document as interactive (used by the end-to-end tests and handy when debugging).
requestAnimationFrame(() => {
  document.documentElement.dataset.hydrated = 'true';
});
let lastPath = window.location.pathname;
router.subscribe((routerState) => {
  if (routerState.navigation.state === 'idle' && routerState.location.pathname !== lastPath) {
    lastPath = routerState.location.pathname;
    void checkBuildVersion(state.buildId);
  }
});
watchBuildVersion(state.buildId);
