/**
 * The web app manifests of the production build (docs/decisions/059-installable-app.md; W3C Web
 * Application Manifest, https://www.w3.org/TR/appmanifest/): served as
 * `application/manifest+json`, Dutch at `/manifest.webmanifest` and English at
 * `/en/manifest.webmanifest`, with the texts of the translation files and the brand colours; every
 * icon is reachable, a PNG of the size it claims; each locale's pages link their own manifest.
 * `/favicon.ico` is a real ICO file; the offline pages have the site header and a link home.
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

describe('/favicon.ico', () => {
  it('is an ICO file of the logo with PNG images of 16, 32 and 48 px (not the 404 page)', async () => {
    const response = await fetch(`${portal.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await response.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), image count; then one 16-byte ICONDIRENTRY per image.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes: number[] = [];
    for (let index = 0; index < 3; index++) {
      const entry = 6 + 16 * index;
      const width = bytes.readUInt8(entry);
      expect(bytes.readUInt8(entry + 1), 'square').toBe(width);
      expect(bytes.readUInt16LE(entry + 6), 'bits per pixel').toBe(32);
      const length = bytes.readUInt32LE(entry + 8);
      const offset = bytes.readUInt32LE(entry + 12);
      expect(offset + length).toBeLessThanOrEqual(bytes.length);
      expect(pngSize(bytes.subarray(offset, offset + length))).toEqual({ width, height: width });
      sizes.push(width);
    }
    expect(sizes).toEqual([16, 32, 48]);
  });
});

describe('the offline pages', () => {
  it('have the site header (skip link, logo and site name linking home) and a link home', async () => {
    for (const { locale, home, skip, homeLink } of [
      { locale: 'nl', home: '/', skip: 'Direct naar de inhoud', homeLink: 'Naar de voorpagina' },
      { locale: 'en', home: '/en', skip: 'Skip to content', homeLink: 'Go to the home page' },
    ] as const) {
      const html = await (await fetch(`${portal.url}/offline/${locale}.html`)).text();
      const { webApp } = await texts(locale);
      const header = /<header class="site-header">([\s\S]*?)<\/header>/.exec(html)?.[1] ?? '';
      expect(header, locale).toContain(`<a class="skip-link" href="#main">${skip}</a>`);
      expect(header, locale).toMatch(
        new RegExp(
          `<a class="site-header__brand" href="${home}"><svg [^>]*aria-hidden="true"[^>]*>[\\s\\S]*</svg><span class="site-header__name">${webApp.name.replace('&', '&amp;')}</span></a>`,
        ),
      );
      expect(html.indexOf('<header')).toBeLessThan(html.indexOf('<main id="main"'));
      expect(html, locale).toContain(`<a href="${home}">${homeLink}</a>`);
    }
  });

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
