/**
 * The language switch without JavaScript (`GET /taal/{locale}?naar=…`, docs/decisions/006): the
 * header links to it; it sets `i18n_redirected` for a year and redirects to the same page in the
 * other language, so that `/` afterwards keeps the choice. Foreign targets go home; unknown
 * locales are 404; nothing is cached.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalApp } from '../../src/server/app.ts';
import { createTestApp, decodeHtml } from '../support/portal.ts';

let portal: PortalApp;

beforeAll(async () => {
  portal = await createTestApp();
});

afterAll(() => portal.close());

/** The locale cookie a response sets, if any. */
function localeCookie(response: request.Response): string | undefined {
  return ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((line) => line.startsWith('i18n_redirected='));
}

describe('the language switch', () => {
  it('is a plain link in the header to the server route, with the page and its query', async () => {
    const html = decodeHtml((await request(portal.app).get('/en/events?periode=afgelopen').expect(200)).text);
    expect(html).toContain('href="/taal/nl?naar=%2Fevents%3Fperiode%3Dafgelopen"');
    const dutch = decodeHtml(
      (await request(portal.app).get('/events').set('Accept-Language', 'nl').expect(200)).text,
    );
    expect(dutch).toContain('href="/taal/en?naar=%2Fevents"');
  });

  it('remembers Dutch for a year and keeps "/" Dutch afterwards', async () => {
    const response = await request(portal.app)
      .get('/taal/nl?naar=%2Fen%2Fevents%3Fperiode%3Dafgelopen')
      .expect(302);
    expect(response.headers.location).toBe('/events?periode=afgelopen');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(localeCookie(response)).toMatch(
      /^i18n_redirected=nl; Max-Age=31536000; Path=\/; Expires=[^;]+; Secure; SameSite=Lax$/,
    );
    // The root then stays Dutch, although the browser prefers English.
    await request(portal.app)
      .get('/')
      .set('Cookie', 'i18n_redirected=nl')
      .set('Accept-Language', 'en-GB,en;q=0.9')
      .expect(200);
  });

  it('switches to English the same way', async () => {
    const response = await request(portal.app).get('/taal/en?naar=%2Fjobs').expect(302);
    expect(response.headers.location).toBe('/en/jobs');
    expect(localeCookie(response)).toMatch(/^i18n_redirected=en;/);
    const root = await request(portal.app).get('/').set('Cookie', 'i18n_redirected=en').expect(302);
    expect(root.headers.location).toBe('/en');
  });

  const foreign = [
    '//evil.example/',
    'https://evil.example/',
    '/\\evil.example',
    '/%2e%2e//evil.example',
    'javascript:alert(1)',
  ];
  for (const target of foreign) {
    it(`sends ${JSON.stringify(target)} home instead of off the site`, async () => {
      const response = await request(portal.app)
        .get(`/taal/en?naar=${encodeURIComponent(target)}`)
        .expect(302);
      expect(response.headers.location).toBe('/en');
    });
  }

  it('answers 404 for an unknown locale and sets nothing', async () => {
    const response = await request(portal.app).get('/taal/fr?naar=%2F').expect(404);
    expect(localeCookie(response)).toBeUndefined();
  });
});
