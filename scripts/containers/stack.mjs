/**
 * The compose stack of compose.yaml under podman for the container test
 * (docs/decisions/090-container-test-on-podman.md): builds the images of the services with a
 * `build` section (podman's layer cache; the machine's CA bundle as the build secret `npm_ca`),
 * creates every container with Debian's podman-compose (compose.yaml plus
 * deploy/podman/compose.test.yaml) and starts them in the order of `depends_on`, waiting for the
 * condition each dependency names. podman-compose 1.0 ignores those conditions, and without systemd
 * podman never runs health checks by itself, so this module runs them (`podman healthcheck run`)
 * until they pass. Plain ESM JavaScript, typed by stack.d.mts.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { podmanEnv, ROOT_DIR, run, settleAll } from './podman.mjs';

/** The compose project name of the test: containers, volumes and network carry it. */
export const PROJECT = 'portal-containers-test';
const COMPOSE_FILES = ['compose.yaml', 'deploy/podman/compose.test.yaml'];

/**
 * compose.yaml as data (YAML anchors resolved), read with Python's yaml module (python3-yaml,
 * which podman-compose depends on).
 * @returns {Promise<{ services: Record<string, any>, volumes?: Record<string, unknown> }>}
 */
export async function readCompose() {
  const { stdout } = await run('python3', [
    '-c',
    'import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)',
    path.join(ROOT_DIR, COMPOSE_FILES[0]),
  ]);
  return JSON.parse(stdout);
}

/**
 * The services in an order that starts every dependency first, each with the conditions its
 * dependents wait for (`service_started`, `service_healthy`, `service_completed_successfully`;
 * the compose specification's `depends_on`).
 * @param {Record<string, { depends_on?: string[] | Record<string, { condition?: string }> }>} services
 * @returns {{ service: string, awaited: Set<string> }[]}
 * @throws {Error} on a dependency that is not a service, or a cycle
 */
export function startOrder(services) {
  const deps = (name) => {
    const value = services[name]?.depends_on ?? {};
    return Array.isArray(value)
      ? value.map((service) => [service, 'service_started'])
      : Object.entries(value).map(([service, spec]) => [service, spec?.condition ?? 'service_started']);
  };
  const awaited = new Map(Object.keys(services).map((name) => [name, new Set()]));
  const order = [];
  const state = new Map();
  const visit = (name, trail) => {
    if (!services[name]) throw new Error(`depends_on names ${name}, which is not a service`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`depends_on has a cycle: ${[...trail, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const [dependency, condition] of deps(name)) {
      visit(dependency, [...trail, name]);
      awaited.get(dependency)?.add(condition);
    }
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of Object.keys(services)) visit(name, []);
  return order.map((service) => ({ service, awaited: awaited.get(service) ?? new Set() }));
}

/** The container podman-compose 1.0 makes for `service`. */
export function containerName(service) {
  return `${PROJECT}_${service}_1`;
}

/**
 * This machine's npm cache (`npm_config_cache`, which npm sets for the scripts it runs, else
 * `~/.npm`), when it holds packages: `npm install` filled it before the container test runs, with
 * every package of both lockfiles.
 * @returns {string | undefined} an absolute path
 */
function hostNpmCache() {
  const dir = process.env.npm_config_cache || path.join(homedir(), '.npm');
  return existsSync(path.join(dir, '_cacache')) ? dir : undefined;
}

/** The CA bundle this machine trusts in addition (NODE_EXTRA_CA_CERTS, else SSL_CERT_FILE), if any. */
function extraCaBundle() {
  return [process.env.NODE_EXTRA_CA_CERTS, process.env.SSL_CERT_FILE].find(
    (file) => file && existsSync(file),
  );
}

/**
 * Builds the image of every service with a `build` section, tagged with its `image`, passing the
 * build arguments the section names from `buildArgs`; all images at once, and the independent
 * stages of each at once (`--jobs 2`: the portal's build and production-deps stages). The image
 * config keeps HEALTHCHECK (`--format docker`; the OCI format has no health checks).
 * Where npm runs in a build (as root, cache `/root/.npm`), it finds this machine's npm cache
 * mounted there as an overlay (`--volume …:O`): npm reads the packages that `npm install` fetched
 * for the host and writes to a layer that is thrown away after each step, so the host's cache is
 * never changed, no image gets it, and the Dockerfiles stay as real users build them.
 * @param {{ services: Record<string, any> }} compose from readCompose()
 * @param {Record<string, string>} buildArgs e.g. NODE_IMAGE, NODE_BUILD_IMAGE
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ image: string, seconds: number }[]>}
 * @throws {Error} when a build fails
 */
export async function buildImages(compose, buildArgs, { log = () => {} } = {}) {
  const builds = [];
  const seen = new Set();
  const ca = extraCaBundle();
  const npmCache = hostNpmCache();
  for (const service of Object.values(compose.services)) {
    if (!service.build || seen.has(service.image)) continue;
    seen.add(service.image);
    const build = typeof service.build === 'string' ? { context: service.build } : service.build;
    const context = path.resolve(ROOT_DIR, build.context ?? '.');
    const names = Array.isArray(build.args)
      ? build.args.map((arg) => String(arg).split('=')[0])
      : Object.keys(build.args ?? {});
    const args = ['build', '--format', 'docker', '--jobs', '2', '--tag', service.image];
    args.push('--file', path.join(context, build.dockerfile ?? 'Dockerfile'));
    for (const name of names) if (buildArgs[name]) args.push('--build-arg', `${name}=${buildArgs[name]}`);
    if (ca) args.push('--secret', `id=npm_ca,src=${ca}`);
    if (npmCache) args.push('--volume', `${npmCache}:/root/.npm:O`);
    args.push(context);
    log(`podman build ${service.image}${npmCache ? ` (npm cache ${npmCache})` : ''}`);
    builds.push(
      (async () => {
        const started = Date.now();
        await run('podman', args);
        const seconds = Math.round((Date.now() - started) / 1000);
        log(`built ${service.image}: ${seconds} s`);
        return { image: service.image, seconds };
      })(),
    );
  }
  return settleAll(builds);
}

/** podman-compose with the test's project name and compose files. */
function compose(args, env) {
  const files = COMPOSE_FILES.flatMap((file) => ['-f', path.join(ROOT_DIR, file)]);
  return run('podman-compose', ['-p', PROJECT, ...files, ...args], { env: podmanEnv(env) });
}

/** `podman inspect` of one container. */
async function inspect(name) {
  const { stdout } = await run('podman', ['container', 'inspect', name]);
  return JSON.parse(stdout)[0];
}

/** The last lines a container logged, for error messages. */
async function logTail(name) {
  const { stdout, stderr } = await run('podman', ['logs', '--tail', '40', name], { allowFailure: true });
  return `${stdout}${stderr}`.trim();
}

/**
 * Runs a container's health check until it passes.
 * @param {string} name container name
 * @param {number} timeoutMs
 * @throws {Error} when the container exits or the check still fails after timeoutMs (with its log)
 */
export async function waitHealthy(name, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await inspect(name);
    if (!info.State.Running)
      throw new Error(
        `${name} stopped (exit code ${info.State.ExitCode}) before it was healthy:\n${await logTail(name)}`,
      );
    if ((await run('podman', ['healthcheck', 'run', name], { allowFailure: true })).code === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${name} was not healthy within ${timeoutMs} ms:\n${await logTail(name)}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/**
 * Waits until a one-shot container has exited.
 * @throws {Error} when it exits non-zero (with its log) or runs longer than timeoutMs
 */
async function waitCompleted(name, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await inspect(name);
    if (!info.State.Running && info.State.Status !== 'created' && info.State.Status !== 'configured') {
      if (info.State.ExitCode === 0) return;
      throw new Error(`${name} exited with code ${info.State.ExitCode}:\n${await logTail(name)}`);
    }
    if (Date.now() > deadline) throw new Error(`${name} did not finish within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Creates every container of the stack and starts them in dependency order; a service with a
 * health check (its own or its image's) must pass it before the next one starts, a one-shot service
 * that others wait for must exit 0.
 * @param {{ services: Record<string, any> }} composeFile from readCompose()
 * @param {Record<string, string>} env compose variables (image names, ports, PUBLIC_URL, …)
 * @param {{ log?: (line: string) => void, timeoutMs?: number }} [options] timeoutMs per service
 *   (default 15 min: the CMS seeds the demo site on its first start)
 * @returns {Promise<{ service: string, container: string, seconds: number, healthy: boolean }[]>}
 * @throws {Error} when a container fails to start, exits, or never turns healthy
 */
export async function up(composeFile, env, { log = () => {}, timeoutMs = 15 * 60_000 } = {}) {
  await compose(['up', '--no-build', '--no-start'], env);
  const started = [];
  for (const { service, awaited } of startOrder(composeFile.services)) {
    const name = containerName(service);
    const begin = Date.now();
    log(`start ${service}`);
    await run('podman', ['start', name]);
    const info = await inspect(name);
    const healthcheck = Boolean(info.Config?.Healthcheck?.Test?.length);
    if (awaited.has('service_completed_successfully')) await waitCompleted(name, timeoutMs);
    else if (healthcheck) await waitHealthy(name, timeoutMs);
    else if (awaited.has('service_healthy'))
      throw new Error(`${service} is awaited healthy but has no health check`);
    started.push({
      service,
      container: name,
      seconds: Math.round((Date.now() - begin) / 1000),
      healthy: healthcheck,
    });
  }
  return started;
}

/**
 * Stops and removes the stack's containers and network; with `volumes`, its named volumes too.
 * @param {Record<string, string>} env the same compose variables as up()
 */
export async function down(env, { volumes = false } = {}) {
  await compose(['down', ...(volumes ? ['--volumes'] : [])], env);
  await run('podman', ['network', 'rm', '--force', `${PROJECT}_default`], { allowFailure: true });
}

/**
 * The host directory of one of the stack's named volumes (podman runs as root here, so it is
 * readable: the CMS's captured mail lives in the `cms-data` volume).
 * @param {string} volume the name in compose.yaml, e.g. `cms-data`
 */
export async function volumePath(volume) {
  const { stdout } = await run('podman', [
    'volume',
    'inspect',
    '--format',
    '{{.Mountpoint}}',
    `${PROJECT}_${volume}`,
  ]);
  return stdout.trim();
}

/**
 * Sizes of local images as podman reports them.
 * @param {string[]} images image names as in compose.yaml (e.g. `portal:local`)
 * @returns {Promise<Record<string, number>>} bytes by name
 */
export async function imageSizes(images) {
  const sizes = {};
  for (const image of images) {
    const { stdout } = await run('podman', ['image', 'inspect', '--format', '{{.Size}}', image]);
    sizes[image] = Number(stdout.trim());
  }
  return sizes;
}
