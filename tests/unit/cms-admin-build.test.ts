/**
 * When the admin panel is built again (cms/scripts/admin-build.js, decision 109): when it is
 * missing, and when one of its sources changed; never when a build of the same sources is there.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const { adminBuildIsFresh, adminSourceHash, ensureAdminBuild } = createRequire(import.meta.url)(
  '../../cms/scripts/admin-build.js',
) as {
  adminBuildIsFresh: (appDir: string) => boolean;
  adminSourceHash: (appDir: string) => string;
  ensureAdminBuild: (options: {
    appDir: string;
    build: (appDir: string) => number;
    log: (line: string) => void;
  }) => { built: boolean; ms: number };
};

let appDir = '';
afterEach(() => rm(appDir, { recursive: true, force: true }));

/** A CMS app folder with the admin's sources, and a fake `strapi build` that counts its runs. */
async function app() {
  appDir = await mkdtemp(path.join(tmpdir(), 'admin-build-'));
  await mkdir(path.join(appDir, 'config'));
  await writeFile(path.join(appDir, 'package-lock.json'), '{"lockfileVersion":3}');
  await writeFile(path.join(appDir, 'config', 'plugins.js'), 'module.exports = {};');
  let builds = 0;
  const ensure = () =>
    ensureAdminBuild({
      appDir,
      build: (dir) => {
        builds += 1;
        mkdirSync(path.join(dir, 'build'), { recursive: true });
        writeFileSync(path.join(dir, 'build', 'index.html'), '<title>Strapi Admin</title>');
        return 0;
      },
      log: () => {},
    });
  return { ensure, builds: () => builds };
}

describe('the admin panel build', () => {
  it('builds when missing, not again for the same sources, and again when a source changes', async () => {
    const { ensure, builds } = await app();
    // A failed build throws and leaves no stamp.
    expect(() => ensureAdminBuild({ appDir, build: () => 2, log: () => {} })).toThrow(/exit 2/);
    expect(adminBuildIsFresh(appDir)).toBe(false);
    expect(adminBuildIsFresh(appDir)).toBe(false);
    expect(ensure().built).toBe(true);
    expect(builds()).toBe(1);
    expect(adminBuildIsFresh(appDir)).toBe(true);
    expect(ensure().built).toBe(false);
    expect(builds()).toBe(1);

    const before = adminSourceHash(appDir);
    await writeFile(path.join(appDir, 'package-lock.json'), '{"lockfileVersion":3,"strapi":"5.x"}');
    expect(adminSourceHash(appDir)).not.toBe(before);
    expect(adminBuildIsFresh(appDir)).toBe(false);
    expect(ensure().built).toBe(true);
    expect(builds()).toBe(2);

    // An admin customisation counts too.
    await mkdir(path.join(appDir, 'src', 'admin'), { recursive: true });
    await writeFile(path.join(appDir, 'src', 'admin', 'app.js'), 'export default {};');
    expect(adminBuildIsFresh(appDir)).toBe(false);
  });
});
