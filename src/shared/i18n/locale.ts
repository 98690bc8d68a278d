/**
 * Locale rules shared by server and browser (docs/product.md#routes-and-layouts, docs/product.md#states, docs/product.md#constants).
 *
 * Dutch (`nl`) is the default locale and has no path prefix; English lives under `/en`
 * (the "prefix_except_default" strategy of @nuxtjs/i18n). The chosen locale is kept in the
 * cookie `i18n_redirected` for 365 days, path `/`, SameSite Lax. Which locale the root `/` shows
 * (cookie, then the browser's languages, then `nl`) is decided on the server, from the request:
 * src/server/middleware/locale.server.ts `rootLocale` (docs/decisions/085-accept-language.md).
 */

/** Supported locales, default first. */
export const LOCALES = ['nl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'nl';

/** Name of the locale cookie (docs/product.md#constants: key default `i18n_redirected`). */
export const LOCALE_COOKIE = 'i18n_redirected';
/** Locale cookie lifetime in seconds (docs/product.md#constants: 365 days). */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Open Graph locale names (`og:locale`) per locale. */
export const OG_LOCALES: Record<Locale, string> = { nl: 'nl_NL', en: 'en_GB' };

/** True when `value` is one of {@link LOCALES}. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Splits a URL path into its locale and the path without the prefix.
 * `/en/news/1/x` → `{ locale: 'en', path: '/news/1/x' }`; `/news` → `{ locale: 'nl', path: '/news' }`.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * Adds the locale prefix to an unprefixed, site-relative path (`/news/1/x` → `/en/news/1/x`).
 * Absolute URLs, protocol-relative URLs, `mailto:`/`tel:` links and hash-only links are returned unchanged.
 */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  if (locale === DEFAULT_LOCALE) return path;
  if (path === '/') return `/${locale}`;
  if (path.startsWith('/?') || path.startsWith('/#')) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/**
 * The languages of content the editors write only in Dutch (partners), and of a translatable
 * document (article, event, vacancy, magazine) without an English translation: under `/en` such a
 * page is marked `lang="nl"` and names the Dutch URL as canonical
 * (docs/decisions/061-untranslated-content.md).
 */
export const DUTCH_CONTENT: readonly Locale[] = ['nl'];

/**
 * The language a CMS document's texts are in: its `locale` (the portal sets it on the translated
 * types, decision 061), Dutch when it has none.
 */
export function contentLocaleOf(doc: { locale?: string | null }): Locale {
  return isLocale(doc.locale) ? doc.locale : DEFAULT_LOCALE;
}

/**
 * The `lang` attribute for a document's texts on a page in `pageLocale`: the texts' language when
 * it differs from the page's (a Dutch title in an English list, decision 061), else undefined.
 */
export function foreignLang(doc: { locale?: string | null }, pageLocale: Locale): Locale | undefined {
  const locale = contentLocaleOf(doc);
  return locale === pageLocale ? undefined : locale;
}
