/**
 * Base images for the container test, built from Debian's archive because no container registry is
 * reachable where the test runs (docs/decisions/090-container-test-on-podman.md):
 * 1. a minimal Debian 13 root file system (`debootstrap --variant=minbase trixie`), trimmed of
 *    documentation and package lists, kept as a tar file in cacheDir() between runs and imported
 *    with `podman import` as localhost/portal-debian:trixie;
 * 2. on it, the stand-ins of deploy/podman/base-images.Containerfile (node, node-build, services;
 *    services at the same time as the other two), built with podman's layer cache and apt's
 *    caches as build mounts, so a warm run rebuilds and downloads nothing.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheDir, ROOT_DIR, run, settleAll } from './podman.mjs';

const DEBIAN_SUITE = 'trixie';
/** Part of the cached tar's name: raise it when what debianRootfsTar() writes into the tree changes. */
const ROOTFS_VERSION = 2;
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
export const DEBIAN_IMAGE = `localhost/portal-debian:${DEBIAN_SUITE}`;

/** The stand-ins by build target of deploy/podman/base-images.Containerfile. */
const STAND_INS = {
  node: `localhost/portal-node:${DEBIAN_SUITE}`,
  'node-build': `localhost/portal-node-build:${DEBIAN_SUITE}`,
  services: `localhost/portal-services:${DEBIAN_SUITE}`,
};

/** True when podman's storage holds `image`. */
async function imageExists(image) {
  return (await run('podman', ['image', 'exists', image], { allowFailure: true })).code === 0;
}

/**
 * Files a container never needs; dpkg leaves them out of later installs as well
 * (/etc/dpkg/dpkg.cfg.d/portal-slim, written into the root file system).
 */
const DPKG_EXCLUDES = `path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
`;

/**
 * dpkg without an fsync per unpacked file, as in the official Debian images
 * (/etc/dpkg/dpkg.cfg.d/docker-apt-speedup there): a build that fails is thrown away whole, so
 * crash safety buys nothing. With it and the apt cache mounts, the stand-ins took 93–119 s cold
 * instead of 153 s (decision 104; not measured apart).
 */
const DPKG_UNSAFE_IO = 'force-unsafe-io\n';

/**
 * The minimal Debian root file system as a tar file in the cache, made with debootstrap when
 * absent (about 35 s on an idle 2-core machine, decision 104; the tar is about 80 MB).
 * @param {(line: string) => void} log progress lines
 * @returns {Promise<string>} the tar file's path
 * @throws {Error} when debootstrap fails (its output's end is in the message)
 */
async function debianRootfsTar(log) {
  const dir = cacheDir();
  const tar = path.join(dir, `debian-${DEBIAN_SUITE}-minbase-${ROOTFS_VERSION}.tar`);
  if (existsSync(tar)) return tar;
  await mkdir(dir, { recursive: true });
  const rootfs = path.join(dir, `rootfs-${DEBIAN_SUITE}-${process.pid}`);
  await rm(rootfs, { recursive: true, force: true });
  log(`debootstrap --variant=minbase ${DEBIAN_SUITE} (cached in ${dir})`);
  try {
    await run('debootstrap', ['--variant=minbase', DEBIAN_SUITE, rootfs, DEBIAN_MIRROR]);
    await writeFile(path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/portal-slim'), DPKG_EXCLUDES);
    await writeFile(path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/portal-unsafe-io'), DPKG_UNSAFE_IO);
    await writeFile(
      path.join(rootfs, 'etc/apt/apt.conf.d/90portal-slim'),
      'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n',
    );
    await run('sh', [
      '-c',
      'cd "$1" && rm -rf var/cache/apt/*.bin var/cache/apt/archives/*.deb var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/info/* && find usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +',
      'sh',
      rootfs,
    ]);
    await run('tar', ['--numeric-owner', '-C', rootfs, '-cf', `${tar}.part`, '.']);
    await rename(`${tar}.part`, tar);
  } finally {
    await rm(rootfs, { recursive: true, force: true });
  }
  return tar;
}

/**
 * Makes sure the Debian image and every stand-in exist in podman's storage.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ NODE_IMAGE: string, NODE_BUILD_IMAGE: string, POSTGRES_IMAGE: string,
 *   REDIS_IMAGE: string, NGINX_IMAGE: string, TLS_IMAGE: string }>} the image variables of
 *   compose.yaml and the Dockerfiles' build arguments, pointing at the stand-ins
 * @throws {Error} when debootstrap, the import or a build fails
 */
export async function ensureBaseImages({ log = () => {} } = {}) {
  if (!(await imageExists(DEBIAN_IMAGE))) {
    const tar = await debianRootfsTar(log);
    log(`podman import ${tar}`);
    await run('podman', ['import', '--change', 'CMD ["/bin/bash"]', tar, DEBIAN_IMAGE]);
  }
  const build = async (target) => {
    const image = STAND_INS[target];
    const started = Date.now();
    await run('podman', [
      'build',
      '--format',
      'docker',
      '--build-arg',
      `DEBIAN_IMAGE=${DEBIAN_IMAGE}`,
      '--target',
      target,
      '--tag',
      image,
      '--file',
      path.join(ROOT_DIR, 'deploy/podman/base-images.Containerfile'),
      path.join(ROOT_DIR, 'deploy/podman'),
    ]);
    log(`stand-in ${image}: ${Math.round((Date.now() - started) / 1000)} s`);
  };
  // node-build starts FROM node; services needs neither, so it is built at the same time: while
  // one apt downloads, the other unpacks.
  await settleAll([build('node').then(() => build('node-build')), build('services')]);
  return {
    NODE_IMAGE: STAND_INS.node,
    NODE_BUILD_IMAGE: STAND_INS['node-build'],
    POSTGRES_IMAGE: STAND_INS.services,
    REDIS_IMAGE: STAND_INS.services,
    NGINX_IMAGE: STAND_INS.services,
    TLS_IMAGE: STAND_INS.services,
  };
}
