/**
 * Client asset URLs for the document: from Vite's manifest in production, from the Vite dev
 * server in development.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientAssets } from './context.server.ts';

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
 * Reads `<clientDir>/.vite/manifest.json` and returns the entry, its CSS, the chunks to preload
 * and the SRI integrity of every script the document loads (entry and preloads).
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
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || preloads.has(`/${imported.file}`)) continue;
      preloads.add(`/${imported.file}`);
      visit(imported);
    }
  };
  visit(entry);
  const scripts = [`/${entry.file}`, ...preloads];
  const integrity = Object.fromEntries(
    await Promise.all(
      scripts.map(async (url) => [url, await integrityOf(path.join(clientDir, url))] as const),
    ),
  );
  return { entry: `/${entry.file}`, styles: [...styles], modulePreloads: [...preloads], integrity };
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
