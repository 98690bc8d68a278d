/**
 * The foundation journey in a real browser: open home, open a news item, follow a tag,
 * switch to English and back, follow a CMS redirect, hit a 404 — with no console errors and no
 * hydration warnings, and client-side navigation after hydration.
 */
import { readFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedProcess } from '../../scripts/lib/processes.mjs';
import { launchBrowser, startProductionPortal, watchConsole } from '../support/browser.ts';

let portal: StartedProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleWatch: { problems: string[] };

beforeAll(async () => {
  [portal, browser] = await Promise.all([startProductionPortal(), launchBrowser()]);
  context = await browser.newContext({ locale: 'nl-NL' });
  page = await context.newPage();
  consoleWatch = watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Waits until React has hydrated (the router is live): a marker set by the client entry. */
async function hydrated(p: Page): Promise<void> {
  await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** GET `url` with `Accept-Encoding`, without decoding the body (fetch would decode it). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Paths of the data requests the page sent (`/__data/…`), in order. */
const dataPaths: string[] = [];

describe('foundation journey', () => {
  it('opens the Dutch home page with CMS content', async () => {
    // Every data request from the page's load on: a link in view may be prefetched before the
    // next test clicks it (decision 070), and that prefetch is the navigation's request.
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/__data/')) dataPaths.push(pathname);
    });
    const response = await page.goto(`${portal.url}/`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    await expect.poll(() => page.locator('.home__news .card').count()).toBeGreaterThan(3);
    expect(await page.locator('h2#home-news').textContent()).toBe('Laatste nieuws');
    expect(await page.title()).not.toBe('');
  });

  it('opens a news item by client-side navigation', async () => {
    await page.evaluate(() => {
      (window as unknown as { __marker: string }).__marker = 'same-document';
    });
    const link = page.locator('.home__news .card__title a').first();
    const title = (await link.textContent())?.trim();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(/\/news\/[^/]+\/[^/]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    // One data request for the page navigated to (dataStrategy), whether a prefetch in view or on
    // hover sent it and the navigation reused it, or the navigation sent it itself; for the page's
    // loader only (the root's data does not change within a locale).
    expect(dataPaths.filter((pathname) => pathname === `/__data${href}`)).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe(
      'same-document',
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.title()).toContain(title ?? '');
  });

  it('follows a tag to the tag page', async () => {
    const tag = page.locator('.article__tags a.tag').first();
    const name = (await tag.textContent())?.trim();
    await tag.click();
    await page.waitForURL(/\/news\/tag\/[^/?]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Nieuws over ${name}`);
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
  });

  it('switches to English and back', async () => {
    const dutchPath = new URL(page.url()).pathname;
    await page.locator('[data-locale-switch="en"]').click();
    await page.waitForURL((url) => url.pathname === `/en${dutchPath}`);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/^News about /);
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value)
      .toBe('en');
    await page.locator('[data-locale-switch="nl"]').click();
    await page.waitForURL((url) => url.pathname === dutchPath);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('nl');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value)
      .toBe('nl');
  });

  it('follows a CMS redirect rule', async () => {
    const response = await page.goto(`${portal.url}/over`);
    expect(new URL(page.url()).pathname).toBe('/over-ons');
    expect(response?.status()).toBe(200);
    await hydrated(page);
  });

  it('shows the 404 page naming the path', async () => {
    const response = await page.goto(`${portal.url}/deze-pagina-bestaat-niet`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator('.error-page__message').textContent()).toBe(
      'Pagina niet gevonden: /deze-pagina-bestaat-niet',
    );
    await page.locator('.error-page a.button').click();
    await page.waitForURL(`${portal.url}/`);
    await expect.poll(() => page.locator('.home__news .card').count()).toBeGreaterThan(3);
  });

  it('serves hashed assets with immutable caching and the build id for new-version checks', async () => {
    const html = await (await fetch(`${portal.url}/`, { headers: { 'Accept-Language': 'nl' } })).text();
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${portal.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const latest = await fetch(`${portal.url}/builds/latest.json?t=${Date.now()}`);
    expect(latest.headers.get('cache-control')).toBe('no-cache');
    const { id } = (await latest.json()) as { id: string };
    const health = (await (await fetch(`${portal.url}/health`)).json()) as { buildId: string };
    expect(health.buildId).toBe(id);
  });

  it('sends the precompressed copy of a script for the encoding the browser accepts', async () => {
    const html = await (await fetch(`${portal.url}/`, { headers: { 'Accept-Language': 'nl' } })).text();
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const clientDir = path.join(process.cwd(), process.env.PORTAL_BUILD_DIR ?? 'builds', 'client');
    const original = await readFile(path.join(clientDir, script!));
    for (const [acceptEncoding, contentEncoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await rawGet(`${portal.url}${script}`, acceptEncoding);
      expect(response.headers['content-encoding']).toBe(contentEncoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      // The file written at build time, byte for byte, and the script once decoded.
      const suffix = contentEncoding === 'br' ? '.br' : '.gz';
      expect(response.body.equals(await readFile(path.join(clientDir, `${script}${suffix}`)))).toBe(true);
      expect(decode(response.body).equals(original)).toBe(true);
    }
    const identity = await rawGet(`${portal.url}${script}`, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);
  });

  it('logged no console errors and no hydration warnings', () => {
    // A 404 document load logs "Failed to load resource: 404" in Chromium; that is the page under test.
    const problems = consoleWatch.problems.filter(
      (p) => !/Failed to load resource: the server responded with a status of 404/.test(p),
    );
    expect(problems).toEqual([]);
  });
});
