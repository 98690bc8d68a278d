#!/usr/bin/env node
/**
 * `npm run reencrypt`: re-encrypts every value encrypted at rest under the current key
 * (DATA_ENCRYPTION_KEY), for a key rotation (docs/decisions/082-encryption-key-ids-and-rotation.md):
 * each `enc:v1:` value and each `enc:v2:` value under another key id is decrypted (with
 * DATA_ENCRYPTION_KEY or one of DATA_ENCRYPTION_OLD_KEYS) and written back under the current key;
 * values already under it are left as they are, so a second run changes nothing.
 *
 * The values are the `iban` fields of src/lib/iban.js's IBAN_CONTENT_TYPES (the only fields
 * src/lib/field-encryption.js encrypts), drafts and published rows alike. The script works on the
 * database directly, with the CMS's own config/database.js and the same knex that Strapi uses, so it
 * runs beside a running CMS; each row is written only if it still holds the value that was read.
 * Environment: as the CMS's (`cms/.env` is read; variables in the environment take precedence).
 *
 * Prints one line per field and a summary; exits 1 when a value could not be decrypted (a key is
 * missing from DATA_ENCRYPTION_OLD_KEYS, or the value was tampered with), listing the rows, or when
 * a row changed between read and write (run it again).
 */
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');

const APP_DIR = path.resolve(__dirname, '..');

/** Knex's driver for each of Strapi's database clients, as @strapi/database maps them. */
const KNEX_CLIENTS = { sqlite: 'better-sqlite3', postgres: 'pg' };

/**
 * The fields encrypted at rest: table and column of each content type's `iban`.
 * @returns {Array<{ uid: string, table: string, column: string, context: string }>}
 */
function encryptedFields() {
  const { IBAN_CONTENT_TYPES, IBAN_CONTEXT } = require('../src/lib/iban');
  return IBAN_CONTENT_TYPES.map((uid) => {
    const [, api, name] = /^api::([a-z0-9-]+)\.([a-z0-9-]+)$/.exec(uid) ?? [];
    if (!api) throw new Error(`cannot locate the schema of ${uid}`);
    const schema = require(path.join(APP_DIR, 'src', 'api', api, 'content-types', name, 'schema.json'));
    return { uid, table: schema.collectionName, column: 'iban', context: IBAN_CONTEXT };
  });
}

/**
 * A connection to the CMS's database, configured by config/database.js.
 * @returns {{ knex: import('knex').Knex, table: (name: string) => import('knex').Knex.QueryBuilder,
 *   describe: string }} `table` honours DATABASE_SCHEMA on PostgreSQL
 * @throws {Error} for a client other than sqlite or postgres, or a SQLite file that does not exist
 */
function openDatabase() {
  const { env } = require('@strapi/utils');
  const { connection: config } = require('../config/database.js')({ env });
  const client = KNEX_CLIENTS[config.client];
  if (!client) throw new Error(`unsupported DATABASE_CLIENT ${config.client}`);
  if (config.client === 'sqlite' && !fs.existsSync(config.connection.filename)) {
    throw new Error(`no CMS database at ${config.connection.filename} (DATABASE_FILENAME)`);
  }
  const knexFactory = createRequire(require.resolve('@strapi/database'))('knex');
  const knex = knexFactory({ ...config, client, pool: { min: 0, max: 1 } });
  const schema = config.connection.schema;
  return {
    knex,
    table: (name) => (schema ? knex.withSchema(schema).table(name) : knex.table(name)),
    describe: config.client === 'sqlite' ? `SQLite ${config.connection.filename}` : 'PostgreSQL',
  };
}

/**
 * Re-encrypts the stored values of every encrypted field under the current key.
 * @param {{ table: (name: string) => import('knex').Knex.QueryBuilder }} database
 * @returns {Promise<Array<{ field: string, reencrypted: number, current: number, changedMeanwhile: number,
 *   clear: number, failed: Array<{ id: number, error: string }> }>>} per field (`table.column`): values
 *   moved to the current key, values already under it, rows written by someone else between read and
 *   write (left as they are), values still in clear (the CMS encrypts those at its start) and values
 *   that did not decrypt
 */
async function reencryptStoredValues(database) {
  const { isEncrypted, reencryptField } = require('../src/lib/field-encryption');
  const results = [];
  for (const { table, column, context } of encryptedFields()) {
    const result = { field: `${table}.${column}`, reencrypted: 0, current: 0, changedMeanwhile: 0, clear: 0, failed: [] };
    const rows = await database.table(table).select('id', column).whereNotNull(column).where(column, '<>', '');
    for (const row of rows) {
      const stored = row[column];
      if (!isEncrypted(stored)) {
        result.clear += 1;
        continue;
      }
      let next;
      try {
        next = reencryptField(stored, context);
      } catch (error) {
        result.failed.push({ id: row.id, error: error.message });
        continue;
      }
      if (next === null) {
        result.current += 1;
        continue;
      }
      // Only if nobody changed the row since it was read (a write of the CMS in between is kept).
      const changed = await database
        .table(table)
        .where({ id: row.id, [column]: stored })
        .update({ [column]: next });
      if (changed === 1) result.reencrypted += 1;
      else result.changedMeanwhile += 1;
    }
    results.push(result);
  }
  return results;
}

/**
 * The command: reads `cms/.env`, checks the keys, re-encrypts and reports.
 * @returns {Promise<number>} the exit code: 0, or 1 when a value did not decrypt or changed meanwhile
 */
async function main() {
  const envFile = path.join(APP_DIR, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const { keyRing } = require('../src/lib/field-encryption');
  const ring = keyRing();
  const database = openDatabase();
  try {
    console.log(
      `[reencrypt] ${database.describe}: re-encrypting under key ${ring.current.id} ` +
        `(${ring.keys.size - 1} older key(s) to decrypt with)`,
    );
    const results = await reencryptStoredValues(database);
    for (const { field, reencrypted, current, changedMeanwhile, clear, failed } of results) {
      console.log(
        `[reencrypt] ${field}: ${reencrypted} re-encrypted, ${current} already under ${ring.current.id}, ` +
          `${changedMeanwhile} changed meanwhile, ${clear} in clear (encrypted at the CMS's next start), ` +
          `${failed.length} failed`,
      );
      for (const { id, error } of failed) console.error(`[reencrypt] ${field} id ${id}: ${error}`);
    }
    const failures = results.reduce((sum, result) => sum + result.failed.length, 0);
    if (failures > 0) {
      console.error(
        `[reencrypt] ${failures} value(s) did not decrypt: add their key to DATA_ENCRYPTION_OLD_KEYS and run again`,
      );
      return 1;
    }
    if (results.some((result) => result.changedMeanwhile > 0)) {
      console.error('[reencrypt] rows changed while this ran were left as they are: run it again');
      return 1;
    }
    console.log(
      `[reencrypt] every encrypted value is under key ${ring.current.id}; DATA_ENCRYPTION_OLD_KEYS is no longer needed`,
    );
    return 0;
  } finally {
    await database.knex.destroy();
  }
}

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`[reencrypt] ${error.message}`);
      process.exitCode = 1;
    },
  );
}

module.exports = { encryptedFields, openDatabase, reencryptStoredValues };
