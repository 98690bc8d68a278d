/**
 * Client asset URLs for the document: from Vite's manifest in production, from the Vite dev
 * server in development. In production each page also gets the chunks of its own route
 * components and of the translation files they use in its locale as `modulepreload`s, with
 * their stylesheets (docs/decisions/065-per-route-javascript.md, 072-translations-per-route.md).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientAssets, PageAssets } from './context.server.ts';

/** Source path of the browser entry, as Vite's manifest names it. */
const CLIENT_ENTRY = 'src/client/entry-client.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The SRI integrity value of a file: `sha384-<base64>` (W3C Subresource Integrity, section 3.1).
 * @param file absolute path
 */
export async function integrityOf(file: string): Promise<string> {
  return `sha384-${createHash('sha384')
    .update(await readFile(file))
    .digest('base64')}`;
}

/**
 * Reads `<clientDir>/.vite/manifest.json` and returns the entry, its CSS, the chunks to preload,
 * the SRI integrity of every script of the build, and `forPage`, which adds a page's own chunks.
 * @throws Error when the build is missing (run `npm run build`).
 */
export async function productionAssets(clientDir: string): Promise<ClientAssets> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch (error) {
    throw new Error(`No client build at ${manifestPath}; run "npm run build" first`, { cause: error });
  }
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build has no entry for ${CLIENT_ENTRY}`);

  /** Adds a chunk's stylesheets, the chunk itself when `self`, and its static imports. */
  const collect = (chunk: ManifestChunk, styles: Set<string>, preloads: Set<string>, self: boolean) => {
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    if (self) preloads.add(`/${chunk.file}`);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || preloads.has(`/${imported.file}`)) continue;
      collect(imported, styles, preloads, true);
    }
  };
  const baseStyles = new Set<string>();
  const basePreloads = new Set<string>();
  // The entry first. The document's own preload links leave it out: React writes one for its
  // `bootstrapModules` in <head>, and the script at the end of the shell
  // (src/server/render/document-stream.server.ts, src/server/render/entry-server.tsx).
  collect(entry, baseStyles, basePreloads, true);

  const scripts = [
    ...new Set(
      Object.values(manifest)
        .map((chunk) => `/${chunk.file}`)
        .filter((url) => url.endsWith('.js')),
    ),
  ];
  const integrity = Object.fromEntries(
    await Promise.all(
      scripts.map(async (url) => [url, await integrityOf(path.join(clientDir, url))] as const),
    ),
  );
  const entryUrl = `/${entry.file}`;
  const pick = (urls: Iterable<string>) =>
    Object.fromEntries([...urls].flatMap((url) => (integrity[url] ? [[url, integrity[url]]] : [])));

  const pages = new Map<string, PageAssets>();
  /** The document's assets for a page made of `modules` (source paths), cached per combination. */
  const forPage = (modules: readonly string[]): PageAssets => {
    const key = modules.join('\n');
    let found = pages.get(key);
    if (!found) {
      const styles = new Set(baseStyles);
      const preloads = new Set(basePreloads);
      for (const source of modules) {
        const chunk = manifest[source];
        if (chunk) collect(chunk, styles, preloads, true);
      }
      found = {
        styles: [...styles],
        modulePreloads: [...preloads],
        integrity: pick([entryUrl, ...preloads]),
      };
      pages.set(key, found);
    }
    return found;
  };

  return {
    entry: entryUrl,
    styles: [...baseStyles],
    modulePreloads: [...basePreloads],
    integrity: pick([entryUrl, ...basePreloads]),
    forPage,
  };
}

/** Assets in development: Vite serves the sources; the React plugin needs its preamble. */
export function developmentAssets(preamble: string): ClientAssets {
  return {
    entry: `/${CLIENT_ENTRY}`,
    styles: ['/src/shared/shell/app.css'],
    modulePreloads: [],
    devPreamble: preamble,
  };
}
