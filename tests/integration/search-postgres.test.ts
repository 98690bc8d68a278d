/**
 * The site search served by the CMS from PostgreSQL full-text search
 * (docs/decisions/066-postgres-full-text-search.md), against the real CMS:
 * - on PostgreSQL (`TEST_DATABASE=postgres`): the portal chooses it by itself; a query with and
 *   without accents finds the same article; Dutch stemming (`logistieke` finds `logistiek`); a
 *   draft is not found; a publish is found within 5 s with no index build in the portal, an
 *   unpublish and a delete take it away; bad input is a 400 with JSON; the GIN index exists;
 * - on SQLite: the CMS says it has no full-text search, its endpoint answers 501 with JSON, the
 *   portal uses MiniSearch, and a portal forced to `postgres` shows the Dutch error page.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp, type PortalApp } from '../../src/server/app.ts';
import { searchIndexFor, siteSearchFor } from '../../src/server/search/search-index.server.ts';
import { apiToken, editorToken } from '../support/cms-admin.ts';
import { cmsDatabase, storedRow } from '../support/cms-database.ts';
import { cms, decodeHtml, PUBLIC_URL } from '../support/portal.ts';

const onPostgres = cmsDatabase().client === 'postgres';
const suffix =
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6) || 'xyz';
let token: string;
const cleanups: Array<() => Promise<void>> = [];

function portalWith(searchBackend?: 'auto' | 'postgres' | 'minisearch'): Promise<PortalApp> {
  return createApp({
    mode: 'test',
    strapiUrl: inject('cmsUrl'),
    publicUrl: PUBLIC_URL,
    assets: { entry: '/assets/entry-client.js', styles: ['/assets/app.css'], modulePreloads: [] },
    cmsTimeoutMs: 3000,
    pageCacheTtlMs: 0,
    stateDir: null,
    searchBackend,
  });
}

/** Result paths in page order. */
function resultPaths(html: string): string[] {
  return [...html.matchAll(/<h2 class="search-result__title"><a href="([^"]+)"/g)].map((m) => m[1]!);
}

/** Writes an article through the CMS's REST API (full-access token); deleted after the tests. */
async function createArticle(
  data: Record<string, unknown>,
  status: 'published' | 'draft',
): Promise<{ documentId: string; slug: string }> {
  const response = await fetch(`${inject('cmsUrl')}/api/articles?status=${status}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: { publishDate: new Date().toISOString(), ...data } }),
  });
  expect(response.status).toBe(201);
  const { documentId, slug } = ((await response.json()) as { data: { documentId: string; slug: string } })
    .data;
  cleanups.push(() => deleteArticle(documentId));
  return { documentId, slug };
}

async function deleteArticle(documentId: string): Promise<void> {
  await fetch(`${inject('cmsUrl')}/api/articles/${documentId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  token = await apiToken('full-access');
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe.runIf(onPostgres)('PostgreSQL full-text search', () => {
  let portal: PortalApp;
  beforeAll(async () => {
    portal = await portalWith();
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('is what the CMS offers and what the portal chooses by itself, with a GIN index', async () => {
    const backend = await cms<{ backend: string; database: string }>('/search/backend');
    expect(backend.body).toEqual({ backend: 'postgres', database: 'postgres' });
    await request(portal.app).get('/zoeken?q=logistiek').expect(200);
    expect(siteSearchFor(portal.strapi).backend).toBe('postgres');
    const index = await storedRow<{ method: string }>(
      "SELECT am.amname AS method FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam WHERE c.relname = 'portal_search_documents_search_idx'",
    );
    expect(index?.method).toBe('gin');
  });

  it('finds the same article with and without accents, and by a Dutch inflection', async () => {
    const word = `kwéékproef${suffix}`;
    const { documentId, slug } = await createArticle(
      {
        title: `De ${word} in de haven`,
        slug: `kweekproef-${suffix}`,
        summary: `Een proef over logistiek ${suffix}vracht in Rotterdam.`,
      },
      'published',
    );
    const path = `/news/${documentId}/${slug}`;
    for (const query of [word, `kweekproef${suffix}`, `KWEEKPROEF${suffix}`]) {
      const html = (
        await request(portal.app)
          .get(`/zoeken?q=${encodeURIComponent(query)}`)
          .expect(200)
      ).text;
      expect(resultPaths(html), query).toEqual([path]);
      expect(decodeHtml(html)).toContain(`<mark>${word}</mark>`);
    }
    // "logistieke" (inflected) finds the article that says only "logistiek".
    const inflected = await request(portal.app)
      .get(`/zoeken?q=${encodeURIComponent(`logistieke ${suffix}vracht`)}`)
      .expect(200);
    expect(resultPaths(inflected.text)).toEqual([path]);
    // A prefix of 3+ characters finds it too.
    const prefix = await request(portal.app).get(
      `/zoeken?q=${encodeURIComponent(`kweekproef${suffix.slice(0, 2)}`)}`,
    );
    expect(resultPaths(prefix.text)).toContain(path);
  });

  it('does not find a draft', async () => {
    const word = `conceptwoord${suffix}`;
    await createArticle({ title: `Nog niet gepubliceerd: ${word}`, slug: `concept-${suffix}` }, 'draft');
    const direct = await cms<{ total: number }>(`/search?q=${word}`);
    expect(direct.status).toBe(200);
    expect(direct.body.total).toBe(0);
    const html = (await request(portal.app).get(`/zoeken?q=${word}`).expect(200)).text;
    expect(resultPaths(html)).toEqual([]);
  });

  it('finds a publish within 5 s without building an index, and loses it on unpublish and delete', async () => {
    const word = `verschenen${suffix}`;
    const started = Date.now();
    const { documentId, slug } = await createArticle(
      { title: `Net ${word} bericht`, slug: `verschenen-${suffix}` },
      'published',
    );
    await expect
      .poll(async () => resultPaths((await request(portal.app).get(`/zoeken?q=${word}`)).text), {
        timeout: 5000,
        interval: 50,
      })
      .toEqual([`/news/${documentId}/${slug}`]);
    console.info(`[search-postgres] a publish was found after ${Date.now() - started} ms`);
    // The portal never built its in-memory index.
    expect(searchIndexFor(portal.strapi).stats.generation).toBe(0);

    const draft = await fetch(`${inject('cmsUrl')}/api/articles/${documentId}?status=draft`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { title: `Net ${word} bericht, herzien` } }),
    });
    expect(draft.status).toBe(200);
    // Saving a draft does not change what is published: still found, with its published title.
    const stillPublished = await cms<{ total: number; hits: Array<{ title: string }> }>(`/search?q=${word}`);
    expect(stillPublished.body.hits.map((hit) => hit.title)).toEqual([`Net ${word} bericht`]);

    // An editor unpublishes it in the admin panel: gone at once.
    const admin = `${inject('cmsUrl')}/content-manager/collection-types/api::article.article/${documentId}`;
    const headers = { authorization: `Bearer ${await editorToken()}`, 'content-type': 'application/json' };
    expect((await fetch(`${admin}/actions/unpublish`, { method: 'POST', headers, body: '{}' })).status).toBe(
      200,
    );
    expect((await cms<{ total: number }>(`/search?q=${word}`)).body.total).toBe(0);
    expect(resultPaths((await request(portal.app).get(`/zoeken?q=${word}`)).text)).toEqual([]);
    // Published again, then deleted: found, then gone.
    expect((await fetch(`${admin}/actions/publish`, { method: 'POST', headers, body: '{}' })).status).toBe(
      200,
    );
    expect((await cms<{ total: number }>(`/search?q=${word}`)).body.total).toBe(1);
    await deleteArticle(documentId);
    expect((await cms<{ total: number }>(`/search?q=${word}`)).body.total).toBe(0);
  });

  it('answers bad input with 400 and JSON', async () => {
    for (const query of [
      '',
      '?q=',
      '?q=x&type=blog',
      '?q=x&page=0',
      `?q=${'a'.repeat(201)}`,
      '?q=x&locale=de',
    ]) {
      const response = await cms<{ error: { status: number; name: string } }>(`/search${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    }
  });
});

describe.runIf(!onPostgres)('PostgreSQL full-text search on a CMS without PostgreSQL', () => {
  it('is not offered: the endpoint answers 501 with JSON and the portal uses MiniSearch', async () => {
    expect((await cms('/search/backend')).body).toEqual({ backend: 'none', database: 'sqlite' });
    const direct = await cms<{ error: { status: number; name: string } }>('/search?q=logistiek');
    expect(direct.status).toBe(501);
    expect(direct.body.error).toMatchObject({ status: 501, name: 'NotImplementedError' });
    const portal = await portalWith();
    try {
      await request(portal.app).get('/zoeken?q=logistiek').expect(200);
      expect(siteSearchFor(portal.strapi).backend).toBe('minisearch');
    } finally {
      await portal.close();
    }
  });

  it('shows the Dutch error page when a portal is told to use it anyway', async () => {
    const portal = await portalWith('postgres');
    try {
      const response = await request(portal.app).get('/zoeken?q=logistiek');
      // The CMS's 501 is an outage of the search: the page's 503 error state, in Dutch.
      expect(response.status).toBe(503);
      expect(decodeHtml(response.text)).toContain('De inhoud is tijdelijk niet beschikbaar');
    } finally {
      await portal.close();
    }
  });
});
