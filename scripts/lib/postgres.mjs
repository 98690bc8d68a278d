/**
 * A throwaway PostgreSQL server for tests and benchmarks, from Debian's `postgresql` package:
 * a fresh cluster in a temporary folder, listening on 127.0.0.1 on a free port, with one
 * database and a password-less (trust) role. Durability is off (`fsync=off`), as the data is
 * thrown away. When this runs as root (CI), the server runs as the `postgres` system user the
 * package creates, because PostgreSQL refuses to run as root.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CMS_DIR, freePort, stopProcess } from './processes.mjs';

/**
 * The folder with `initdb` and `postgres`: `PG_BIN`, else the newest `/usr/lib/postgresql/<n>/bin`.
 * @returns {string}
 * @throws {Error} when PostgreSQL is not installed, with the command that installs it
 */
export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) {
    throw new Error(
      'PostgreSQL not found: apt-get install -y postgresql (or set PG_BIN to the folder with initdb)',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** uid/gid of the `postgres` user when running as root, else undefined (run as ourselves). */
function serverUser() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('running as root needs the postgres system user: apt-get install -y postgresql');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Opens a `pg` client (the CMS's driver) and runs `work` with it.
 * @template T
 * @param {string} connectionString
 * @param {(client: { query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> }) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withPostgresClient(connectionString, work) {
  const { Client } = createRequire(path.join(CMS_DIR, 'package.json'))('pg');
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts a fresh PostgreSQL server and creates one database.
 * @param {{ database?: string, user?: string, port?: number, timeoutMs?: number }} [options]
 *   defaults: database `strapi`, user `strapi`, a free port, 60 000 ms to get ready
 * @returns {Promise<{ host: string, port: number, database: string, user: string,
 *   url: string, stop: () => Promise<void> }>} `url` is a `postgres://` connection string
 * @throws {Error} when PostgreSQL is missing, `initdb` fails or the server does not get ready
 */
export async function startPostgres(options = {}) {
  const bin = postgresBinDir();
  const database = options.database ?? 'strapi';
  const user = options.user ?? 'strapi';
  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  const owner = serverUser();
  if (owner) await chown(dir, owner.uid, owner.gid);
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const dataDir = path.join(dir, 'data');

  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', user, '-A', 'trust', '-E', 'UTF8', '--locale', 'C.UTF-8', '--no-sync'],
    { cwd: dir, encoding: 'utf8', ...asOwner },
  );
  if (init.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (exit ${init.status}): ${init.stderr || init.stdout}`);
  }

  const server = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=100',
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], ...asOwner },
  );
  let log = '';
  server.stderr.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });

  const url = `postgres://${user}@127.0.0.1:${port}/${database}`;
  const adminUrl = `postgres://${user}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const stop = async () => {
    await stopProcess(server, 10_000);
    await rm(dir, { recursive: true, force: true });
  };
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`PostgreSQL exited with code ${server.exitCode}: ${log}`);
    }
    try {
      await withPostgresClient(adminUrl, (client) => client.query(`CREATE DATABASE "${database}"`));
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `PostgreSQL did not get ready: ${error instanceof Error ? error.message : error}\n${log}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { host: '127.0.0.1', port, database, user, url, stop };
}
