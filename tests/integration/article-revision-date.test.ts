/**
 * The CMS sets an article's revision date (`modifiedDate`, "Bijgewerkt op") itself when an editor
 * publishes a changed version of an article that was already published
 * (docs/decisions/113-cms-sets-revision-date.md; cms/src/lib/article-revision-date.js), through
 * the admin panel's API as the Publish button calls it (save the draft, then publish) and through
 * the REST API (`PUT /api/articles/:id?status=published`). A first publication, a re-publish
 * without a change a reader sees and the first publication of a translation leave it alone, and
 * a date the editor set stays. The portal then shows "Bijgewerkt op" on the news item.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import type { Article } from '../../src/shared/cms-types.ts';
import { articlePath } from '../../src/shared/urls.ts';
import { apiToken, editorToken } from '../support/cms-admin.ts';
import { cms, createTestApp, decodeHtml } from '../support/portal.ts';

const cmsUrl = inject('cmsUrl');
const ADMIN = `${cmsUrl}/content-manager/collection-types/api::article.article`;

let portal: PortalApp;
let fullAccess: string;
/** Articles this file made, deleted at the end (other files read "the newest article"). */
const made: string[] = [];

/** A call of the admin panel's content manager as the signed-in editor; the answer's JSON. */
async function admin(method: 'POST' | 'PUT', path: string, body: object = {}): Promise<unknown> {
  const response = await fetch(`${ADMIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${await editorToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The editor saves the draft with `changes` and presses Publish. */
async function saveAndPublish(documentId: string, changes: object): Promise<void> {
  await admin('PUT', `/${documentId}`, changes);
  await admin('POST', `/${documentId}/actions/publish`);
}

/** The published Dutch article as the public API serves it. */
async function published(documentId: string, locale = 'nl'): Promise<Article> {
  const { status, body } = await cms<{ data: Article }>(
    `/articles/${documentId}?locale=${locale}&fields[0]=title&fields[1]=slug&fields[2]=publishDate&fields[3]=modifiedDate&fields[4]=summary`,
  );
  expect(status).toBe(200);
  return body.data;
}

/** A new article an editor made and published once in the admin panel, an hour old. */
async function firstPublished(name: string): Promise<Article> {
  const tag = Math.random().toString(36).slice(2, 8);
  const created = (await admin('POST', '', {
    title: `Revisietest ${name} ${tag}`,
    slug: `revisietest-${name}-${tag}`,
    summary: 'De eerste versie.',
    author: 'Redactie',
    publishDate: new Date(Date.now() - 3_600_000).toISOString(),
  })) as { data: { documentId: string } };
  made.push(created.data.documentId);
  await admin('POST', `/${created.data.documentId}/actions/publish`);
  return published(created.data.documentId);
}

/** A REST update of the published article with a full-access API token, as an integration does. */
async function restPublish(documentId: string, data: object, locale = 'nl'): Promise<void> {
  const response = await fetch(`${cmsUrl}/api/articles/${documentId}?status=published&locale=${locale}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${fullAccess}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  portal = await createTestApp();
  fullAccess = await apiToken('full-access');
});

afterAll(async () => {
  for (const documentId of made) {
    for (const locale of ['en', 'nl']) {
      await fetch(`${cmsUrl}/api/articles/${documentId}?locale=${locale}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${fullAccess}` },
      });
    }
  }
  await portal?.close();
});

describe('the revision date', () => {
  it('is set when the editor publishes a changed version, and the news item says "Bijgewerkt op"', async () => {
    const article = await firstPublished('herzien');
    expect(article.modifiedDate).toBeNull();
    const before = await request(portal.app).get(articlePath(article)).expect(200);
    expect(before.text).not.toContain('Bijgewerkt op');

    // Publish again without changing anything a reader sees: still no revision.
    await saveAndPublish(article.documentId, {});
    expect((await published(article.documentId)).modifiedDate).toBeNull();

    const start = Date.now();
    await saveAndPublish(article.documentId, { summary: 'De tweede versie, met een correctie.' });
    const revised = await published(article.documentId);
    expect(revised.summary).toBe('De tweede versie, met een correctie.');
    expect(revised.modifiedDate).toBeTruthy();
    const at = Date.parse(revised.modifiedDate ?? '');
    expect(at).toBeGreaterThanOrEqual(start - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    // A new portal: the first one keeps the CMS's earlier answer until a webhook says otherwise.
    const fresh = await createTestApp();
    const html = await request(fresh.app)
      .get(articlePath(revised))
      .set('Accept-Language', 'nl')
      .expect(200)
      .then((response) => response.text)
      .finally(() => fresh.close());
    expect(html).toContain(`<time dateTime="${revised.modifiedDate}">Bijgewerkt op `);
    const time = new Intl.DateTimeFormat('nl-NL', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Amsterdam',
    }).format(at);
    expect(decodeHtml(html)).toContain(`Bijgewerkt op ${time}`);
  });

  it('keeps a date the editor set, and is set by a REST update that publishes a change', async () => {
    const article = await firstPublished('zelf');
    const chosen = new Date(Date.parse(article.publishDate) + 10 * 60_000).toISOString();
    await saveAndPublish(article.documentId, {
      title: `${article.title} (gecorrigeerd)`,
      modifiedDate: chosen,
    });
    expect((await published(article.documentId)).modifiedDate).toBe(chosen);

    const start = Date.now();
    await restPublish(article.documentId, { summary: 'Via de API aangepast.' });
    const revised = await published(article.documentId);
    expect(Date.parse(revised.modifiedDate ?? '')).toBeGreaterThanOrEqual(start - 1000);

    // A REST update that names the date keeps it.
    await restPublish(article.documentId, { summary: 'Nog eens aangepast.', modifiedDate: chosen });
    expect((await published(article.documentId)).modifiedDate).toBe(chosen);
  });

  it('is not set by the first publication of a translation', async () => {
    const article = await firstPublished('vertaald');
    await restPublish(
      article.documentId,
      { title: `Revision test ${article.slug}`, slug: `${article.slug}-en`, summary: 'The English version.' },
      'en',
    );
    expect((await published(article.documentId, 'en')).title).toBe(`Revision test ${article.slug}`);
    expect((await published(article.documentId, 'en')).modifiedDate).toBeNull();
    expect((await published(article.documentId)).modifiedDate).toBeNull();
  });
});
