/**
 * Podman for the container test (npm run test:containers; docs/decisions/090-container-test-on-podman.md):
 * installs what is missing from Debian's archive (podman, runc, debootstrap, podman-compose) and
 * runs podman and podman-compose with the project's own configuration through CONTAINERS_CONF, so
 * the machine's global configuration is never read or changed: deploy/podman/containers.conf with
 * the container ulimits of the machine the test runs on (containersConf()). Plain ESM JavaScript:
 * it runs before anything is built.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The project's podman settings; its `default_ulimits` line is replaced by containersConf(). */
export const CONTAINERS_CONF_TEMPLATE = path.join(ROOT_DIR, 'deploy/podman/containers.conf');

/** Debian packages the test needs, and a program of each that shows it is installed. */
const TOOLS = [
  { program: 'podman', pkg: 'podman' },
  { program: 'runc', pkg: 'runc' },
  { program: 'debootstrap', pkg: 'debootstrap' },
  { program: 'podman-compose', pkg: 'podman-compose' },
  { program: 'python3', pkg: 'python3-yaml', check: ['python3', '-c', 'import yaml'] },
];

/**
 * Where downloads are kept between runs, outside the repository:
 * `$XDG_CACHE_HOME/portal-containers` (default `~/.cache/portal-containers`).
 * @returns {string} an absolute path (not created here)
 */
export function cacheDir() {
  return path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'portal-containers');
}

/**
 * The soft and hard limits of this process for `name` (a row of /proc/self/limits, such as
 * "Max open files"), as podman writes them: a number, or -1 for unlimited (containers.conf(5)).
 * @param {string} limits the text of /proc/self/limits
 * @param {string} name
 * @returns {string | undefined} "soft:hard", or undefined when the row is missing
 */
export function limitOf(limits, name) {
  const row = limits.split('\n').find((line) => line.startsWith(name));
  const values = row?.slice(name.length).trim().split(/\s+/);
  if (!values || values.length < 2) return undefined;
  const value = (text) => (text === 'unlimited' ? '-1' : text);
  return `${value(values[0])}:${value(values[1])}`;
}

/**
 * Writes the podman settings for this machine: deploy/podman/containers.conf with
 * `default_ulimits` set to this process's own `nofile` and `nproc` limits (read from
 * /proc/self/limits; `nproc` at most NPROC_CEILING), so a container gets what the machine allows:
 * never more (raising limits is not permitted in this kind of VM), and not a fixed 1024 open
 * files, with which `npm ci` in the CMS image's build failed with EMFILE on a machine that allows
 * 20 000 (issue 32). Node raises its own soft limit of open files to the hard one at start, so
 * both are the hard limit in practice.
 * @returns {string} the path of the written file, in cacheDir()
 * @throws {Error} when the template has no `default_ulimits` line or the file cannot be written
 */
export function containersConf() {
  const template = readFileSync(CONTAINERS_CONF_TEMPLATE, 'utf8');
  const limits = existsSync('/proc/self/limits') ? readFileSync('/proc/self/limits', 'utf8') : '';
  const ulimits = [
    ['nofile', limitOf(limits, 'Max open files')],
    ['nproc', capped(limitOf(limits, 'Max processes'), NPROC_CEILING)],
  ]
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `"${name}=${value}"`);
  if (!/^default_ulimits = .*$/m.test(template))
    throw new Error(`${CONTAINERS_CONF_TEMPLATE} has no default_ulimits line to fill in`);
  const conf = template.replace(/^default_ulimits = .*$/m, `default_ulimits = [${ulimits.join(', ')}]`);
  const target = path.join(cacheDir(), 'containers.conf');
  mkdirSync(cacheDir(), { recursive: true });
  writeFileSync(target, conf);
  return target;
}

/**
 * The highest `nproc` runc could set for a container under Debian's podman 4.3 here: 32768 and
 * less started, 65536 and the machine's own 96365 failed with "error setting rlimit type 6:
 * operation not permitted" (measured 2026-12-01 with `podman run` of a busybox image; conmon itself
 * runs with 32768).
 */
export const NPROC_CEILING = 32768;

/**
 * A "soft:hard" limit with both sides at most `ceiling` (-1, unlimited, becomes `ceiling`).
 * @param {string | undefined} limit
 * @param {number} ceiling
 * @returns {string | undefined}
 */
export function capped(limit, ceiling) {
  if (limit === undefined) return undefined;
  const cap = (text) => {
    const value = Number(text);
    return String(value < 0 || value > ceiling ? ceiling : value);
  };
  const [soft, hard] = limit.split(':');
  return `${cap(soft)}:${cap(hard)}`;
}

/** @type {string | undefined} */
let writtenConf;

/** The environment for podman: the caller's, with CONTAINERS_CONF set to containersConf()'s file. */
export function podmanEnv(extra = {}) {
  writtenConf ??= containersConf();
  return { ...process.env, CONTAINERS_CONF: writtenConf, ...extra };
}

/**
 * Runs a program and collects its output.
 * @param {string} program
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, input?: string, echo?: boolean, allowFailure?: boolean }} [options]
 *   `echo` streams stdout/stderr to this process's stderr as well (long builds);
 *   `allowFailure` resolves with the exit code instead of throwing.
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 * @throws {Error} naming the command, its exit code and the end of its stderr, when it exits non-zero
 */
export function run(program, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      cwd: options.cwd ?? ROOT_DIR,
      env: options.env ?? podmanEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) resolve({ code: code ?? 1, stdout, stderr });
      else
        reject(
          new Error(`${program} ${args.join(' ')} exited with ${code}:\n${(stderr || stdout).slice(-4000)}`),
        );
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * Waits for every promise, then rejects with the first failure, if any: unlike Promise.all, a
 * failed build never leaves the others running while the caller gives up.
 * @template T
 * @param {Promise<T>[]} promises
 * @returns {Promise<T[]>}
 * @throws the first rejection reason, in the order given
 */
export async function settleAll(promises) {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => /** @type {PromiseFulfilledResult<T>} */ (result).value);
}

/** True when `program` is on PATH. */
function onPath(program) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, program)));
}

/**
 * Installs the Debian packages the container test needs when one is missing
 * (`apt-get install podman runc debootstrap podman-compose python3-yaml`; crun, podman's other
 * runtime, refuses VMs with hybrid cgroups, so runc is named explicitly).
 * @returns {Promise<string[]>} the packages installed (empty when all were present)
 * @throws {Error} when something is missing and this process is not root (it cannot install)
 */
export async function ensureTools() {
  const missing = [];
  for (const tool of TOOLS) {
    const present = tool.check
      ? (await run(tool.check[0], tool.check.slice(1), { allowFailure: true }).catch(() => ({ code: 1 })))
          .code === 0
      : onPath(tool.program) || existsSync(`/usr/sbin/${tool.program}`);
    if (!present) missing.push(tool.pkg);
  }
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0)
    throw new Error(
      `The container test needs ${missing.join(', ')}: run as root, or install them with apt-get.`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  // With recommends: podman's network stack (netavark, aardvark-dns for service names) and storage.
  await run('apt-get', ['install', '-y', '-qq', ...new Set([...missing, 'runc'])], { env });
  return missing;
}
