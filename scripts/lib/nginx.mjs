/**
 * A real nginx configured from the shipped `deploy/nginx/nginx.conf`, for the tests
 * (tests/integration/shared-cache.test.ts) and for `npm run lighthouse`, which measures pages as
 * visitors get them: over HTTPS with HTTP/2 (docs/decisions/075-http2-at-the-edge.md). The config
 * is rendered with the upstream replicas, the listen addresses, the TLS files and the other file
 * paths of a run replaced (each replacement must match, so a change to the shipped file that
 * breaks this fails loudly), then `nginx -p <tmp> -c <conf> -g 'daemon off;'` runs it as a child
 * process. Needs the `nginx` binary (Debian: `apt-get install -y nginx`, or NGINX_BIN=<path>) and
 * the `openssl` command for a self-signed certificate (Debian: `apt-get install -y openssl`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT_DIR, stopProcess, waitForHttp } from './processes.mjs';

/** The shipped config. */
export const SHIPPED_NGINX_CONF = path.join(ROOT_DIR, 'deploy', 'nginx', 'nginx.conf');

/** The upstream servers of the shipped config (compose service names). */
const SHIPPED_UPSTREAMS = ['portal-1:3000', 'portal-2:3000'];

/** The TLS files the shipped config names (compose.yaml mounts them). */
const SHIPPED_CERTIFICATE = '/etc/nginx/tls/fullchain.pem';
const SHIPPED_KEY = '/etc/nginx/tls/privkey.pem';

/**
 * The nginx binary's path.
 * @returns {string}
 * @throws Error with the install command when nginx is missing.
 */
export function requireNginx() {
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

/**
 * Writes a self-signed certificate for `127.0.0.1` and `localhost` (RSA 2048, valid 2 days) and
 * its key into `dir`, with the `openssl` command.
 * @param {string} dir an existing folder
 * @returns {{ certificate: string, key: string }} the PEM files' paths
 * @throws Error with the install command when openssl is missing or fails.
 */
export function createSelfSignedCertificate(dir) {
  const certificate = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    throw new Error(
      'openssl could not make a test certificate for nginx: install it (Debian/Ubuntu: ' +
        `\`apt-get install -y openssl\`). ${result.error?.message ?? result.stderr}`,
    );
  }
  return { certificate, key };
}

/**
 * Replaces `search` in `text`.
 * @throws Error when the shipped config no longer contains it.
 */
function replaceExactly(text, search, replacement) {
  if (!text.includes(search)) {
    throw new Error(
      `deploy/nginx/nginx.conf no longer contains ${JSON.stringify(search)}; update scripts/lib/nginx.mjs`,
    );
  }
  return text.split(search).join(replacement);
}

/**
 * The shipped config for a run in `dir`: upstream servers → `upstreams` (host:port), user removed
 * (the run is whoever runs it), pid, cache, temp and log files inside `dir`, the TLS files →
 * `tls`, and when `listen`/`tlsListen` are given the plain and the HTTPS server listen there
 * instead of ports 80 and 443.
 * @param {string} shipped the shipped config's text
 * @param {{ dir: string, upstreams: string[], listen?: string, tlsListen?: string,
 *   tls: { certificate: string, key: string } }} options
 * @returns {string}
 * @throws Error when the shipped config lacks one of the replaced lines.
 */
export function renderNginxConfig(shipped, options) {
  let conf = replaceExactly(shipped, 'user nginx;\n', '');
  conf = replaceExactly(conf, 'pid /var/run/nginx.pid;', `pid ${path.join(options.dir, 'nginx.pid')};`);
  conf = replaceExactly(conf, '/var/cache/nginx/portal', path.join(options.dir, 'cache'));
  conf = replaceExactly(
    conf,
    'access_log /dev/stdout portal;',
    `access_log ${path.join(options.dir, 'access.log')} portal;`,
  );
  SHIPPED_UPSTREAMS.forEach((upstream, index) => {
    const target = options.upstreams[index % options.upstreams.length];
    conf = replaceExactly(conf, `server ${upstream} `, `server ${target} `);
  });
  if (options.listen) conf = replaceExactly(conf, 'listen 80;', `listen ${options.listen};`);
  if (options.tlsListen)
    conf = replaceExactly(conf, 'listen 443 ssl http2;', `listen ${options.tlsListen} ssl http2;`);
  conf = replaceExactly(conf, SHIPPED_CERTIFICATE, options.tls.certificate);
  conf = replaceExactly(conf, SHIPPED_KEY, options.tls.key);
  // Temp files go to the run's folder (the compiled-in defaults need root).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(options.dir, `${name}_temp`)};`)
    .join('\n');
  return replaceExactly(conf, '\nhttp {\n', `\nhttp {\n${temp}\n`);
}

/**
 * Runs `nginx -t` on `confFile`.
 * @param {string} binary @param {string} dir @param {string} confFile
 * @returns {{ status: number | null, output: string }} its exit code and output
 */
export function testNginxConfig(binary, dir, confFile) {
  const result = spawnSync(binary, ['-t', '-p', dir, '-e', 'stderr', '-c', confFile], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * Starts nginx with the shipped config rendered for `upstreams` (host:port of running portals) on
 * two free ports of 127.0.0.1 (plain HTTP and HTTPS with HTTP/2, with a fresh self-signed
 * certificate), and waits until it answers.
 * @param {string[]} upstreams
 * @returns {Promise<import('./nginx.d.mts').StartedNginx>}
 * @throws Error when nginx or openssl is missing, nginx rejects the config or does not answer
 *   within 10 s.
 */
export async function startNginx(upstreams) {
  const binary = requireNginx();
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user that must reach the cache folder.
  await chmod(dir, 0o755);
  await mkdir(path.join(dir, 'logs'));
  const tls = createSelfSignedCertificate(dir);
  const port = await freePort();
  const tlsPort = await freePort();
  const conf = renderNginxConfig(await readFile(SHIPPED_NGINX_CONF, 'utf8'), {
    dir,
    upstreams,
    listen: `127.0.0.1:${port}`,
    tlsListen: `127.0.0.1:${tlsPort}`,
    tls,
  });
  const confFile = path.join(dir, 'nginx.conf');
  await writeFile(confFile, conf);
  const child = spawn(binary, ['-p', dir, '-e', 'stderr', '-c', confFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/nginx-health`, { child, name: `nginx (${errors})`, timeoutMs: 10_000 });
  } catch (error) {
    await stopProcess(child);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${errors}`);
  }
  return {
    url,
    httpsUrl: `https://127.0.0.1:${tlsPort}`,
    certificate: tls.certificate,
    dir,
    child,
    errors: () => errors,
    stop: async () => {
      await stopProcess(child, 5000);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
