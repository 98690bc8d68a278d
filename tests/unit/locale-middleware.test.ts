/**
 * The locale middleware (src/server/middleware/locale.server.ts) on the unprefixed root `/`
 * (docs/product.md#states: route prefix, then cookie, then browser language, then `nl`;
 * docs/decisions/085-accept-language.md): Express weighs `Accept-Language` against `nl` and `en`.
 * A small Express app with cookie-parser and the middleware, as the portal mounts it.
 */
import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { localeMiddleware } from '../../src/server/middleware/locale.server.ts';

const app = express();
app.use(cookieParser());
app.use(localeMiddleware({ secureCookies: false }));
app.use((req, res) => {
  res.json({ locale: req.locale, path: req.localePath });
});

/** Where `GET path` with `headers` ends up: `en` for the redirect to `/en`, `nl` for the Dutch page. */
async function rootWith(headers: Record<string, string>, path = '/') {
  const response = await request(app).get(path).set(headers);
  if (response.status === 302) {
    expect(response.headers.location).toMatch(/^\/en(\?|$)/);
    return 'en';
  }
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ locale: 'nl', path: '/' });
  return 'nl';
}

describe('the root / without a cookie: the browser language', () => {
  it('follows q-values, not the order of the header', async () => {
    expect(await rootWith({ 'Accept-Language': 'en-GB,en;q=0.9,nl;q=0.8' })).toBe('en');
    expect(await rootWith({ 'Accept-Language': 'nl;q=0.3, en;q=0.7' })).toBe('en');
    expect(await rootWith({ 'Accept-Language': 'en;q=0.4, de-DE, nl;q=0.5' })).toBe('nl');
    expect(await rootWith({ 'Accept-Language': 'en;q=0, nl;q=0.1' })).toBe('nl');
  });

  it('matches a language with a region (en-GB, en-US, nl-BE) to its language', async () => {
    expect(await rootWith({ 'Accept-Language': 'en-GB' })).toBe('en');
    expect(await rootWith({ 'Accept-Language': 'EN-us' })).toBe('en');
    expect(await rootWith({ 'Accept-Language': 'nl-BE;q=0.9, en;q=0.8' })).toBe('nl');
  });

  it('gives nl for `*`, a wildcard preferred over English, and English refused', async () => {
    expect(await rootWith({ 'Accept-Language': '*' })).toBe('nl');
    expect(await rootWith({ 'Accept-Language': 'en-GB;q=0.8, *;q=0.9' })).toBe('nl');
    expect(await rootWith({ 'Accept-Language': '*;q=0.5, en;q=0' })).toBe('nl');
  });

  it('gives nl when nothing is acceptable, the header is empty or unreadable, or missing', async () => {
    expect(await rootWith({ 'Accept-Language': 'fr, de' })).toBe('nl');
    expect(await rootWith({ 'Accept-Language': '' })).toBe('nl');
    expect(await rootWith({ 'Accept-Language': 'en;q=abc' })).toBe('nl');
    expect(await rootWith({})).toBe('nl');
  });

  it('redirects to /en keeping the query, remembers the choice, and varies on both inputs', async () => {
    const response = await request(app).get('/?page=2').set('Accept-Language', 'en-US,en;q=0.9').expect(302);
    expect(response.headers.location).toBe('/en?page=2');
    expect(response.headers['set-cookie']?.[0]).toMatch(/^i18n_redirected=en; Max-Age=31536000; Path=\//);
    // Express's redirect adds `Accept` (its body is negotiated).
    expect(response.headers.vary).toBe('Cookie, Accept-Language, Accept');
    const dutch = await request(app).get('/').set('Accept-Language', 'nl').expect(200);
    expect(dutch.headers.vary).toBe('Cookie, Accept-Language');
    expect(dutch.headers['set-cookie']).toBeUndefined();
  });
});

describe('the root / with the locale cookie', () => {
  it('puts the cookie before the browser language', async () => {
    expect(await rootWith({ Cookie: 'i18n_redirected=nl', 'Accept-Language': 'en-US' })).toBe('nl');
    expect(await rootWith({ Cookie: 'i18n_redirected=en', 'Accept-Language': 'nl-NL' })).toBe('en');
  });

  it('ignores a cookie that names no locale', async () => {
    expect(await rootWith({ Cookie: 'i18n_redirected=xx', 'Accept-Language': 'fr-FR' })).toBe('nl');
    expect(await rootWith({ Cookie: 'i18n_redirected=xx', 'Accept-Language': 'en' })).toBe('en');
  });

  it('does not set the cookie again when it decided', async () => {
    const response = await request(app)
      .get('/')
      .set({ Cookie: 'i18n_redirected=en', 'Accept-Language': 'nl' })
      .expect(302);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('other pages', () => {
  it('take the locale of their path, whatever the browser prefers', async () => {
    const dutch = await request(app).get('/events').set('Accept-Language', 'en').expect(200);
    expect(dutch.body).toEqual({ locale: 'nl', path: '/events' });
    expect(dutch.headers.vary).toBeUndefined();
    const english = await request(app).get('/en/events').set('Accept-Language', 'nl').expect(200);
    expect(english.body).toEqual({ locale: 'en', path: '/events' });
  });
});
