/**
 * Locale middleware (docs/product.md#routes-and-layouts, docs/product.md#states, docs/product.md#constants). The URL prefix decides the locale of every page
 * (`/en/...` English, no prefix Dutch). Only on the root `/` does the portal detect: the cookie
 * `i18n_redirected`, then Accept-Language, then `nl` — like @nuxtjs/i18n's `redirectOn: 'root'`
 * ({@link rootLocale}).
 * The cookie follows the locale the visitor last chose by switching language: it is (re)set when a
 * page of a locale is requested while the cookie names another one (docs/decisions/006) — but
 * never by a prefetch (`Purpose: prefetch` or `Sec-Purpose: prefetch`), which is no visit: a
 * page's prefetch still under way when the visitor switches language would otherwise switch the
 * cookie back.
 */
import type { NextFunction, Request, Response } from 'express';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
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
 * The locale of a request for the unprefixed root `/` (docs/product.md#states: route prefix, then
 * cookie, then browser language, then `nl`; the root has no prefix): the cookie `i18n_redirected`
 * when it names a locale, else the locale the `Accept-Language` header prefers, else `nl`.
 * The header is weighed by Express (`req.acceptsLanguages`, the `negotiator` package): q-values
 * count (`q=0` refuses), a range with a region matches its language (`en-GB` → `en`), an exact
 * range beats one with a region, `*` and a missing header accept both locales and so give `nl`
 * (docs/decisions/085-accept-language.md).
 * @param req a request that went through cookie-parser (without it, the cookie is not read)
 * @returns `nl` or `en`
 */
export function rootLocale(req: Request): Locale {
  const cookie: unknown = req.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const accepted = req.acceptsLanguages(...LOCALES);
  return isLocale(accepted) ? accepted : DEFAULT_LOCALE;
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
      const detected = rootLocale(req);
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
