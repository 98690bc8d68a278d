/**
 * Every `Cache-Control` value the portal sends, named by where it applies (one policy, one module).
 * Shared caches (a CDN, nginx) may keep only the `public` ones; anything that shows a visitor's
 * own data or input is `private` or `no-store` (docs/decisions/008-rendered-page-cache.md).
 */

/**
 * Anonymous, CMS-backed pages: browsers and shared caches a minute (nginx cannot purge by key, so
 * an edit shows within a minute plus one stale answer), then served stale for up to five minutes
 * while one request refreshes it, and for a day while the portal fails
 * (docs/decisions/054-shared-cache-headers.md).
 */
export const PUBLIC_PAGE_CACHE =
  'public, max-age=60, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400';

/** A page that is not there (404): briefly, so a page published a moment later appears soon. */
export const NOT_FOUND_CACHE = 'public, max-age=60';

/** Pages and answers that show a visitor's session, own data or what they typed in a form. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Errors, answers to form posts and anything that must never be stored. */
export const NO_STORE = 'no-store';

/** Hashed build assets (`/assets/*`): their URL changes with their content. */
export const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';

/** Other static files (icons, manifest): five minutes. */
export const STATIC_FILE_CACHE = 'public, max-age=300';

/** Files that must be revalidated on every use (`builds/latest.json`). */
export const REVALIDATE = 'no-cache';

/** A page that sets a cookie for this visitor (never shared, revalidated). */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/** Uploads whose name Strapi did not hash: an hour. */
export const UPLOAD_CACHE = 'public, max-age=3600';

/** Pages showing live numbers (places left at events): stored, but revalidated on every use. */
export const MUST_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Feeds and sitemaps: five minutes. */
export const FEED_CACHE = 'public, max-age=300';
