/**
 * Preview before publishing (the portal's docs/decisions/101-signed-preview-links.md).
 *
 * Strapi 5's Preview (config/admin.js `preview.config.handler`) asks this module for the portal
 * URL of a document: `{PORTAL_URL}/voorvertoning?uid&documentId&locale&status&expires&signature`,
 * where `signature` is HMAC-SHA256 (base64url) with PREVIEW_SECRET over those fields and
 * `expires` (Unix seconds) lies {@link PREVIEW_LINK_TTL_S} ahead. The portal checks the signature
 * (constant-time) and passes the same fields back in the `x-portal-preview` header when it reads
 * the draft; {@link previewGrantOf} lets exactly that document's draft through the published-only
 * read actions (lib/published-only.js). Without PREVIEW_SECRET there is no preview and no header
 * is honoured. The portal's copy of the format is src/server/preview/preview-signature.server.ts;
 * a unit test checks both sign alike.
 */
const crypto = require('node:crypto');

/** How long a preview link stays valid, in seconds (one editing session). */
const PREVIEW_LINK_TTL_S = 60 * 60;

/** The request header in which the portal passes a preview's signed fields. */
const PREVIEW_HEADER = 'x-portal-preview';

/** The content types editors can preview, by uid, with the portal's collection name. */
const PREVIEW_TYPES = {
  'api::article.article': 'articles',
  'api::event.event': 'events',
  'api::vacancy.vacancy': 'vacancies',
  'api::magazine.magazine': 'magazines',
  'api::page.page': 'pages',
};

/** The locales the portal renders (the first is the default). */
const LOCALES = ['nl', 'en'];

/** The statuses a preview shows: the draft, or the published version (Strapi's preview tabs). */
const STATUSES = ['draft', 'published'];

/**
 * The signed text of a preview: a version tag and the fields, one a line.
 * @param {{uid: string, documentId: string, locale: string, status: string, expires: number}} fields
 * @returns {string}
 */
function signedText({ uid, documentId, locale, status, expires }) {
  return ['portal-preview-v1', uid, documentId, locale, status, String(expires)].join('\n');
}

/**
 * HMAC-SHA256 of a preview's fields with `secret`, base64url.
 * @param {{uid: string, documentId: string, locale: string, status: string, expires: number}} fields
 * @param {string} secret PREVIEW_SECRET
 * @returns {string}
 */
function signPreview(fields, secret) {
  return crypto.createHmac('sha256', secret).update(signedText(fields)).digest('base64url');
}

/**
 * The query of a signed preview link for one document.
 * @param {{uid: string, documentId: string, locale?: string | null, status?: string | null}} target
 * @param {string} secret PREVIEW_SECRET
 * @param {number} [now] ms since the epoch
 * @returns {URLSearchParams | null} null for a type the portal does not show
 */
function previewParams(target, secret, now = Date.now()) {
  if (!PREVIEW_TYPES[target.uid] || !target.documentId) return null;
  const fields = {
    uid: target.uid,
    documentId: target.documentId,
    locale: LOCALES.includes(target.locale ?? '') ? target.locale : LOCALES[0],
    status: target.status === 'published' ? 'published' : 'draft',
    expires: Math.floor(now / 1000) + PREVIEW_LINK_TTL_S,
  };
  return new URLSearchParams({ ...fields, expires: String(fields.expires), signature: signPreview(fields, secret) });
}

/**
 * Strapi's preview handler (config/admin.js): the portal URL that shows `uid`'s document.
 * @param {string} portalUrl the portal's origin (PORTAL_URL)
 * @param {string} secret PREVIEW_SECRET
 * @returns {(uid: string, params: {documentId: string, locale?: string | null, status?: string}) => string | null}
 */
function previewHandler(portalUrl, secret) {
  const base = portalUrl.replace(/\/+$/, '');
  return (uid, { documentId, locale, status }) => {
    const params = previewParams({ uid, documentId, locale, status }, secret);
    return params ? `${base}/voorvertoning?${params}` : null;
  };
}

/**
 * Checks signed preview fields: a known type, locale and status, a future `expires`, and a
 * signature that matches (compared in constant time).
 * @param {URLSearchParams} params
 * @param {string | undefined} secret PREVIEW_SECRET
 * @param {number} [now] ms since the epoch
 * @returns {{uid: string, documentId: string, locale: string, status: string, expires: number} | null}
 */
function verifyPreview(params, secret, now = Date.now()) {
  if (!secret) return null;
  const uid = params.get('uid') ?? '';
  const documentId = params.get('documentId') ?? '';
  const locale = params.get('locale') ?? '';
  const status = params.get('status') ?? '';
  const expires = Number(params.get('expires'));
  const signature = params.get('signature') ?? '';
  if (!PREVIEW_TYPES[uid] || !/^[A-Za-z0-9]{1,64}$/.test(documentId)) return null;
  if (!LOCALES.includes(locale) || !STATUSES.includes(status)) return null;
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return null;
  const fields = { uid, documentId, locale, status, expires };
  const expected = Buffer.from(signPreview(fields, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return fields;
}

/**
 * The draft a request may read of `uid`: the document of a valid `x-portal-preview` header for
 * that type and status `draft`, else null (public role, users, API tokens: published only).
 * @param {import('koa').Context} ctx
 * @param {string} uid
 * @returns {{documentId: string} | null}
 */
function previewGrantOf(ctx, uid) {
  const header = ctx.get(PREVIEW_HEADER);
  if (!header) return null;
  const grant = verifyPreview(new URLSearchParams(header), process.env.PREVIEW_SECRET);
  if (!grant || grant.uid !== uid || grant.status !== 'draft') return null;
  return { documentId: grant.documentId };
}

module.exports = {
  PREVIEW_HEADER,
  PREVIEW_LINK_TTL_S,
  PREVIEW_TYPES,
  previewGrantOf,
  previewHandler,
  previewParams,
  signPreview,
  verifyPreview,
};
