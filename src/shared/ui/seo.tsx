/**
 * Per-page `<head>` tags: title, description, canonical, hreflang alternates (nl, en, x-default;
 * absolute URLs), Open Graph and Twitter cards. Plain React 19 `<title>`, `<meta>` and `<link>`
 * elements: React hoists them into the `<head>` it renders (src/shared/shell/document.tsx) on the
 * server and swaps them on client navigations (https://react.dev/reference/react-dom/components/title,
 * docs/decisions/071-react-document-metadata.md).
 *
 * A page whose content exists in fewer languages than the site (`contentLocales`, e.g. a Dutch
 * news item under `/en`) does not pretend (docs/decisions/061-untranslated-content.md): its
 * canonical is the URL in the content's language, and only those languages are alternates.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale, localizePath, OG_LOCALES } from '../i18n/locale.ts';
import { useLocale, useRootData } from './root-data.ts';

export interface SeoProps {
  title: string;
  description?: string | null;
  /** Unprefixed path of the page (`/news/abc/slug`), with its query when it is part of the identity (`?page=2`). */
  path: string;
  /** Absolute or site-relative image URL for social cards. */
  image?: string | null;
  type?: 'website' | 'article';
  /** ISO 8601 publication time (articles). */
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** Keep the page out of search engines (errors, empty layouts). */
  noindex?: boolean;
  /** Languages the page's content exists in (default: every locale of the site). */
  contentLocales?: readonly Locale[];
}

/** Head tags for one page. */
export function Seo({
  title,
  description,
  path,
  image,
  type = 'website',
  publishedTime,
  modifiedTime,
  noindex,
  contentLocales = LOCALES,
}: SeoProps) {
  const pageLocale = useLocale();
  // The language the content is in: this page's, or the first one the content has.
  const locale = contentLocales.includes(pageLocale) ? pageLocale : (contentLocales[0] ?? DEFAULT_LOCALE);
  const root = useRootData();
  const siteUrl = root?.siteUrl ?? '';
  const siteName = root?.site?.name ?? '';
  // "Title | Site", unless the title already names the site (CMS SEO titles often do).
  const fullTitle = siteName && !title.includes(siteName) ? `${title} | ${siteName}` : title;
  const canonical = `${siteUrl}${localizePath(path, locale)}`;
  const imageUrl = image ? (image.startsWith('http') ? image : `${siteUrl}${image}`) : null;
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {contentLocales.map((alt) => (
        <link key={alt} rel="alternate" hrefLang={alt} href={`${siteUrl}${localizePath(path, alt)}`} />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={`${siteUrl}${localizePath(path, contentLocales.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : locale)}`}
      />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      {publishedTime ? <meta property="article:published_time" content={publishedTime} /> : null}
      {modifiedTime ? <meta property="article:modified_time" content={modifiedTime} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      {description ? <meta name="twitter:description" content={description} /> : null}
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
    </>
  );
}
