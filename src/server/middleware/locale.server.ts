/**
 * Locale middleware (docs/product.md#routes-and-layouts, docs/product.md#states, docs/product.md#constants). The URL prefix decides the locale of every page
 * (`/en/...` English, no prefix Dutch). Only on the root `/` does the portal detect: the cookie
 * `i18n_redirected`, then Accept-Language, then `nl` — like @nuxtjs/i18n's `redirectOn: 'root'`.
 * The cookie follows the locale the visitor last chose by switching language: it is (re)set when a
 * page of a locale is requested while the cookie names another one (docs/decisions/006) — but
 * never by a prefetch (`Purpose: prefetch` or `Sec-Purpose: prefetch`), which is no visit: a
 * page's prefetch still under way when the visitor switches language would otherwise switch the
 * cookie back.
 */
import type { NextFunction, Request, Response } from 'express';
import {
  DEFAULT_LOCALE,
  detectRootLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
  localizePath,
  splitLocale,
} from '../../shared/i18n/locale.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Locale of the requested page. */
    locale: Locale;
    /** Path without the locale prefix. */
    localePath: string;
  }
}

/** Sets the locale cookie (365 days, path /, SameSite Lax; docs/product.md#constants). */
export function setLocaleCookie(res: Response, locale: Locale, secure: boolean): void {
  res.cookie(LOCALE_COOKIE, locale, {
    maxAge: LOCALE_COOKIE_MAX_AGE_S * 1000,
    path: '/',
    sameSite: 'lax',
    secure,
  });
}

/**
 * @param pathOf returns the page path of a request (the data endpoint passes the page it loads).
 */
export function localeMiddleware(options: { secureCookies: boolean; pathOf?: (req: Request) => string }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const pagePath = options.pathOf?.(req) ?? req.path;
    const { locale, path } = splitLocale(pagePath);
    req.locale = locale;
    req.localePath = path;
    const cookie = req.cookies?.[LOCALE_COOKIE] as string | undefined;
    if (pagePath === '/' && (req.method === 'GET' || req.method === 'HEAD') && !options.pathOf) {
      const detected = detectRootLocale(cookie, req.get('accept-language'));
      res.vary('Cookie').vary('Accept-Language');
      if (detected !== DEFAULT_LOCALE) {
        if (!isLocale(cookie)) setLocaleCookie(res, detected, options.secureCookies);
        const query = req.originalUrl.slice(req.path.length);
        res.redirect(302, localizePath('/', detected) + query);
        return;
      }
      next();
      return;
    }
    const switched = isLocale(cookie) ? cookie !== locale : locale !== DEFAULT_LOCALE;
    if (switched && !isPrefetchRequest(req)) setLocaleCookie(res, locale, options.secureCookies);
    next();
  };
}

/**
 * Whether a request is a prefetch: the portal's prefetcher sends `Purpose: prefetch`
 * (src/client/prefetch.ts), browsers send `Sec-Purpose: prefetch` (Fetch metadata; speculation
 * rules and `<link rel=prefetch>`).
 */
export function isPrefetchRequest(req: Request): boolean {
  return req.get('purpose') === 'prefetch' || (req.get('sec-purpose') ?? '').startsWith('prefetch');
}
