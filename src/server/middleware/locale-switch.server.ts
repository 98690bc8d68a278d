/**
 * `GET /taal/{locale}?naar={path}`: the language switch (docs/decisions/006; works without
 * JavaScript). It sets the locale cookie `i18n_redirected` to `locale` (365 days, path /,
 * SameSite Lax, Secure on https), so that `/` keeps the choice, and redirects (302) to the page
 * `naar` in that language. `naar` must be a same-origin path (the login redirect's rules); anything
 * else goes to the home page. An unknown locale answers 404. Never cached.
 */
import { type Request, type Response, Router } from 'express';
import { safeRedirectPath } from '../../shared/features/accounts/redirect-target.ts';
import { isLocale, localizePath, splitLocale } from '../../shared/i18n/locale.ts';
import { LOCALE_SWITCH_PREFIX, LOCALE_SWITCH_TARGET } from '../../shared/urls.ts';
import { NO_STORE } from '../http/cache-policy.server.ts';
import { setLocaleCookie } from './locale.server.ts';

/** The router of the language switch. */
export function localeSwitchRouter(options: { secureCookies: boolean }): Router {
  const router = Router();
  router.get(`${LOCALE_SWITCH_PREFIX}/:locale`, (req: Request, res: Response) => {
    res.set('Cache-Control', NO_STORE);
    const locale = req.params.locale;
    if (!isLocale(locale)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    const target = safeRedirectPath(req.query[LOCALE_SWITCH_TARGET]) ?? '/';
    const url = new URL(target, 'http://portal.invalid');
    const { path } = splitLocale(url.pathname);
    setLocaleCookie(res, locale, options.secureCookies);
    res.redirect(302, localizePath(path, locale) + url.search + url.hash);
  });
  return router;
}
