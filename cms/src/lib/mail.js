/**
 * The one set of e-mail helpers of the workflows: the portal's public address and links to its
 * pages in a language, and HTML escaping for e-mail bodies.
 */
const escapeHtmlText = require('escape-html');

/**
 * The portal's public origin without trailing slash, or null when not configured.
 * @returns {string | null}
 */
function portalUrl() {
  const value = process.env.PORTAL_URL || process.env.PUBLIC_PORTAL_URL || '';
  return value ? value.replace(/\/+$/, '') : null;
}

/**
 * The portal's public origin for links in e-mails (PORTAL_URL), or `http://localhost:3000`.
 * @returns {string}
 */
function portalOrigin() {
  return portalUrl() || 'http://localhost:3000';
}

/**
 * A portal path in a language: `/nieuwsbrief` → `https://portal/en/nieuwsbrief` for English.
 * @param {string} path Site path starting with `/`.
 * @param {'nl'|'en'} language
 * @returns {string} Absolute URL.
 */
function portalLink(path, language) {
  return `${portalOrigin()}${language === 'en' ? '/en' : ''}${path}`;
}

/**
 * An absolute link to a portal page in a locale (`/events/x` → `https://portal/en/events/x`), or
 * null when PORTAL_URL is not configured.
 * @param {string} path Unprefixed site path starting with `/`.
 * @param {'nl' | 'en'} locale
 * @returns {string | null}
 */
function configuredPortalLink(path, locale) {
  const origin = portalUrl();
  if (!origin) return null;
  return `${origin}${locale === 'nl' ? '' : `/${locale}`}${path}`;
}

/**
 * Escapes text for HTML e-mail bodies: `&`, `<`, `>`, `"` and `'` (the `escape-html` package,
 * the one Express uses; the portal uses it too).
 * @param {unknown} value
 * @returns {string}
 */
function escapeHtml(value) {
  return escapeHtmlText(String(value));
}

module.exports = { portalUrl, portalOrigin, portalLink, configuredPortalLink, escapeHtml };
