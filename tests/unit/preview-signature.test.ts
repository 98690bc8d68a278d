/**
 * Signed preview links (docs/decisions/101-signed-preview-links.md): the CMS (CommonJS,
 * cms/src/lib/preview.js) and the portal (src/server/preview/preview-signature.server.ts) sign
 * alike; the portal refuses altered, foreign and expired links; the CMS client reads as a draft
 * only what reads the previewed document.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readsGrantedDocument } from '../../src/server/cms/strapi-client.server.ts';
import {
  checkPreview,
  type PreviewFields,
  previewQuery,
  signPreview,
} from '../../src/server/preview/preview-signature.server.ts';

const require = createRequire(import.meta.url);
const cmsPreview = require('../../cms/src/lib/preview.js') as {
  previewHandler: (
    portalUrl: string,
    secret: string,
  ) => (
    uid: string,
    params: { documentId: string; locale?: string | null; status?: string },
  ) => string | null;
  signPreview: (fields: PreviewFields, secret: string) => string;
  verifyPreview: (params: URLSearchParams, secret: string | undefined, now?: number) => PreviewFields | null;
};

const SECRET = 'een-geheim-van-minstens-tweeendertig-tekens';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const fields: PreviewFields = {
  uid: 'api::article.article',
  documentId: 'h7r2k9x0p1q3w5e8t6y4u2i0',
  locale: 'nl',
  status: 'draft',
  expires: NOW / 1000 + 600,
};

describe('preview signature', () => {
  it('is the same in the CMS and the portal', () => {
    expect(signPreview(fields, SECRET)).toBe(cmsPreview.signPreview(fields, SECRET));
    expect(signPreview({ ...fields, locale: 'en' }, SECRET)).not.toBe(signPreview(fields, SECRET));
  });

  it('accepts the CMS handler’s link in the portal, and the portal’s header in the CMS', () => {
    const url = new URL(
      cmsPreview.previewHandler('https://portal.example/', SECRET)('api::event.event', {
        documentId: 'abc123',
        locale: null,
      })!,
    );
    expect(url.origin + url.pathname).toBe('https://portal.example/voorvertoning');
    const check = checkPreview(url.searchParams, SECRET);
    expect(check).toMatchObject({
      ok: true,
      fields: { uid: 'api::event.event', locale: 'nl', status: 'draft' },
    });
    expect(cmsPreview.verifyPreview(new URLSearchParams(previewQuery(fields, SECRET)), SECRET, NOW)).toEqual(
      fields,
    );
  });

  it('gives no link for a type the portal does not show', () => {
    expect(
      cmsPreview.previewHandler('https://portal.example', SECRET)('api::tag.tag', { documentId: 'x1' }),
    ).toBeNull();
  });

  it('refuses altered, foreign, expired and unconfigured links', () => {
    const good = new URLSearchParams(previewQuery(fields, SECRET));
    expect(checkPreview(good, SECRET, NOW)).toEqual({ ok: true, fields });
    for (const [name, value] of [
      ['documentId', 'another1'],
      ['locale', 'en'],
      ['status', 'published'],
      ['uid', 'api::page.page'],
      ['expires', String(fields.expires + 3600)],
      ['signature', `${good.get('signature')!.slice(0, -2)}xx`],
      ['signature', ''],
    ] as const) {
      const altered = new URLSearchParams(good);
      altered.set(name, value);
      expect(checkPreview(altered, SECRET, NOW), `${name}=${value}`).toEqual({
        ok: false,
        reason: 'invalid',
      });
      expect(cmsPreview.verifyPreview(altered, SECRET, NOW), `${name}=${value}`).toBeNull();
    }
    expect(checkPreview(good, 'een-ander-geheim-van-tweeendertig-tekens', NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkPreview(good, SECRET, fields.expires * 1000)).toEqual({ ok: false, reason: 'expired' });
    expect(cmsPreview.verifyPreview(good, SECRET, fields.expires * 1000)).toBeNull();
    expect(checkPreview(good, undefined, NOW)).toEqual({ ok: false, reason: 'not-configured' });
    expect(cmsPreview.verifyPreview(good, undefined, NOW)).toBeNull();
  });
});

describe('which reads a preview makes of the draft', () => {
  const grant = { collection: 'articles', documentId: 'd1', header: 'uid=…' };

  it('reads the previewed document as a draft', () => {
    expect(readsGrantedDocument(grant, '/articles/d1', { locale: 'nl' })).toBe(true);
    expect(readsGrantedDocument(grant, '/articles', { filters: { documentId: { $in: ['d1'] } } })).toBe(true);
    expect(readsGrantedDocument(grant, '/articles', { filters: { documentId: { $eq: 'd1' } } })).toBe(true);
    expect(readsGrantedDocument(grant, '/articles', { filters: { slug: { $eq: 'een-slug' } } })).toBe(true);
  });

  it('leaves lists, other documents and other collections published', () => {
    expect(readsGrantedDocument(grant, '/articles/d2', {})).toBe(false);
    expect(readsGrantedDocument(grant, '/articles', { filters: { documentId: { $ne: 'd1' } } })).toBe(false);
    expect(readsGrantedDocument(grant, '/articles', { filters: { documentId: { $in: ['d1', 'd2'] } } })).toBe(
      false,
    );
    expect(readsGrantedDocument(grant, '/articles', { sort: ['publishDate:desc'] })).toBe(false);
    expect(
      readsGrantedDocument(grant, '/articles', {
        filters: { slug: { $eq: 'x' }, topic: { slug: { $eq: 'y' } } },
      }),
    ).toBe(false);
    expect(readsGrantedDocument(grant, '/events', { filters: { slug: { $eq: 'een-slug' } } })).toBe(false);
  });
});
