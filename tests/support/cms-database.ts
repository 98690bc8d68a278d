/**
 * Reads of what the test CMS stored, straight from its SQLite file (read-only), for tests of data
 * at rest, and the CMS's own secrets from `cms/.env` to check them with.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';

const cmsRequire = createRequire(path.resolve('cms/package.json'));

type Database = {
  prepare: (sql: string) => {
    get: (...params: unknown[]) => unknown;
    all: (...params: unknown[]) => unknown[];
  };
  close: () => void;
};

/** Runs `read` on the test CMS's database, opened read-only. */
function withDatabase<T>(read: (db: Database) => T): T {
  const BetterSqlite = cmsRequire('better-sqlite3') as new (file: string, options: object) => Database;
  const db = new BetterSqlite(inject('cmsDatabase'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Every row of a CMS query.
 * @param sql a SELECT with `?` placeholders
 */
export function storedRows<T>(sql: string, ...params: unknown[]): T[] {
  return withDatabase((db) => db.prepare(sql).all(...params) as T[]);
}

/**
 * One row of a CMS table.
 * @param sql a SELECT with `?` placeholders
 * @returns the first row, or undefined
 */
export function storedRow<T>(sql: string, ...params: unknown[]): T | undefined {
  return withDatabase((db) => db.prepare(sql).get(...params) as T | undefined);
}

/** A variable of `cms/.env` (the CMS's generated secrets), or undefined. */
export function cmsEnv(name: string): string | undefined {
  const content = readFileSync(path.resolve('cms/.env'), 'utf8');
  return new RegExp(`^${name}=(.*)$`, 'm').exec(content)?.[1]?.trim();
}

/**
 * Decrypts a value the CMS encrypted at rest, with the CMS's own code and key.
 * @throws when it does not decrypt
 */
export function revealStoredIban(stored: string): string {
  const { revealIban } = cmsRequire('./src/lib/iban.js') as { revealIban: (value: string) => string };
  const previous = process.env.DATA_ENCRYPTION_KEY;
  process.env.DATA_ENCRYPTION_KEY = cmsEnv('DATA_ENCRYPTION_KEY');
  try {
    return revealIban(stored);
  } finally {
    if (previous === undefined) delete process.env.DATA_ENCRYPTION_KEY;
    else process.env.DATA_ENCRYPTION_KEY = previous;
  }
}
