/**
 * Signed preview links (docs/decisions/101-signed-preview-links.md): the CMS's preview handler
 * (cms/src/lib/preview.js, the same format in CommonJS) signs `uid`, `documentId`, `locale`,
 * `status` and `expires` (Unix seconds) with HMAC-SHA256 and the shared PREVIEW_SECRET
 * (base64url); the portal checks them here, comparing in constant time (`timingSafeEqual`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOCALES, type Locale } from '../../shared/i18n/locale.ts';

/** The content types editors preview, by Strapi uid, with their REST collection. */
export const PREVIEW_TYPES = {
  'api::article.article': 'articles',
  'api::event.event': 'events',
  'api::vacancy.vacancy': 'vacancies',
  'api::magazine.magazine': 'magazines',
  'api::page.page': 'pages',
} as const;

/** A previewable content type's uid. */
export type PreviewUid = keyof typeof PREVIEW_TYPES;

/** The REST collection of a previewable type. */
export type PreviewCollection = (typeof PREVIEW_TYPES)[PreviewUid];

/** Which version a preview shows: the draft or the published one (Strapi's preview tabs). */
export type PreviewStatus = 'draft' | 'published';

/** The signed fields of a preview link. */
export interface PreviewFields {
  uid: PreviewUid;
  documentId: string;
  locale: Locale;
  status: PreviewStatus;
  /** End of validity, Unix seconds. */
  expires: number;
}

/** The query parameters of a preview link, in order; the page URL carries the same. */
export const PREVIEW_PARAMS = ['uid', 'documentId', 'locale', 'status', 'expires', 'signature'] as const;

/** Why a preview link is refused. */
export type PreviewRefusal = 'not-configured' | 'invalid' | 'expired';

/** A checked preview link: its fields, or why it is refused. */
export type PreviewCheck = { ok: true; fields: PreviewFields } | { ok: false; reason: PreviewRefusal };

/** The signed text: a version tag and the fields, one a line (as cms/src/lib/preview.js). */
function signedText(fields: PreviewFields): string {
  return [
    'portal-preview-v1',
    fields.uid,
    fields.documentId,
    fields.locale,
    fields.status,
    String(fields.expires),
  ].join('\n');
}

/** HMAC-SHA256 of `fields` with `secret`, base64url. */
export function signPreview(fields: PreviewFields, secret: string): string {
  return createHmac('sha256', secret).update(signedText(fields)).digest('base64url');
}

/** True for a uid the portal previews. */
function isPreviewUid(uid: string): uid is PreviewUid {
  return Object.hasOwn(PREVIEW_TYPES, uid);
}

/**
 * Checks a preview link's parameters against `secret` at `now` (ms since the epoch).
 * @returns the fields when the type, locale and status are known, `expires` lies ahead and the
 *   signature matches; else `not-configured` (no secret), `expired`, or `invalid` (anything else,
 *   including an altered field)
 */
export function checkPreview(
  params: URLSearchParams,
  secret: string | undefined,
  now = Date.now(),
): PreviewCheck {
  if (!secret) return { ok: false, reason: 'not-configured' };
  const uid = params.get('uid') ?? '';
  const documentId = params.get('documentId') ?? '';
  const locale = params.get('locale') ?? '';
  const status = params.get('status') ?? '';
  const expires = Number(params.get('expires'));
  const signature = params.get('signature') ?? '';
  if (
    !isPreviewUid(uid) ||
    !/^[A-Za-z0-9]{1,64}$/.test(documentId) ||
    !(LOCALES as readonly string[]).includes(locale) ||
    (status !== 'draft' && status !== 'published') ||
    !Number.isSafeInteger(expires)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  const fields: PreviewFields = { uid, documentId, locale: locale as Locale, status, expires };
  const expected = Buffer.from(signPreview(fields, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  // Checked after the signature: an altered `expires` is invalid, an honest old one expired.
  if (expires * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, fields };
}

/** The query string of a signed preview link (`uid=…&…&signature=…`) for `fields`. */
export function previewQuery(fields: PreviewFields, secret: string): string {
  return new URLSearchParams({
    uid: fields.uid,
    documentId: fields.documentId,
    locale: fields.locale,
    status: fields.status,
    expires: String(fields.expires),
    signature: signPreview(fields, secret),
  }).toString();
}
