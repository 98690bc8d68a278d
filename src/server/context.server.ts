/**
 * What every loader and action receives as `context` (React Router's `requestContext`): the
 * request's locale, the one CMS client, the logger and the portal's public URL, plus the
 * request-scoped session and rate-limit state (docs/decisions/042-one-module-graph-and-request-context.md).
 */

import type { Logger } from 'pino';
import type { Params } from 'react-router';
import type { Locale } from '../shared/i18n/locale.ts';
import type { AnalyticsRecorder } from './analytics/recorder.server.ts';
import type { RequestRateLimits } from './auth/rate-limit.server.ts';
import type { Session } from './auth/session.server.ts';
import type { LastKnownSite } from './cms/last-known-site.server.ts';
import type { StrapiClient } from './cms/strapi-client.server.ts';
import type { SurrogateKeys } from './http/surrogate-keys.server.ts';

export interface PortalContext {
  locale: Locale;
  /** The CMS client of this request: its calls share one deadline and send {@link requestId}. */
  strapi: StrapiClient;
  /** This request's logger: every line names {@link requestId}. */
  logger: Logger;
  /**
   * The request's id (`X-Request-Id`, src/server/http/request-id.server.ts): in its log lines, its
   * CMS calls and on its error page (docs/decisions/092-request-ids.md).
   */
  requestId?: string;
  /** Absolute public origin, no trailing slash (env PUBLIC_URL). */
  siteUrl: string;
  /** This request's session: token, visitor, cookie changes and the CMS auth calls. */
  session: Session;
  /** This request's auth rate limits. */
  rateLimits: RequestRateLimits;
  /** The last known good site settings (outages). */
  lastKnownSite: LastKnownSite;
  /** Server-side analytics of this request: account and form events (docs/analytics.md). */
  analytics: AnalyticsRecorder;
  /**
   * The CMS documents this request's page shows (its `Surrogate-Key`); `strapi` records its
   * anonymous reads here (docs/decisions/054-shared-cache-headers.md).
   */
  cacheKeys: SurrogateKeys;
}

/** Arguments of a portal loader. */
export interface PortalLoaderArgs {
  request: Request;
  params: Params;
  context: PortalContext;
}

/** A server loader; may return data, a `data()` result or throw a redirect / error response. */
export type PortalLoader = (args: PortalLoaderArgs) => Promise<unknown>;

/** Client asset URLs for the document. */
export interface ClientAssets {
  /** Entry module URL: React writes its script at the end of the shell (`bootstrapModules`, src/server/render/document-stream.server.ts). */
  entry: string;
  styles: string[];
  /** Modules the document preloads (production: the entry first, then the chunks it and the page import). */
  modulePreloads: string[];
  /**
   * Production: SRI integrity (`sha384-…`) of the entry and of each preloaded module, by URL; the
   * CSP allows exactly these scripts (docs/decisions/051-csp-with-sri-hashes.md).
   */
  integrity?: Record<string, string>;
  /** Development only: inline module code Vite's React plugin needs before the entry. */
  devPreamble?: string;
  /**
   * Production: the assets of a page whose route components and translations are the modules
   * `modules` (source paths as Vite's manifest names them): the base assets plus those chunks,
   * their imports and stylesheets (docs/decisions/065-per-route-javascript.md).
   */
  forPage?: (modules: readonly string[]) => PageAssets;
}

/** What one page's document loads: stylesheets, module preloads and their SRI integrity by URL. */
export interface PageAssets {
  styles: string[];
  modulePreloads: string[];
  integrity: Record<string, string>;
}

/** A server action (form post): the same shape as a loader. */
export type PortalAction = PortalLoader;
