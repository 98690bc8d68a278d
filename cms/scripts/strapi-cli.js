#!/usr/bin/env node
/**
 * Runs the Strapi CLI for this app (`node scripts/strapi-cli.js <command> [options]`).
 *
 * The CLI looks for a tsconfig.json with TypeScript's `findConfigFile`, which also searches
 * parent directories. This CMS is plain JavaScript but lives inside the portal repository,
 * whose root tsconfig.json would make `strapi build` / `strapi develop` try (and fail) to
 * compile the portal as if it were this app. This wrapper hides tsconfig.json files outside
 * cms/ from that lookup and then hands over to the regular Strapi CLI.
 */
const path = require('node:path');
const ts = require('typescript');

const APP_DIR = path.resolve(__dirname, '..');
const originalFileExists = ts.sys.fileExists;

/**
 * `fileExists` that reports tsconfig.json files outside the app directory as missing.
 * @param {string} file Path to check.
 * @returns {boolean} Whether the file exists (and may be used).
 */
ts.sys.fileExists = (file) => {
  const absolute = path.resolve(file);
  if (path.basename(absolute) === 'tsconfig.json' && !absolute.startsWith(APP_DIR + path.sep)) {
    return false;
  }
  return originalFileExists(file);
};

process.chdir(APP_DIR);
require(path.join(path.dirname(require.resolve('@strapi/strapi/package.json')), 'bin', 'strapi.js'));
