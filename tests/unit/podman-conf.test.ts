/**
 * The container test's podman settings take their ulimits from the machine it runs on
 * (scripts/containers/podman.mjs, containersConf; issue 32): a fixed `nofile=1024` made `npm ci`
 * fail with EMFILE in the CMS image's build on a machine that allows 20 000 open files.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  capped,
  containersConf,
  limitOf,
  NPROC_CEILING,
  settleAll,
} from '../../scripts/containers/podman.mjs';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max processes             96365                96365                processes
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('limitOf', () => {
  it('reads the soft and hard limit of a row of /proc/self/limits', () => {
    expect(limitOf(LIMITS, 'Max open files')).toBe('20000:20000');
    expect(limitOf(LIMITS, 'Max processes')).toBe('96365:96365');
  });

  it('writes unlimited as -1, as containers.conf(5) takes it', () => {
    expect(limitOf(LIMITS, 'Max cpu time')).toBe('-1:-1');
  });

  it('gives undefined for a row that is not there', () => {
    expect(limitOf(LIMITS, 'Max pending signals')).toBeUndefined();
  });
});

describe('capped', () => {
  it('keeps a limit under the ceiling and lowers one above it or unlimited', () => {
    expect(capped('1024:4096', 32768)).toBe('1024:4096');
    expect(capped('96365:96365', 32768)).toBe('32768:32768');
    expect(capped('-1:-1', 32768)).toBe('32768:32768');
    expect(capped(undefined, 32768)).toBeUndefined();
  });
});

describe('containersConf', () => {
  let dir: string | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("sets the containers' nofile and nproc to this machine's limits and keeps the rest", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'podman-conf-'));
    vi.stubEnv('XDG_CACHE_HOME', dir);
    const file = containersConf();
    expect(file).toBe(path.join(dir, 'portal-containers', 'containers.conf'));
    const conf = await readFile(file, 'utf8');
    const own = await readFile('/proc/self/limits', 'utf8');
    const nofile = limitOf(own, 'Max open files');
    expect(nofile).toMatch(/^(\d+|-1):(\d+|-1)$/);
    expect(conf).toContain(
      `default_ulimits = ["nofile=${nofile}", "nproc=${capped(limitOf(own, 'Max processes'), NPROC_CEILING)}"]`,
    );
    expect(conf).not.toContain('nofile=1024:1024');
    expect(conf).toContain('runtime = "runc"');
    expect(conf).toContain('cgroup_manager = "cgroupfs"');
  });
});

describe('settleAll', () => {
  it('waits for every build before it rejects with the first failure', async () => {
    let slowEnded = false;
    const slow = new Promise<string>((resolve) =>
      setTimeout(() => {
        slowEnded = true;
        resolve('slow');
      }, 30),
    );
    await expect(settleAll([Promise.reject(new Error('first')), slow])).rejects.toThrow('first');
    expect(slowEnded).toBe(true);
  });

  it('gives the values in the order given', async () => {
    await expect(settleAll([Promise.resolve(1), Promise.resolve(2)])).resolves.toEqual([1, 2]);
  });
});
