/**
 * Client asset URLs for the document: from Vite's manifest in production, from the Vite dev
 * server in development.
 */
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
 * Reads `<clientDir>/.vite/manifest.json` and returns the entry, its CSS and the chunks to preload.
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
  return { entry: `/${entry.file}`, styles: [...styles], modulePreloads: [...preloads] };
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
