/**
 * The admin panel comes with the CMS, as `npm start` runs it (decision 109): the test
 * CMS serves the panel built by cms/scripts/admin-build.js (`npm test` builds it in its first
 * stage, only when stale). Editors approve placed vacancies and preview drafts there; those
 * actions go through the panel's own API and are tested where they belong
 * (tests/integration/forms-vacancies.test.ts, tests/e2e/preview.test.ts).
 */
import { describe, expect, inject, it } from 'vitest';
import { editorToken } from '../support/cms-admin.ts';

const cmsUrl = inject('cmsUrl');

describe('the CMS admin panel', () => {
  it('is served at /admin, and asks for or admits its administrator', async () => {
    expect(
      inject('cmsAdminPanel'),
      'the admin panel is not built: run `node cms/scripts/admin-build.js` (npm test does)',
    ).toBe(true);
    const page = await fetch(`${cmsUrl}/admin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<title>Strapi Admin</title>');
    // Its own routes answer with the same page (a client-side app).
    const deep = await fetch(`${cmsUrl}/admin/content-manager/collection-types/api::vacancy.vacancy`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Strapi Admin</title>');
    // The first visit registers the first administrator (README); then `hasAdmin` is true.
    await editorToken();
    const init = (await (await fetch(`${cmsUrl}/admin/init`)).json()) as { data: { hasAdmin: boolean } };
    expect(init.data.hasAdmin).toBe(true);
  });
});
