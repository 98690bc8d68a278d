/**
 * Podman for the container test (npm run test:containers; docs/decisions/090-container-test-on-podman.md):
 * installs what is missing from Debian's archive (podman, runc, debootstrap, podman-compose) and
 * runs podman and podman-compose with the project's own configuration,
 * deploy/podman/containers.conf through CONTAINERS_CONF, so the machine's global configuration is
 * never read or changed. Plain ESM JavaScript: it runs before anything is built.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONTAINERS_CONF = path.join(ROOT_DIR, 'deploy/podman/containers.conf');

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

/** The environment for podman: the caller's, with CONTAINERS_CONF set to the project's file. */
export function podmanEnv(extra = {}) {
  return { ...process.env, CONTAINERS_CONF, ...extra };
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
