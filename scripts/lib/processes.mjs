/**
 * Starting and stopping the CMS and the portal as child processes, shared by `npm start`,
 * the test setup and the benchmark. Plain ESM JavaScript so it runs before anything is built.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CMS_DIR = path.join(ROOT_DIR, 'cms');

/** Resolves a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers with a status below 500, or rejects after `timeoutMs`.
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: import('node:child_process').ChildProcess, name?: string }} options
 */
export async function waitForHttp(url, { timeoutMs = 240_000, child, name = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not become ready within ${timeoutMs} ms`);
}

/** Stops a child process: SIGTERM, then SIGKILL after `graceMs`. */
export function stopProcess(child, graceMs = 10_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the Strapi CMS in production mode. Its metrics server is off (`METRICS_PORT=0`) unless
 * `env` gives it a port: several CMSs may run on one machine (tests, benchmarks).
 * @param {{ port?: number, host?: string, databaseFilename?: string, mailCapturePort?: number,
 *   mailCaptureDir?: string, env?: Record<string, string>, stdio?: 'inherit' | 'pipe' | 'ignore',
 *   timeoutMs?: number }} options
 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startCms(options = {}) {
  const port = options.port ?? 1337;
  const host = options.host ?? '127.0.0.1';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    STRAPI_TELEMETRY_DISABLED: 'true',
    HOST: host,
    PORT: String(port),
    METRICS_PORT: '0',
    ...(options.databaseFilename ? { DATABASE_FILENAME: options.databaseFilename } : {}),
    ...(options.mailCapturePort ? { MAIL_CAPTURE_PORT: String(options.mailCapturePort) } : {}),
    ...(options.mailCaptureDir ? { MAIL_CAPTURE_DIR: options.mailCaptureDir } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['scripts/ensure-env.js'], { cwd: CMS_DIR, env, stdio: 'inherit' });
  await new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('cms/scripts/ensure-env.js failed')),
    ),
  );
  const strapiBin = path.join(CMS_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
  const cms = spawn(process.execPath, [strapiBin, 'start'], {
    cwd: CMS_DIR,
    env,
    stdio: options.stdio ?? 'inherit',
  });
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  try {
    await waitForHttp(`${url}/_health`, { child: cms, name: 'CMS', timeoutMs: options.timeoutMs });
  } catch (error) {
    await stopProcess(cms);
    throw error;
  }
  return { url, child: cms, stop: () => stopProcess(cms) };
}

/**
 * Starts a throwaway CMS for a benchmark or a measurement: free ports, its SQLite database and
 * captured mail in `dir` (seeded with the demo content on this first start), output ignored.
 * @param {string} dir an empty folder the caller removes afterwards
 * @returns the started CMS, as {@link startCms}
 */
export async function startThrowawayCms(dir) {
  return startCms({
    port: await freePort(),
    databaseFilename: path.join(dir, 'data.db'),
    mailCapturePort: await freePort(),
    mailCaptureDir: path.join(dir, 'mail'),
    stdio: 'ignore',
  });
}

/**
 * Starts the production portal server (`builds/server/server.js`, plain node). Needs `npm run build` first.
 * Its metrics server is off (`METRICS_PORT=0`; the app still counts) unless `env` gives it a port.
 * @param {{ port: number, strapiUrl: string, env?: Record<string, string>, stdio?: 'inherit' | 'pipe' | 'ignore' }} options
 */
export async function startPortal(options) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    STRAPI_URL: options.strapiUrl,
    PUBLIC_URL: `http://localhost:${options.port}`,
    LOG_LEVEL: 'warn',
    METRICS_PORT: '0',
    ...options.env,
  };
  const child = spawn(
    process.execPath,
    [path.resolve(ROOT_DIR, process.env.PORTAL_BUILD_DIR ?? 'builds', 'server', 'server.js')],
    {
      cwd: ROOT_DIR,
      env,
      stdio: options.stdio ?? 'inherit',
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitForHttp(`${url}/health`, { child, name: 'portal', timeoutMs: 60_000 });
  return { url, child, stop: () => stopProcess(child) };
}
