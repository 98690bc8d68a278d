/** WebP variants of uploads in the CMS (cms/src/lib/webp-variants.js, decision 069), with real sharp files. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Sharp = typeof import('sharp');
const sharp = require('sharp') as Sharp;
interface Variant {
  key: string;
  file: { name: string; hash: string; ext: string; mime: string; filepath: string; width: number; height: number };
}
const { webpVariants } = require('../src/lib/webp-variants.js') as {
  webpVariants: (file: object, formats: Array<{ key: string; file: { width: number; height: number } } | null>) => Promise<Variant[]>;
};

let dir: string;

/** An image of `width`×`height` in `format`, written to the test folder. */
async function picture(name: string, width: number, height: number, format: 'jpeg' | 'png' | 'webp') {
  const filepath = path.join(dir, name);
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  await writeFile(filepath, await image[format]().toBuffer());
  return filepath;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'webp-variants-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('webp variants', () => {
  it('makes a WebP of the original, the thumbnail and every responsive format, at their sizes', async () => {
    const filepath = await picture('haven.jpg', 1200, 800, 'jpeg');
    const variants = await webpVariants(
      { filepath, name: 'haven.jpg', hash: 'haven_0123456789', tmpWorkingDirectory: dir },
      [
        { key: 'large', file: { width: 1000, height: 667 } },
        { key: 'medium', file: { width: 750, height: 500 } },
        { key: 'small', file: { width: 500, height: 333 } },
        null,
      ],
    );
    const byKey = Object.fromEntries(variants.map((variant) => [variant.key, variant.file]));
    expect(Object.keys(byKey).sort()).toEqual([
      'webp_large',
      'webp_medium',
      'webp_original',
      'webp_small',
      'webp_thumbnail',
    ]);
    expect(byKey.webp_original).toMatchObject({ width: 1200, height: 800, mime: 'image/webp', ext: '.webp' });
    expect(byKey.webp_original?.hash).toBe('webp_original_haven_0123456789');
    expect(byKey.webp_small).toMatchObject({ width: 500, height: 333, name: 'webp_small_haven.webp' });
    expect(byKey.webp_thumbnail).toMatchObject({ width: 234, height: 156 });
    for (const file of Object.values(byKey)) {
      const bytes = await readFile(file.filepath);
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: file.width });
    }
  });

  it('converts PNG without a thumbnail when the original is smaller than the thumbnail box', async () => {
    const filepath = await picture('logo.png', 200, 100, 'png');
    const variants = await webpVariants({ filepath, name: 'logo.png', hash: 'logo_abcdef0123', tmpWorkingDirectory: dir }, []);
    expect(variants.map((variant) => [variant.key, variant.file.width, variant.file.height])).toEqual([
      ['webp_original', 200, 100],
    ]);
  });

  it('leaves WebP uploads alone', async () => {
    const filepath = await picture('al-webp.webp', 800, 600, 'webp');
    expect(await webpVariants({ filepath, name: 'al-webp.webp', hash: 'al_webp_0123456789', tmpWorkingDirectory: dir }, [])).toEqual([]);
  });
});
