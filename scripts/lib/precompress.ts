/**
 * A Vite plugin for the client build: writes a `.gz` (Zopfli) and a `.br` (Brotli, quality 11)
 * copy next to each text file of the bundle of at least 1 KB (scripts, stylesheets, SVG, JSON,
 * web manifests, HTML), for the server to send as they are (sirv's `gzip`/`brotli` options in
 * src/server/app.ts). Why precompressed, why Zopfli, and why this is not vite-plugin-compression2:
 * docs/decisions/074-precompressed-assets.md.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** File names that get compressed copies. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/;

/** Smaller files stay as they are, as the `compression` middleware leaves them (its threshold). */
const THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);

/**
 * The compressed copies of `source`: gzip by Zopfli with one iteration (99.9% of fifteen
 * iterations' gain in a third of the time, decision 074) and Brotli at its highest quality.
 * @returns `[gzip bytes, brotli bytes]`
 */
export async function precompress(source: Uint8Array): Promise<[Uint8Array, Uint8Array]> {
  return Promise.all([
    zopfliGzip(source, { numiterations: 1 }),
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
  ]);
}

/** The plugin; it runs in the `client` environment only (the server's files are never sent). */
export function precompressedAssets(): Plugin {
  return {
    name: 'portal:precompressed-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? this.environment.config.build.outDir;
      await Promise.all(
        Object.values(bundle).map(async (output) => {
          if (!COMPRESSIBLE.test(output.fileName)) return;
          const source =
            output.type === 'chunk'
              ? Buffer.from(output.code)
              : typeof output.source === 'string'
                ? Buffer.from(output.source)
                : output.source;
          if (source.byteLength < THRESHOLD_BYTES) return;
          const [gzip, br] = await precompress(source);
          const file = path.join(outDir, output.fileName);
          await Promise.all([writeFile(`${file}.gz`, gzip), writeFile(`${file}.br`, br)]);
        }),
      );
    },
  };
}
