/**
 * The web app manifests of the production build (docs/decisions/059-installable-app.md; W3C Web
 * Application Manifest, https://www.w3.org/TR/appmanifest/): served as
 * `application/manifest+json`, Dutch at `/manifest.webmanifest` and English at
 * `/en/manifest.webmanifest`, with the texts of the translation files and the brand colours; every
 * icon is reachable, a PNG of the size it claims; each locale's pages link their own manifest.
 * Needs `npm run build` (as the e2e tests; `npm test` builds first).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type StartedProcess, startPortal } from '../../scripts/lib/processes.mjs';
import { headOf } from '../support/portal.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

interface WebAppTexts {
  webApp: { name: string; shortName: string; description: string };
}

let portal: StartedProcess;

beforeAll(async () => {
  portal = await startPortal({ port: await freePort(), strapiUrl: inject('cmsUrl'), stdio: 'inherit' });
});

afterAll(async () => {
  await portal?.stop();
});

/** Width and height of a PNG, from its IHDR chunk (PNG specification, section 11.2.2). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function texts(locale: 'nl' | 'en'): Promise<WebAppTexts> {
  return JSON.parse(await readFile(`src/shared/i18n/locales/${locale}/web-app.json`, 'utf8')) as WebAppTexts;
}

describe.each([
  { locale: 'nl' as const, page: '/', manifestPath: '/manifest.webmanifest' },
  { locale: 'en' as const, page: '/en', manifestPath: '/en/manifest.webmanifest' },
])('the $locale manifest', ({ locale, page, manifestPath }) => {
  it('is served as application/manifest+json with the locale, start URL, texts and brand colours', async () => {
    const response = await fetch(`${portal.url}${manifestPath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    const { webApp } = await texts(locale);
    expect(manifest).toMatchObject({
      id: page,
      name: webApp.name,
      short_name: webApp.shortName,
      description: webApp.description,
      lang: locale,
      start_url: page,
      scope: '/',
      display: 'standalone',
      // Brand palette (docs/product.md#constants): main and tertiary.
      theme_color: '#55738b',
      background_color: '#fff1e5',
    });
    expect(manifest.name).toBe(
      locale === 'nl' ? 'Logistiek & E-commerce Nieuws' : 'Logistics & E-commerce News',
    );
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('lists icons of 192 and 512 px and a maskable one, each a reachable PNG of its size', async () => {
    const manifest = (await (await fetch(`${portal.url}${manifestPath}`)).json()) as Manifest;
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const response = await fetch(`${portal.url}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      const size = Number(icon.sizes.split('x')[0]);
      expect(pngSize(Buffer.from(await response.arrayBuffer())), icon.src).toEqual({
        width: size,
        height: size,
      });
    }
    // The maskable icon fills its square (a launcher's mask never shows a transparent corner).
    const maskable = pngs.find((icon) => icon.purpose === 'maskable');
    const { default: sharp } = await import('sharp');
    const bytes = Buffer.from(await (await fetch(`${portal.url}${maskable?.src}`)).arrayBuffer());
    const { channels } = await sharp(bytes).stats();
    expect(channels[3]?.min ?? 255).toBe(255);
  });

  it("is linked from the locale's pages", async () => {
    const html = await (await fetch(`${portal.url}${page}`)).text();
    expect(headOf(html)).toContain(`<link rel="manifest" href="${manifestPath}"/>`);
    expect(headOf(html)).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>');
  });

  it("links a 48 px PNG favicon (no SVG one: decision 077) from the locale's pages", async () => {
    const head = headOf(await (await fetch(`${portal.url}${page}`)).text());
    expect(head).toContain('<link rel="icon" href="/icons/favicon-48.png" sizes="48x48" type="image/png"/>');
    expect(head.match(/<link rel="icon"/g)).toHaveLength(1);
    const response = await fetch(`${portal.url}/icons/favicon-48.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 48, height: 48 });
  });
});

describe('the offline pages', () => {
  it('are built for both locales, with the stylesheet and no script', async () => {
    for (const [locale, heading] of [
      ['nl', 'Je bent offline'],
      ['en', 'You are offline'],
    ] as const) {
      const response = await fetch(`${portal.url}/offline/${locale}.html`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain(`<h1 id="offline-title">${heading}</h1>`);
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
      expect(html).not.toContain('<script');
      expect(html).toContain('<link rel="icon" href="/icons/favicon-48.png" sizes="48x48" type="image/png">');
    }
  });
});
