/**
 * `npm run size`: the JavaScript each page loads, gzip-compressed, against its budget.
 *
 * Reads the client build's Vite manifest (`<build>/client/.vite/manifest.json`) and, per budgeted
 * page, adds up what the server preloads for it (src/server/assets.server.ts, `productionAssets`):
 * the entry and its static imports, the page module's chunk and its static imports, and the
 * translation files of the page's locale that the shell and the page module declare
 * (src/shared/i18n/page-texts.json, docs/decisions/072-translations-per-route.md). Each file counts
 * with the bytes the server sends for `Accept-Encoding: gzip`: the build's precompressed `.gz` copy
 * where there is one (Zopfli, docs/decisions/074-precompressed-assets.md), else the file
 * gzip-compressed at level 6 (what the `compression` middleware sends). Each page has a goal (the performance goals' budget) and a
 * ceiling (what the build may not exceed: the goal where it is met, else the size reached, see
 * docs/decisions/065-per-route-javascript.md). Exits 1 when a page is over its ceiling, 2 when the
 * build is missing. A size check, not a timing.
 *
 * With `--floor` it first builds the framework's floor (scripts/size-floor: React DOM hydrating a
 * React Router data router with one route and one text through i18next, nothing of the portal, built as the portal's browser
 * build is) into `<build>/size-floor`, and prints its size and what each goal leaves above it.
 *
 * Options (env): PORTAL_BUILD_DIR (default `builds`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.resolve(ROOT_DIR, process.env.PORTAL_BUILD_DIR ?? 'builds');
const CLIENT_DIR = path.join(BUILD_DIR, 'client');
const FLOOR_DIR = path.join(BUILD_DIR, 'size-floor');
const ENTRY = 'src/client/entry-client.tsx';
/** The translation files of the shell and of each page module (what the server preloads). */
const PAGE_TEXTS = JSON.parse(readFileSync(path.join(ROOT_DIR, 'src/shared/i18n/page-texts.json'), 'utf8'));

/**
 * Source paths of the translation files a page module's page loads in `locale`.
 * @throws Error when the page module has no entry in page-texts.json
 */
export function textSources(module, locale) {
  const name = module.replace(/^src\/shared\/pages\//, '').replace(/\.page\.tsx$/, '');
  const own = PAGE_TEXTS.pages[name];
  if (!own) throw new Error(`${module} has no entry in src/shared/i18n/page-texts.json`);
  return [...new Set([...PAGE_TEXTS.shell, ...own])].map(
    (file) => `src/shared/i18n/locales/${locale}/${file}.json`,
  );
}

/**
 * Budgets in KB (1 000 bytes) of gzip per page: `goal` is the target, `ceiling` what CI enforces.
 * The page module is its source path.
 */
export const BUDGETS = [
  {
    page: 'news item',
    module: 'src/shared/pages/news-detail/news-detail.page.tsx',
    locale: 'nl',
    goal: 135,
    ceiling: 145.6,
  },
  { page: '/', module: 'src/shared/pages/home/home.page.tsx', locale: 'nl', goal: 135, ceiling: 142.9 },
  { page: '/jobs', module: 'src/shared/pages/jobs/jobs.page.tsx', locale: 'nl', goal: 135, ceiling: 140.3 },
  {
    page: '/inloggen',
    module: 'src/shared/pages/login/login.page.tsx',
    locale: 'nl',
    goal: 150,
    ceiling: 157.8,
  },
];

/**
 * The script files a page loads: the entry, the given modules, and all their static imports.
 * @param manifest Vite's manifest ({ [source]: { file, imports? } })
 * @param modules source paths of the page's modules
 * @param entry source path of the entry (default: the portal's browser entry)
 * @returns build-relative file names, entry first
 * @throws Error when a module is not in the manifest
 */
export function pageScripts(manifest, modules, entry = ENTRY) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of modules) visit(module);
  return [...files];
}

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error(`size-check: no client build in ${CLIENT_DIR}; run "npm run build" first`);
  process.exit(2);
}
const gzipped = new Map();
/**
 * Bytes sent for `file` with `Accept-Encoding: gzip`: its precompressed `.gz` copy, else gzip level 6.
 * @param file path relative to `dir`
 * @param dir the build's folder (default: the portal's client build)
 */
const gzipSize = (file, dir = CLIENT_DIR) => {
  const key = path.join(dir, file);
  if (!gzipped.has(key)) {
    gzipped.set(
      key,
      existsSync(`${key}.gz`) ? statSync(`${key}.gz`).size : gzipSync(readFileSync(key), { level: 6 }).length,
    );
  }
  return gzipped.get(key);
};

let over = 0;
const totals = new Map();
console.log('page           goal  ceiling    total         files (largest first, KB gzip)');
for (const budget of BUDGETS) {
  const files = pageScripts(manifest, [budget.module, ...textSources(budget.module, budget.locale)]);
  const sizes = files.map((file) => [file, gzipSize(file)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0) / 1000;
  totals.set(budget, total);
  const ok = total <= budget.ceiling;
  if (!ok) over++;
  const state = !ok ? 'OVER CEILING' : total <= budget.goal ? 'goal met    ' : 'under ceil. ';
  const largest = sizes
    .slice(0, 6)
    .map(([file, size]) => `${path.basename(file).replace(/-[\w-]{8}\.js$/, '')} ${(size / 1000).toFixed(1)}`)
    .join(', ');
  console.log(
    `${budget.page.padEnd(12)} ${String(budget.goal).padStart(4)} KB ${String(budget.ceiling).padStart(5)} KB ${total.toFixed(1).padStart(6)} KB ${state} ${files.length} files: ${largest}`,
  );
}

if (process.argv.includes('--floor')) {
  const { build } = await import('vite');
  await build({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'scripts/size-floor/vite.config.ts') });
  const floorManifest = JSON.parse(readFileSync(path.join(FLOOR_DIR, '.vite', 'manifest.json'), 'utf8'));
  const floorFiles = pageScripts(floorManifest, [], 'scripts/size-floor/entry.tsx');
  const floor = floorFiles.reduce((sum, file) => sum + gzipSize(file, FLOOR_DIR), 0) / 1000;
  console.log(
    `\nframework floor ${floor.toFixed(1)} KB: React DOM hydrating a React Router data router with one route, one text through i18next + react-i18next (scripts/size-floor)`,
  );
  for (const budget of BUDGETS) {
    console.log(
      `${budget.page.padEnd(12)} the goal leaves ${(budget.goal - floor).toFixed(1).padStart(5)} KB above the floor; the page is ${(totals.get(budget) - floor).toFixed(1).padStart(5)} KB above it`,
    );
  }
}
process.exit(over ? 1 : 0);
