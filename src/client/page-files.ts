/**
 * Preloads the files of a page without evaluating them (docs/decisions/108-page-start-in-short-tasks.md):
 * `<link rel="modulepreload">` for its route and translation chunks (with their SRI integrity,
 * decision 051), `<link rel="prefetch" as="style">` for its stylesheets. The browser fetches and
 * compiles the modules off the page's critical path; they run only when the visitor goes there
 * (React Router's `lazy` imports the same URLs and finds them in the module map). The prefetcher of
 * the links in view uses it; a hovered or focused link is imported at once instead.
 *
 * The list of each page's files comes from `GET /__page-assets/<buildId>/<locale>.json`
 * (src/server/render/page-assets.server.ts), fetched once per locale and cached by the browser.
 */
import type { Locale } from '../shared/i18n/locale.ts';

type PageFiles = Record<string, { scripts: [url: string, integrity: string][]; styles: string[] }>;

const lists = new Map<Locale, Promise<PageFiles | null>>();
/** URLs preloaded already: by the document, by Vite's loader or by this module. */
let preloaded: Set<string> | undefined;

/** The page files of `locale`, or null when the server has none (development) or is unreachable. */
function pageFilesOf(locale: Locale, buildId: string): Promise<PageFiles | null> {
  let list = lists.get(locale);
  if (!list) {
    list = fetch(`/__page-assets/${encodeURIComponent(buildId)}/${locale}.json`, {
      credentials: 'same-origin',
    })
      .then((response) => (response.ok ? (response.json() as Promise<PageFiles>) : null))
      .catch(() => null);
    lists.set(locale, list);
    // A failure may be passing (offline): ask again next time.
    void list.then((files) => {
      if (!files) lists.delete(locale);
    });
  }
  return list;
}

/** Marks what the document already loads, once. */
function alreadyPreloaded(): Set<string> {
  if (!preloaded) {
    preloaded = new Set();
    for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
      'link[rel="modulepreload"], link[rel="stylesheet"], script[src]',
    )) {
      const url = element instanceof HTMLLinkElement ? element.href : element.src;
      preloaded.add(new URL(url, document.baseURI).pathname);
    }
  }
  return preloaded;
}

/** Appends a `<link>` for `url` unless one was added before. */
function addLink(url: string, attributes: Record<string, string>): void {
  const seen = alreadyPreloaded();
  if (seen.has(url)) return;
  seen.add(url);
  const link = document.createElement('link');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.href = url;
  document.head.append(link);
}

/**
 * Preloads the files of the page routes `names` in `locale`.
 * @returns true when they were asked for; false when the server has no list (the caller then
 *   imports the routes itself). Never rejects.
 */
export async function preloadPageFiles(
  names: readonly string[],
  locale: Locale,
  buildId: string,
): Promise<boolean> {
  const files = await pageFilesOf(locale, buildId);
  if (!files) return false;
  for (const name of names) {
    const page = files[name];
    if (!page) continue;
    for (const [url, integrity] of page.scripts) {
      addLink(url, integrity ? { rel: 'modulepreload', integrity } : { rel: 'modulepreload' });
    }
    for (const url of page.styles) addLink(url, { rel: 'prefetch', as: 'style' });
  }
  return true;
}
