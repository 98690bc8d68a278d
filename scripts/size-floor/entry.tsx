/**
 * The framework's floor for the size check: the least a page of the portal's stack can load in the
 * browser. React DOM hydrates a React Router data router (`createBrowserRouter` + `RouterProvider`)
 * with one route that has a loader and renders its data and one `Link`; nothing of the portal.
 * Built by scripts/size-floor.mjs (docs/decisions/065-per-route-javascript.md).
 */
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState, Link, useLoaderData } from 'react-router';
import { RouterProvider } from 'react-router/dom';

declare global {
  interface Window {
    __floorState?: HydrationState;
  }
}

function Page() {
  const { title } = useLoaderData<{ title: string }>();
  return (
    <main>
      <h1>{title}</h1>
      <Link to="/next">next</Link>
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
if (root) hydrateRoot(root, <RouterProvider router={router} />);
