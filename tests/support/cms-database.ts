/**
 * Reads of what the test CMS stored, straight from its database (SQLite file opened read-only, or
 * the PostgreSQL server of a `TEST_DATABASE=postgres` run), for tests of data at rest, and the CMS's
 * own secrets from `cms/.env` to check them with. Write queries both dialects understand (e.g.
 * `CAST(events AS TEXT) LIKE ?`); `?` placeholders are numbered for PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import { withPostgresClient } from '../../scripts/lib/postgres.mjs';

const cmsRequire = createRequire(path.resolve('cms/package.json'));

type Database = {
  prepare: (sql: string) => {
    all: (...params: unknown[]) => unknown[];
  };
  close: () => void;
};

/** Where the test CMS keeps its data (tests/setup/global-cms.ts). */
export type CmsDatabase = { client: 'sqlite'; filename: string } | { client: 'postgres'; url: string };

/** The test CMS's database, as provided by the global setup. */
export function cmsDatabase(): CmsDatabase {
  return JSON.parse(inject('cmsDatabase')) as CmsDatabase;
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`… (none of our queries has a `?` in a literal). */
function numbered(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/** A JSON column as text: SQLite returns text, PostgreSQL's driver parses `jsonb`. */
function normalised(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
    ]),
  );
}

/**
 * Every row of a CMS query.
 * @param sql a SELECT with `?` placeholders, valid in SQLite and PostgreSQL
 * @returns the rows; JSON columns as text
 */
export async function storedRows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const database = cmsDatabase();
  if (database.client === 'postgres') {
    const result = await withPostgresClient(database.url, (client) => client.query(numbered(sql), params));
    return result.rows.map((row) => normalised(row) as T);
  }
  const BetterSqlite = cmsRequire('better-sqlite3') as new (file: string, options: object) => Database;
  const db = new BetterSqlite(database.filename, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/**
 * One row of a CMS table.
 * @param sql a SELECT with `?` placeholders, valid in SQLite and PostgreSQL
 * @returns the first row, or undefined
 */
export async function storedRow<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
  return (await storedRows<T>(sql, ...params))[0];
}

/**
 * The analytics events of one session the CMS stores, from every batch that mentions it.
 * @param session the analytics session id (the `portal_session` cookie's `id`)
 */
export async function storedEventsOf<T extends { session?: string | null }>(session: string): Promise<T[]> {
  const rows = await storedRows<{ events: string }>(
    'SELECT events FROM statistics WHERE CAST(events AS TEXT) LIKE ?',
    `%${session}%`,
  );
  return rows.flatMap((row) => (JSON.parse(row.events) as T[]).filter((event) => event.session === session));
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
