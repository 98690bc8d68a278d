/**
 * The test CMS's admin panel as an editor uses it: one administrator for the whole test run
 * (registered by whichever test file asks first), and API tokens. The admin JWT is kept in the
 * test CMS's folder and reused by every file, since Strapi rate-limits admin logins per address.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

const CREDENTIALS = { email: 'redactie-vacatures@example.test', password: 'Redactie2026!' };

/** Where the admin JWT of this test run is kept (beside the CMS's mail folder). */
const tokenFile = () => path.join(path.dirname(inject('mailDir')), 'admin-token');

/** An editor's admin-panel token. */
export async function editorToken(): Promise<string> {
  const cached = await readFile(tokenFile(), 'utf8').catch(() => '');
  if (cached) return cached;
  const call = (path: string, body: object) =>
    fetch(`${inject('cmsUrl')}/admin/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let response = await call('register-admin', { ...CREDENTIALS, firstname: 'Eva', lastname: 'Redactie' });
  if (!response.ok) response = await call('login', CREDENTIALS);
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  const token = ((await response.json()) as { data: { token: string } }).data.token;
  await writeFile(tokenFile(), token, { mode: 0o600 });
  return token;
}

/** A new API token of `type` (`read-only` or `full-access`), as an editor creates it in Settings. */
export async function apiToken(type: 'read-only' | 'full-access'): Promise<string> {
  const response = await fetch(`${inject('cmsUrl')}/admin/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await editorToken()}` },
    body: JSON.stringify({
      name: `test ${type} ${Math.random().toString(36).slice(2, 8)}`,
      type,
      lifespan: null,
    }),
  });
  if (!response.ok) throw new Error(`API token not created: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { accessKey: string } }).data.accessKey;
}

/** An article a test published; `remove` deletes it again (other files read "the newest article"). */
export interface PublishedArticle {
  documentId: string;
  slug: string;
  remove: () => Promise<void>;
}

/**
 * Publishes a Dutch article through the CMS's REST API with a new full-access token, as an outside
 * integration does (the CMS's search rows and webhooks follow as for an editor's publish).
 * @param data the article's fields (`publishDate` defaults to now)
 * @throws Error when the CMS does not answer 201
 */
export async function publishArticle(data: {
  title: string;
  slug: string;
  summary?: string;
  publishDate?: string;
}): Promise<PublishedArticle> {
  const token = await apiToken('full-access');
  const response = await fetch(`${inject('cmsUrl')}/api/articles?status=published`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ data: { publishDate: new Date().toISOString(), ...data } }),
  });
  if (response.status !== 201) {
    throw new Error(`article not published: ${response.status} ${await response.text()}`);
  }
  const { documentId, slug } = ((await response.json()) as { data: { documentId: string; slug: string } })
    .data;
  return {
    documentId,
    slug,
    remove: async () => {
      await fetch(`${inject('cmsUrl')}/api/articles/${documentId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    },
  };
}
