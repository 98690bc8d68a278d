/**
 * Global setup of the `containers` test project (npm run test:containers;
 * docs/decisions/090-container-test-on-podman.md): installs podman and friends when missing,
 * makes the Debian-built base images (debootstrap, cached in ~/.cache/portal-containers), builds
 * the portal and CMS images, brings the whole compose.yaml up under podman with nginx on two free
 * host ports, and provides `stack` to the tests. The teardown takes the stack down with its
 * volumes (`CONTAINERS_KEEP=true` leaves it running, to look into a failure). Phase timings and
 * image sizes go to stderr.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { ensureBaseImages } from '../../scripts/containers/base-images.mjs';
import { ensureTools } from '../../scripts/containers/podman.mjs';
import {
  buildImages,
  containerName,
  down,
  imageSizes,
  PROJECT,
  readCompose,
  up,
  volumePath,
} from '../../scripts/containers/stack.mjs';
import { freePort } from '../../scripts/lib/processes.mjs';

/** What the tests get: URLs through nginx, container names by service, compose variables. */
export interface Stack {
  project: string;
  /** `http://localhost:<port>`: nginx's plain HTTP port, also the portal's PUBLIC_URL */
  httpUrl: string;
  /** `https://localhost:<port>`: nginx's HTTPS port (HTTP/2, self-signed certificate) */
  httpsUrl: string;
  containers: Record<string, string>;
  /** services that have a health check */
  healthChecked: string[];
  /** the CMS's captured e-mail on the host (the `cms-data` volume's `mail/`) */
  mailDir: string;
  env: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: Stack;
  }
}

const log = (line: string) => process.stderr.write(`[containers] ${line}\n`);

/**
 * Polls `url` until it answers 200.
 * @throws {Error} with the last status when it does not within timeoutMs
 */
async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = String(response.status);
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

export default async function setup(project: TestProject) {
  const timings: Record<string, number> = {};
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings[name] = Math.round((Date.now() - started) / 1000);
    log(`${name}: ${timings[name]} s`);
    return result;
  };
  const total = Date.now();
  const installed = await phase('tools', ensureTools);
  if (installed.length > 0) log(`installed ${installed.join(', ')}`);
  const base = await phase('base images', () => ensureBaseImages({ log }));
  const compose = await readCompose();
  await phase('builds', () => buildImages(compose, { ...base, ADMIN_PANEL: 'false' }, { log }));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    ...base,
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    PUBLIC_URL: `http://localhost:${httpPort}`,
    // The CMS tells the portal of every publish (through nginx, to one replica; Redis tells the other).
    WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    // Preview links signed by the CMS and checked by the replicas (decision 101).
    PREVIEW_SECRET: randomBytes(24).toString('hex'),
  };
  // A stack left over by an interrupted run would hold the names and volumes.
  await down(env, { volumes: true });
  const started = await phase('up', () =>
    up(compose, env, { log }).catch(async (error) => {
      await down(env, { volumes: true });
      throw error;
    }),
  );
  for (const { service, seconds } of started) log(`  ${service}: ${seconds} s`);
  // Healthy is not warm: the first pages after a cold start may miss the CMS deadline on a busy
  // machine (503). Wait for the home page like a load balancer's warm-up, and report how long.
  await phase('warm-up', () => waitForPage(`http://localhost:${httpPort}/`, 180_000));
  const images = [...new Set(Object.values(compose.services).map((service) => String(service.image)))].map(
    (image) =>
      Object.entries(env).reduce(
        (name, [key, value]) => name.replace(new RegExp(`\\$\\{${key}:-[^}]*\\}`), value),
        image,
      ),
  );
  const sizes = await imageSizes(images);
  for (const [image, bytes] of Object.entries(sizes)) log(`image ${image}: ${(bytes / 1e6).toFixed(0)} MB`);
  log(`ready after ${Math.round((Date.now() - total) / 1000)} s`);

  project.provide('stack', {
    project: PROJECT,
    httpUrl: `http://localhost:${httpPort}`,
    httpsUrl: `https://localhost:${httpsPort}`,
    containers: Object.fromEntries(
      Object.keys(compose.services).map((service) => [service, containerName(service)]),
    ),
    healthChecked: started.filter((entry) => entry.healthy).map((entry) => entry.service),
    mailDir: `${await volumePath('cms-data')}/mail`,
    env,
  });

  return async () => {
    if (process.env.CONTAINERS_KEEP === 'true') {
      log(`CONTAINERS_KEEP=true: the stack keeps running (podman ps; the next run takes it down first)`);
      return;
    }
    const stopped = Date.now();
    await down(env, { volumes: true });
    log(
      `down: ${Math.round((Date.now() - stopped) / 1000)} s; total ${Math.round((Date.now() - total) / 1000)} s`,
    );
  };
}
