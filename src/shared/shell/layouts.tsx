/**
 * The layouts of docs/product.md#routes-and-layouts: `default` (header, content column, footer), `fullpage` (header,
 * full-width content, footer) and `empty` (content only; `/l/{id}` and `/c`). The deepest matched
 * route picks the layout: its loader data's `layout` (CMS pages choose their own) or its handle.
 */
import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { LayoutName, RouteHandle } from '../route-handle.ts';
import { ErrorPage } from './error-page.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Chooses the layout for the current page. */
function useLayoutName(): LayoutName {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  const fromData = (deepest?.data as { layout?: LayoutName } | undefined)?.layout;
  return fromData ?? (deepest?.handle as RouteHandle | undefined)?.layout ?? 'default';
}

/** Wraps page content in a layout. */
function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  if (name === 'empty') {
    return (
      <main id="main" className="layout-empty">
        {children}
      </main>
    );
  }
  return (
    <>
      <SiteHeader />
      <main id="main" className={name === 'fullpage' ? 'layout-fullpage' : 'layout-default'}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Locale route component: the chosen layout around the page. */
export function LocaleLayout() {
  const name = useLayoutName();
  return (
    <Layout name={name}>
      <Outlet />
    </Layout>
  );
}

/** Locale route error boundary: the error page inside the default layout (site data still loaded). */
export function LocaleErrorBoundary() {
  return (
    <Layout name="default">
      <ErrorPage />
    </Layout>
  );
}
