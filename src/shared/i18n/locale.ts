/**
 * Locale rules shared by server and browser (docs/product.md#routes-and-layouts, docs/product.md#states, docs/product.md#constants).
 *
 * Dutch (`nl`) is the default locale and has no path prefix; English lives under `/en`
 * (the "prefix_except_default" strategy of @nuxtjs/i18n). The chosen locale is kept in the
 * cookie `i18n_redirected` for 365 days, path `/`, SameSite Lax.
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
 * Picks a locale from an `Accept-Language` header (RFC 9110 section 12.5.4), honouring q-values.
 * Returns null when no supported language is acceptable.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (isLocale(range.lang)) return range.lang;
  }
  return null;
}

/**
 * Decides the locale for a request to the unprefixed root `/` (docs/product.md#states: route prefix, then
 * cookie, then browser language, then fallback `nl`).
 */
export function detectRootLocale(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
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
