/**
 * The files of each page that the document of another page does not load: what the prefetcher
 * preloads for a link in view without evaluating it (docs/decisions/108-page-start-in-short-tasks.md).
 *
 * `GET /__page-assets/<buildId>/<locale>.json` answers, for every page route of the table:
 * `{ "<route name>": { "scripts": [[url, integrity], …], "styles": [url, …] } }`: the chunks of its
 * route component and of the translation files it uses in that locale, with their imports and
 * stylesheets, less what every page loads already (the entry and its imports). The URL carries
 * the build id, so an answer never changes: it is cached for a year. A build id other than the
 * running one, or an unknown locale, is a 404; without a build (development) every answer is a
 * 404 and the prefetcher imports the route as before.
 */
import { type Request, type Response, Router } from 'express';
import { isLocale, type Locale } from '../../shared/i18n/locale.ts';
import { textFileSource } from '../../shared/i18n/translations.ts';
import { PAGE_ROUTES, pageModuleSource, pageRouteOf, textsOfRoutes } from '../../shared/routes.tsx';
import type { ClientAssets } from '../context.server.ts';
import { IMMUTABLE_ASSET, NO_STORE } from '../http/cache-policy.server.ts';

/** Where the prefetcher asks for a locale's page files. */
export function pageAssetsPath(buildId: string, locale: Locale): string {
  return `/__page-assets/${encodeURIComponent(buildId)}/${locale}.json`;
}

/**
 * The modules (source paths, as Vite's manifest names them) of a page made of the routes `names`
 * in `locale`: the translation files the shell and those routes use, then their route components.
 */
export function pageModules(names: readonly string[], locale: Locale): string[] {
  const modules = textsOfRoutes(names).map((file) => textFileSource(locale, file));
  for (const name of names) {
    const page = pageRouteOf(name);
    if (page) modules.push(pageModuleSource(page.page[0]));
  }
  return modules;
}

/** One locale's answer: every page route's own files beyond the base assets. */
export interface PageFiles {
  [route: string]: { scripts: [url: string, integrity: string][]; styles: string[] };
}

/** The answer for `locale`, or null without a build. */
export function pageFilesOf(assets: ClientAssets, locale: Locale): PageFiles | null {
  if (!assets.forPage) return null;
  const base = new Set([assets.entry, ...assets.modulePreloads]);
  const baseStyles = new Set(assets.styles);
  const files: PageFiles = {};
  for (const route of PAGE_ROUTES) {
    const page = assets.forPage(pageModules([route.name], locale));
    files[route.name] = {
      scripts: page.modulePreloads
        .filter((url) => !base.has(url))
        .map((url) => [url, page.integrity[url] ?? ''] as [string, string]),
      styles: page.styles.filter((url) => !baseStyles.has(url)),
    };
  }
  return files;
}

/** The router of `GET /__page-assets/<buildId>/<locale>.json`. */
export function pageAssetsRouter(options: { assets: ClientAssets; buildId: string }): Router {
  const router = Router();
  const answers = new Map<Locale, string>();
  router.get('/__page-assets/:build/:file', (req: Request, res: Response) => {
    const locale = String(req.params.file).replace(/\.json$/, '');
    const files =
      isLocale(locale) && req.params.build === options.buildId ? pageFilesOf(options.assets, locale) : null;
    if (!files || !isLocale(locale)) {
      res
        .status(404)
        .set('Cache-Control', NO_STORE)
        .json({ error: { status: 404, name: 'NotFoundError', message: 'No such page assets' } });
      return;
    }
    let body = answers.get(locale);
    if (body === undefined) {
      body = JSON.stringify(files);
      answers.set(locale, body);
    }
    res.set('Cache-Control', IMMUTABLE_ASSET).type('json').send(body);
  });
  return router;
}
