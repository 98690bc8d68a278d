/**
 * The framework's floor for the size check: the least a page of the portal's stack can load in the
 * browser. React DOM hydrates a React Router data router (`createBrowserRouter` + `RouterProvider`)
 * with one route that has a loader and renders its data, one `Link` and one text translated with
 * i18next through react-i18next (`I18nextProvider` + `useTranslation`); nothing of the portal.
 * Built by scripts/size-check.mjs --floor (docs/decisions/065-per-route-javascript.md).
 */
import i18next from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, type HydrationState, Link, useLoaderData } from 'react-router';
import { RouterProvider } from 'react-router/dom';

declare global {
  interface Window {
    __floorState?: HydrationState;
  }
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: document.documentElement.lang,
  resources: { [document.documentElement.lang]: { translation: { next: 'next' } } },
  initAsync: false,
});

function Page() {
  const { title } = useLoaderData<{ title: string }>();
  const { t } = useTranslation();
  return (
    <main>
      <h1>{title}</h1>
      <Link to="/next">{t('next')}</Link>
    </main>
  );
}

const router = createBrowserRouter(
  [
    {
      path: '/',
      Component: Page,
      loader: async () => ({ title: document.title }),
    },
  ],
  window.__floorState ? { hydrationData: window.__floorState } : {},
);

const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}
