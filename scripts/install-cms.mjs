/**
 * postinstall: installs the CMS (`cms/`, its own package.json and lockfile) with `npm install`.
 * better-sqlite3 compiles from source on machines without a prebuilt binary, so this checks for
 * python3, make and a C++ compiler first and points node-gyp at the running Node's own headers
 * (no hand-edited ~/.npmrc needed). Set PORTAL_SKIP_CMS_INSTALL=1 to skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CMS_DIR } from './lib/processes.mjs';

if (process.env.PORTAL_SKIP_CMS_INSTALL === '1') {
  console.log('[install-cms] skipped (PORTAL_SKIP_CMS_INSTALL=1)');
  process.exit(0);
}

const missing = ['python3', 'make', 'g++'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);
if (missing.length) {
  console.error(
    `[install-cms] The CMS needs ${missing.join(', ')} to compile better-sqlite3 (SQLite).\n` +
      '  Debian/Ubuntu: apt-get install -y python3 make g++\n  macOS: xcode-select --install',
  );
  process.exit(1);
}

const env = { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' };
// Node's headers live next to the binary (<prefix>/include/node); use them instead of downloading.
const prefix = path.resolve(path.dirname(process.execPath), '..');
if (existsSync(path.join(prefix, 'include', 'node', 'node.h'))) env.npm_config_nodedir = prefix;

console.log('[install-cms] npm install in cms/ ...');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], {
  cwd: CMS_DIR,
  env,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
