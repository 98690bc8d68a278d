/**
 * Data and context every page can read: the root loader's data (locale, site settings, public
 * site URL) and the document's bootstrap (asset URLs, serialised router state).
 */
import { createContext, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Site } from '../cms-types.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locale.ts';

/** What the root loader returns (`src/server/routes/root.server.ts`). */
export interface RootData {
  locale: Locale;
  /** Site settings from the CMS `site` single type in this locale (falls back to Dutch). */
  site: Site | null;
  /** Absolute public origin of the portal, e.g. `https://www.example.nl` (no trailing slash). */
  siteUrl: string;
  /** The signed-in visitor's public details, or null (anonymous; never the JWT: decision 002). */
  user: PublicUser | null;
}

/** The part of the signed-in user that pages may see and the browser may hold. */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  confirmed: boolean;
}

/** Asset URLs and inline data the document needs; identical on server and client. */
export interface DocumentBootstrap {
  /** Stylesheet URLs to link in `<head>`. */
  styles: string[];
  /** Module URLs to preload. */
  modulePreloads: string[];
  /** SRI integrity (`sha384-…`) of scripts by URL (production builds). */
  integrity?: Record<string, string>;
  /** The JSON the browser hydrates from (already escaped for a `<script>` element). */
  stateJson: string;
  /** Development only: inline module code that Vite's React plugin needs before the entry. */
  devPreamble?: string;
}

export const BootstrapContext = createContext<DocumentBootstrap>({
  styles: [],
  modulePreloads: [],
  stateJson: '{}',
});
export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The current locale (from the URL prefix). */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The root loader data, or undefined when the root loader failed (root error boundary). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
