/**
 * The whole HTML document, rendered by React on server and client (docs/decisions/001). The root
 * route renders it around the locale layouts; the root error boundary renders it around the error
 * page when even the root loader failed (for example the CMS is down).
 */
import type { ReactNode } from 'react';
import { useContext } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { type Locale, localizePath, splitLocale } from '../i18n/locale.ts';
import { i18nFor } from '../i18n/translations.ts';
import { BootstrapContext, LocaleContext, useRootData } from '../ui/root-data.ts';
import { FAVICON_PATH, webAppManifestPath } from '../urls.ts';
import { THEME_COLORS } from './color-mode.ts';
import { ErrorPage } from './error-page.tsx';
import { RouteFocus } from './route-focus.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** Element id of the inline JSON the browser hydrates from. */
export const STATE_ELEMENT_ID = '__portal_state';

/**
 * `<html>` … `</html>` around `children` for `locale`, with `locale`'s i18next instance for
 * react-i18next (src/shared/i18n/translations.ts; the same on server and browser, so hydration
 * renders the same strings).
 */
function DocumentShell({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18nFor(locale)}>
      <LocaleContext.Provider value={locale}>
        <DocumentHtml locale={locale}>{children}</DocumentHtml>
      </LocaleContext.Provider>
    </I18nextProvider>
  );
}

/** The document's elements (inside {@link DocumentShell}'s providers). */
function DocumentHtml({ locale, children }: { locale: Locale; children: ReactNode }) {
  const bootstrap = useContext(BootstrapContext);
  const { t } = useTranslation();
  return (
    // The colour-mode script, which the server writes first into <head>
    // (src/server/render/document-stream.server.ts), sets `data-color-mode` before React hydrates.
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* One per scheme; the colour-mode script narrows `media` to the chosen one. */}
        <meta
          name="theme-color"
          content={THEME_COLORS.light}
          media="(prefers-color-scheme: light)"
          data-scheme="light"
        />
        <meta
          name="theme-color"
          content={THEME_COLORS.dark}
          media="(prefers-color-scheme: dark)"
          data-scheme="dark"
        />
        <link rel="icon" href={FAVICON_PATH} sizes="48x48" type="image/png" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {/* One manifest per locale, written by the build (scripts/lib/web-app.ts). */}
        <link rel="manifest" href={webAppManifestPath(locale)} />
        {/* The feed in the page's language: Dutch news, or the English translations (decision 061). */}
        <link
          rel="alternate"
          type="application/rss+xml"
          title={t('feeds.rssTitle')}
          href={localizePath('/rss.xml', locale)}
        />
        {bootstrap.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {bootstrap.modulePreloads.map((href) => (
          // Low priority (the entry's too): the stylesheets and the LCP image go first; the modules
          // are only needed for hydration (docs/decisions/065-per-route-javascript.md).
          <link
            key={href}
            rel="modulepreload"
            href={href}
            integrity={bootstrap.integrity?.[href]}
            fetchPriority="low"
          />
        ))}
        {bootstrap.devPreamble ? (
          <script type="module" dangerouslySetInnerHTML={{ __html: bootstrap.devPreamble }} />
        ) : null}
      </head>
      <body>
        {children}
        <script
          type="application/json"
          id={STATE_ELEMENT_ID}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: bootstrap.stateJson }}
        />
      </body>
    </html>
  );
}

/** Root route component. */
export function Document() {
  const root = useRootData();
  const { pathname } = useLocation();
  const locale = root?.locale ?? splitLocale(pathname).locale;
  return (
    <DocumentShell locale={locale}>
      <ScrollToTop />
      <RouteFocus />
      <Outlet />
    </DocumentShell>
  );
}

/** Root error boundary: the document with only the error page (no site data available). */
export function RootErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <DocumentShell locale={splitLocale(pathname).locale}>
      <main id="main" className="layout-empty">
        <ErrorPage />
      </main>
    </DocumentShell>
  );
}
