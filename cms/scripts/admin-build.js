#!/usr/bin/env node
/**
 * Builds the admin panel (`strapi build`, into `build/`) when it is missing or its sources
 * changed, and does nothing otherwise: `npm start` and `npm test` run it before the CMS starts,
 * so editors find the panel at `/admin` (the portal's
 * docs/decisions/109-admin-panel-with-npm-start.md).
 *
 * "Its sources" are what goes into the panel's bundle: the installed Strapi and plugin versions
 * (`package-lock.json`), the plugin and admin configuration (`config/plugins.js`,
 * `config/admin.js`, `config/server.js`), and admin customisations (`src/admin/`,
 * `src/extensions/`, `src/plugins/`, when present). Their SHA-256 is kept next to the build in
 * `build/.source-hash`; a build is fresh when that file holds the current hash.
 *
 * CLI: `node scripts/admin-build.js` (exit 0 when the build is fresh or was made, else the
 * build's exit code). `--check` only reports (exit 0 fresh, 1 stale).
 */
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
/** Files and folders (relative to the app) whose contents make up the admin bundle. */
const SOURCES = [
  'package-lock.json',
  'config/plugins.js',
  'config/admin.js',
  'config/server.js',
  'src/admin',
  'src/extensions',
  'src/plugins',
];
/** Where `strapi build` writes the panel (Strapi 5, a JavaScript app), and the stamp kept there. */
const BUILD_DIR = 'build';
const STAMP = '.source-hash';

/**
 * Every file under `relative` (a file or a folder), sorted; none when it does not exist.
 * @param {string} appDir the CMS app's folder
 * @param {string} relative path inside it
 * @returns {string[]} paths relative to `appDir`
 */
function filesOf(appDir, relative) {
  const absolute = path.join(appDir, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute)
    .sort()
    .flatMap((name) => filesOf(appDir, path.join(relative, name)));
}

/**
 * The SHA-256 (hex) of the admin panel's sources: each file's path and contents, in order.
 * @param {string} [appDir] the CMS app's folder
 * @returns {string}
 */
function adminSourceHash(appDir = APP_DIR) {
  const hash = crypto.createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesOf(appDir, source))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(appDir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether `build/` holds a panel built from the current sources.
 * @param {string} [appDir] the CMS app's folder
 * @returns {boolean}
 */
function adminBuildIsFresh(appDir = APP_DIR) {
  const stamp = path.join(appDir, BUILD_DIR, STAMP);
  if (!fs.existsSync(path.join(appDir, BUILD_DIR, 'index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === adminSourceHash(appDir);
}

/**
 * Builds the panel unless it is fresh, then stamps it.
 * @param {{ appDir?: string, build?: (appDir: string) => number, log?: (line: string) => void }} [options]
 *   `build` runs the build and returns its exit code (default: `strapi build` through
 *   scripts/strapi-cli.js, in production mode, telemetry off)
 * @returns {{ built: boolean, ms: number }} whether it built, and how long it took (ms)
 * @throws {Error} when the build fails
 */
function ensureAdminBuild(options = {}) {
  const appDir = options.appDir ?? APP_DIR;
  const log = options.log ?? ((line) => console.log(line));
  const started = Date.now();
  if (adminBuildIsFresh(appDir)) return { built: false, ms: Date.now() - started };
  log('[admin] building the admin panel (about a minute; again only when its sources change) ...');
  const hash = adminSourceHash(appDir);
  const build =
    options.build ??
    ((dir) =>
      spawnSync(process.execPath, ['scripts/strapi-cli.js', 'build'], {
        cwd: dir,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', STRAPI_TELEMETRY_DISABLED: 'true' },
      }).status ?? 1);
  const status = build(appDir);
  if (status !== 0) throw new Error(`the admin panel build failed (exit ${status})`);
  fs.writeFileSync(path.join(appDir, BUILD_DIR, STAMP), `${hash}\n`);
  const ms = Date.now() - started;
  log(`[admin] admin panel built in ${(ms / 1000).toFixed(1)} s`);
  return { built: true, ms };
}

module.exports = { adminSourceHash, adminBuildIsFresh, ensureAdminBuild, BUILD_DIR, STAMP };

if (require.main === module) {
  if (process.argv.includes('--check')) process.exit(adminBuildIsFresh() ? 0 : 1);
  try {
    // The environment file the build reads (ADMIN_JWT_SECRET and the rest) exists first.
    const env = spawnSync(process.execPath, [path.join(__dirname, 'ensure-env.js')], { stdio: 'inherit' });
    if (env.status !== 0) process.exit(env.status ?? 1);
    ensureAdminBuild();
  } catch (error) {
    console.error(`[admin] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
