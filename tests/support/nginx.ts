/**
 * A real nginx for tests, configured from the shipped `deploy/nginx/nginx.conf`: the config is
 * rendered with the upstream replicas, the listen address and the file paths of a test run
 * replaced (each replacement must match, so a change to the shipped file that breaks this fails
 * loudly), then `nginx -p <tmp> -c <conf> -g 'daemon off;'` runs it as a child process.
 * Needs the `nginx` binary (Debian: `apt-get install -y nginx`, or NGINX_BIN=<path>); without it
 * {@link requireNginx} throws.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT_DIR, stopProcess, waitForHttp } from '../../scripts/lib/processes.mjs';

/** The shipped config. */
export const SHIPPED_NGINX_CONF = path.join(ROOT_DIR, 'deploy', 'nginx', 'nginx.conf');

/** The upstream servers of the shipped config (compose service names). */
const SHIPPED_UPSTREAMS = ['portal-1:3000', 'portal-2:3000'];

/**
 * The nginx binary's path.
 * @throws Error with the install command when nginx is missing.
 */
export function requireNginx(): string {
  // NGINX_BIN, when set, is the only candidate; else PATH, then Debian's place (not on every PATH).
  const candidates = process.env.NGINX_BIN ? [process.env.NGINX_BIN] : ['nginx', '/usr/sbin/nginx'];
  for (const binary of candidates) {
    const probe = spawnSync(binary, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return binary;
  }
  throw new Error(
    'nginx is not installed, so the shared-cache tests cannot run: install it (Debian/Ubuntu: ' +
      '`apt-get install -y nginx`) or set NGINX_BIN to its path.',
  );
}

/** Replaces `search` in `text`; throws when the shipped config no longer contains it. */
function replaceExactly(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) {
    throw new Error(
      `deploy/nginx/nginx.conf no longer contains ${JSON.stringify(search)}; update tests/support/nginx.ts`,
    );
  }
  return text.split(search).join(replacement);
}

/**
 * The shipped config for a run in `dir`: upstream servers → `upstreams` (host:port), user removed
 * (the test runs as whoever runs it), pid, cache, temp and log files inside `dir`, and when
 * `listen` is given the server listens there instead of port 80.
 */
export function renderNginxConfig(
  shipped: string,
  options: { dir: string; upstreams: string[]; listen?: string },
): string {
  let conf = replaceExactly(shipped, 'user nginx;\n', '');
  conf = replaceExactly(conf, 'pid /var/run/nginx.pid;', `pid ${path.join(options.dir, 'nginx.pid')};`);
  conf = replaceExactly(conf, '/var/cache/nginx/portal', path.join(options.dir, 'cache'));
  conf = replaceExactly(
    conf,
    'access_log /dev/stdout portal;',
    `access_log ${path.join(options.dir, 'access.log')} portal;`,
  );
  const servers = SHIPPED_UPSTREAMS.map((upstream, index) => {
    const target = options.upstreams[index % options.upstreams.length];
    return { upstream, target };
  });
  for (const { upstream, target } of servers)
    conf = replaceExactly(conf, `server ${upstream} `, `server ${target} `);
  if (options.listen) conf = replaceExactly(conf, 'listen 80;', `listen ${options.listen};`);
  // Temp files go to the run's folder (the compiled-in defaults need root).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(options.dir, `${name}_temp`)};`)
    .join('\n');
  return replaceExactly(conf, '\nhttp {\n', `\nhttp {\n${temp}\n`);
}

/** Runs `nginx -t` on `confFile`; returns its exit code and output. */
export function testNginxConfig(
  binary: string,
  dir: string,
  confFile: string,
): { status: number | null; output: string } {
  const result = spawnSync(binary, ['-t', '-p', dir, '-e', 'stderr', '-c', confFile], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A running nginx. */
export interface StartedNginx {
  url: string;
  dir: string;
  child: ChildProcess;
  /** nginx's error output so far (for failure messages). */
  errors: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts nginx with the shipped config rendered for `upstreams` (host:port of running portals) on a
 * free port of 127.0.0.1, and waits until it answers.
 * @throws Error when nginx is missing, rejects the config or does not answer within 10 s.
 */
export async function startNginx(upstreams: string[]): Promise<StartedNginx> {
  const binary = requireNginx();
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user that must reach the cache folder.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'logs'));
  const port = await freePort();
  const conf = renderNginxConfig(await readFile(SHIPPED_NGINX_CONF, 'utf8'), {
    dir,
    upstreams,
    listen: `127.0.0.1:${port}`,
  });
  const confFile = path.join(dir, 'nginx.conf');
  await writeFile(confFile, conf);
  const child = spawn(binary, ['-p', dir, '-e', 'stderr', '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/nginx-health`, { child, name: `nginx (${errors})`, timeoutMs: 10_000 });
  } catch (error) {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
  return {
    url,
    dir,
    child,
    errors: () => errors,
    stop: async () => {
      await stopProcess(child, 5000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
