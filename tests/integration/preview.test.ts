/**
 * Preview before publishing (docs/decisions/101-signed-preview-links.md) against the real CMS:
 * drafts the public cannot see (a new article and a new page, and an edit of a published article
 * that waits in its draft) are shown by the portal only through the signed link the CMS's preview
 * handler builds, with private, unindexed, frameable-by-the-CMS answers that no cache keeps; an
 * altered or expired link answers 403 with a Dutch page and never the draft; the CMS itself gives
 * drafts to nobody else (public role, forged header, API token).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { previewQuery, signPreview } from '../../src/server/preview/preview-signature.server.ts';
import type { Article, StrapiList } from '../../src/shared/cms-types.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { apiToken, editorToken } from '../support/cms-admin.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';

const suffix = Math.random().toString(36).slice(2, 8);
const DRAFT_TITLE = `Conceptartikel over laadpalen ${suffix}`;
const DRAFT_SLUG = `conceptartikel-laadpalen-${suffix}`;
const PAGE_TITLE = `Conceptpagina over retouren ${suffix}`;
const PAGE_SLUG = `conceptpagina-retouren-${suffix}`;

let token: string;
let app: PortalApp;
let cachedApp: PortalApp;
let draft: { documentId: string };
let page: { documentId: string };
let published: Article;
let editedTitle: string;

/** A write to the CMS REST API with the full-access token. */
async function write(
  method: string,
  path: string,
  data: object,
): Promise<{ documentId: string; title: string }> {
  const response = await fetch(`${inject('cmsUrl')}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { data: { documentId: string; title: string } }).data;
}

/** The preview URL the CMS admin gets for a document (Strapi's preview handler, cms/config/admin.js). */
async function previewUrl(uid: string, documentId: string, locale = 'nl', status = 'draft'): Promise<URL> {
  const response = await fetch(
    `${inject('cmsUrl')}/content-manager/preview/url/${uid}?documentId=${documentId}&locale=${locale}&status=${status}`,
    { headers: { authorization: `Bearer ${await editorToken()}` } },
  );
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { url: string } };
  return new URL(data.url);
}

/** Opens a preview link in `portal` as the CMS admin's frame does: the link, then its redirect. */
async function openPreview(portal: PortalApp, link: URL) {
  const first = await request(portal.app).get(`${link.pathname}${link.search}`).expect(303);
  expect(first.headers['cache-control']).toBe('no-store');
  const location = first.headers.location as string;
  return { location, page: await request(portal.app).get(location) };
}

beforeAll(async () => {
  token = await apiToken('full-access');
  draft = await write('POST', '/articles?status=draft&locale=nl', {
    title: DRAFT_TITLE,
    slug: DRAFT_SLUG,
    summary: 'Nog niet gepubliceerd.',
    publishDate: '2026-11-27T08:00:00.000Z',
  });
  page = await write('POST', '/pages?status=draft&locale=nl', {
    title: PAGE_TITLE,
    slug: PAGE_SLUG,
    layout: 'default',
  });
  const { body } = await cms<StrapiList<Article>>('/articles?sort=publishDate:desc&pagination[pageSize]=1');
  published = body.data[0]!;
  editedTitle = `${published.title} (bijgewerkt ${suffix})`;
  // An edit of a published article that waits in its draft.
  await write('PUT', `/articles/${published.documentId}?status=draft&locale=nl`, { title: editedTitle });
  [app, cachedApp] = await Promise.all([
    createTestApp(undefined, { previewSecret: inject('previewSecret') }),
    createTestApp(undefined, { previewSecret: inject('previewSecret'), pageCacheTtlMs: 600_000 }),
  ]);
});

afterAll(async () => {
  await Promise.all([app?.close(), cachedApp?.close()]);
  // The published article's draft back to its published title.
  if (published)
    await write('PUT', `/articles/${published.documentId}?status=draft&locale=nl`, {
      title: published.title,
    });
});

describe('the CMS gives a draft to a valid preview only', () => {
  const grant = () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const fields = {
      uid: 'api::article.article' as const,
      documentId: draft.documentId,
      locale: 'nl' as const,
      status: 'draft' as const,
      expires,
    };
    return { fields, header: previewQuery(fields, inject('previewSecret')) };
  };

  it('hides the draft from the public role, from API tokens and from a forged header', async () => {
    expect((await cms(`/articles/${draft.documentId}?status=draft`)).status).toBe(404);
    const list = await cms<StrapiList<Article>>(`/articles?status=draft&filters[slug][$eq]=${DRAFT_SLUG}`);
    expect(list.body.data).toEqual([]);
    const withToken = await cms(`/articles/${draft.documentId}?status=draft`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.status).toBe(404);
    const forged = grant().header.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    const withForged = await cms(`/articles/${draft.documentId}?status=draft`, {
      headers: { 'x-portal-preview': forged },
    });
    expect(withForged.status).toBe(404);
  });

  it('reads the one granted draft with a valid header, and nothing else', async () => {
    const { header } = grant();
    const one = await cms<{ data: Article }>(`/articles/${draft.documentId}?status=draft`, {
      headers: { 'x-portal-preview': header },
    });
    expect(one.status).toBe(200);
    expect(one.body.data.title).toBe(DRAFT_TITLE);
    // Another document's draft (an edit that waits) and a list of drafts stay out of reach: the
    // other document reads as published.
    const other = await cms<{ data: Article }>(`/articles/${published.documentId}?status=draft`, {
      headers: { 'x-portal-preview': header },
    });
    expect(other.body.data.title).toBe(published.title);
    const list = await cms<StrapiList<Article>>('/articles?status=draft&pagination[pageSize]=100', {
      headers: { 'x-portal-preview': header },
    });
    expect(list.body.data.map((article) => article.documentId)).toEqual([draft.documentId]);
  });
});

describe('portal preview', () => {
  it('does not show the draft on its own page', async () => {
    const response = await request(app.app).get(
      articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG }),
    );
    expect(response.status).toBe(404);
    expect(decodeHtml(response.text)).not.toContain(DRAFT_TITLE);
  });

  it('shows the draft through the CMS preview link, private, unindexed and frameable by the CMS alone', async () => {
    const link = await previewUrl('api::article.article', draft.documentId);
    expect(link.origin).toBe('https://portal.test');
    expect(link.pathname).toBe('/voorvertoning');
    const { location, page: response } = await openPreview(app, link);
    expect(location.startsWith(`${articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG })}?`)).toBe(
      true,
    );
    expect(response.status).toBe(200);
    expect(decodeHtml(response.text)).toContain(`<h1>${DRAFT_TITLE}</h1>`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.text).toContain('<meta name="robots" content="noindex"');
    const cmsOrigin = new URL(inject('cmsUrl')).origin;
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${cmsOrigin}`);
    expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['surrogate-key']).toBeUndefined();
    // Every other answer keeps its own framing rules.
    const home = await request(app.app).get('/').expect(200);
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(home.headers['x-robots-tag']).toBeUndefined();
  });

  it('shows it in the language of the link (English under /en)', async () => {
    const link = await previewUrl('api::article.article', draft.documentId, 'en');
    const { location, page: response } = await openPreview(app, link);
    expect(
      location.startsWith(`/en${articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG })}?`),
    ).toBe(true);
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/<html lang="en"/);
    expect(decodeHtml(response.text)).toContain(DRAFT_TITLE);
  });

  it('shows a draft page at its own address', async () => {
    expect((await request(app.app).get(`/${PAGE_SLUG}`)).status).toBe(404);
    const { location, page: response } = await openPreview(
      app,
      await previewUrl('api::page.page', page.documentId),
    );
    expect(location.startsWith(`/${PAGE_SLUG}?`)).toBe(true);
    expect(response.status).toBe(200);
    expect(decodeHtml(response.text)).toContain(PAGE_TITLE);
  });

  it('refuses an altered link with 403 and a Dutch page, on the link and on the page', async () => {
    const link = await previewUrl('api::article.article', draft.documentId);
    const signature = link.searchParams.get('signature')!;
    link.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    const refused = await request(app.app).get(`${link.pathname}${link.search}`).expect(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(decodeHtml(refused.text)).toContain('Deze voorvertoning kan niet worden geopend');
    expect(decodeHtml(refused.text)).not.toContain(DRAFT_TITLE);
    const onPage = await request(app.app)
      .get(`${articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG })}${link.search}`)
      .expect(403);
    expect(decodeHtml(onPage.text)).not.toContain(DRAFT_TITLE);
    // Another document under a valid signature is an altered link too.
    const swapped = await previewUrl('api::article.article', draft.documentId);
    swapped.searchParams.set('documentId', published.documentId);
    await request(app.app).get(`${swapped.pathname}${swapped.search}`).expect(403);
    // JSON clients get JSON.
    const json = await request(app.app)
      .get(`${link.pathname}${link.search}`)
      .set('Accept', 'application/json')
      .expect(403);
    expect(json.body.error.name).toBe('invalid');
  });

  it('refuses an expired link with 403 and says it expired', async () => {
    const fields = {
      uid: 'api::article.article' as const,
      documentId: draft.documentId,
      locale: 'nl' as const,
      status: 'draft' as const,
      expires: Math.floor(Date.now() / 1000) - 1,
    };
    expect(signPreview(fields, inject('previewSecret'))).toMatch(/^[\w-]{43}$/);
    const search = `?${previewQuery(fields, inject('previewSecret'))}`;
    const refused = await request(app.app).get(`/voorvertoning${search}`).expect(403);
    expect(decodeHtml(refused.text)).toContain('Deze voorvertoning is verlopen');
    const onPage = await request(app.app)
      .get(`${articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG })}${search}`)
      .expect(403);
    expect(decodeHtml(onPage.text)).not.toContain(DRAFT_TITLE);
  });

  it('refuses every link when the portal has no secret', async () => {
    const link = await previewUrl('api::article.article', draft.documentId);
    const bare = await createTestApp();
    try {
      const refused = await request(bare.app).get(`${link.pathname}${link.search}`).expect(403);
      expect(decodeHtml(refused.text)).toContain('Voorvertoning is niet ingesteld');
    } finally {
      await bare.close();
    }
  });

  it('keeps previews out of every cache: the public sees the published version before and after', async () => {
    const path = articlePath(published);
    const before = await request(cachedApp.app).get(path).expect(200);
    expect(decodeHtml(before.text)).toContain(`<h1>${published.title}</h1>`);
    const link = await previewUrl('api::article.article', published.documentId);
    const { page: preview } = await openPreview(cachedApp, link);
    expect(preview.status).toBe(200);
    expect(decodeHtml(preview.text)).toContain(`<h1>${editedTitle}</h1>`);
    expect(preview.headers['x-cache']).toBeUndefined();
    // A public request after the preview: the published title, from the page cache.
    const after = await request(cachedApp.app).get(path).expect(200);
    expect(after.headers['x-cache']).toBe('HIT');
    expect(decodeHtml(after.text)).toContain(`<h1>${published.title}</h1>`);
    expect(decodeHtml(after.text)).not.toContain(editedTitle);
    // And a new draft never reaches the public page, cached or not.
    const newDraft = articlePath({ documentId: draft.documentId, slug: DRAFT_SLUG });
    await openPreview(cachedApp, await previewUrl('api::article.article', draft.documentId));
    expect((await request(cachedApp.app).get(newDraft)).status).toBe(404);
    // The preview again shows the draft, not the cached public page.
    const again = await openPreview(cachedApp, link);
    expect(decodeHtml(again.page.text)).toContain(`<h1>${editedTitle}</h1>`);
  });
});
