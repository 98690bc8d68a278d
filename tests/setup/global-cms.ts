/**
 * Global setup for integration and e2e tests: starts the real Strapi CMS from `cms/` on a free
 * port with a fresh database and its own mail capture folder, waits until it has seeded, and
 * provides `cmsUrl`, `mailDir` and `cmsDatabase` (JSON of tests/support/cms-database.ts's
 * `CmsDatabase`, for checks of what is stored) to the tests. The database is a new SQLite file,
 * or with `TEST_DATABASE=postgres` a new PostgreSQL server from Debian's package
 * (scripts/lib/postgres.mjs). The CMS's auth rate limit is off for tests. The CMS's portal webhook
 * points at `cmsWebhook.port` on 127.0.0.1 with `cmsWebhook.secret`: a test that wants the CMS's
 * content changes listens a portal there (tests/integration/many-instances.test.ts); otherwise
 * nothing listens and the CMS's calls fail quietly. The CMS's metrics listen on a free port of
 * 127.0.0.1, provided as `cmsMetricsUrl` (tests/integration/metrics.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { freePort, startCms } from '../../scripts/lib/processes.mjs';

const { adminBuildIsFresh } = createRequire(import.meta.url)('../../cms/scripts/admin-build.js') as {
  adminBuildIsFresh: () => boolean;
};

declare module 'vitest' {
  export interface ProvidedContext {
    cmsUrl: string;
    mailDir: string;
    cmsDatabase: string;
    cmsWebhook: { port: number; secret: string };
    cmsMetricsUrl: string;
    /** The CMS's PREVIEW_SECRET, for a portal that opens its preview links (decision 101). */
    previewSecret: string;
    /** The CMS serves its admin panel (a fresh build was there: cms/scripts/admin-build.js). */
    cmsAdminPanel: boolean;
  }
}

interface SharedCms {
  url: string;
  mailDir: string;
  database: string;
  webhook: { port: number; secret: string };
  metricsUrl: string;
  previewSecret: string;
  adminPanel: boolean;
  users: number;
  stop: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __portalCms?: Promise<SharedCms> };

/** Starts the CMS once per test run, even when several projects use this setup. */
async function startShared(): Promise<SharedCms> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-cms-'));
  const mailDir = path.join(dir, 'mail');
  const started = Date.now();
  const postgres = process.env.TEST_DATABASE === 'postgres' ? await startPostgres() : undefined;
  const database = postgres
    ? { client: 'postgres', url: postgres.url }
    : { client: 'sqlite', filename: path.join(dir, 'data.db') };
  const webhook = { port: await freePort(), secret: `test-webhook-${randomUUID()}` };
  const metricsPort = await freePort();
  const previewSecret = `test-preview-${randomUUID()}`;
  const adminPanel = adminBuildIsFresh();
  const cms = await startCms({
    port: await freePort(),
    databaseFilename: path.join(dir, 'data.db'),
    mailCapturePort: await freePort(),
    mailCaptureDir: mailDir,
    // PORTAL_URL: account e-mails link to the test portal's public URL (tests/support/portal.ts).
    env: {
      AUTH_RATELIMIT: 'false',
      LOG_LEVEL: 'warn',
      PORTAL_URL: 'https://portal.test',
      PORTAL_WEBHOOK_URL: `http://127.0.0.1:${webhook.port}/hooks/cms`,
      WEBHOOK_SECRET: webhook.secret,
      METRICS_PORT: String(metricsPort),
      PREVIEW_SECRET: previewSecret,
      // As `npm start` does, when the panel is built (`npm test` builds it in its first stage).
      SERVE_ADMIN_PANEL: String(adminPanel),
      ...(postgres ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgres.url } : {}),
    },
    stdio: 'ignore',
    // A wait limit, not a speed goal: the CMS starts in about 40 s on a quiet machine and took
    // 200-570 s while other test runs held the load at 15-25.
    timeoutMs: 900_000,
  }).catch(async (error: unknown) => {
    await postgres?.stop();
    throw error;
  });
  console.log(
    `[global-cms] CMS on ${database.client} ready at ${cms.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    url: cms.url,
    mailDir,
    database: JSON.stringify(database),
    webhook,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    previewSecret,
    adminPanel,
    users: 0,
    stop: async () => {
      await cms.stop();
      await postgres?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  holder.__portalCms ??= startShared();
  const cms = await holder.__portalCms;
  cms.users += 1;
  project.provide('cmsUrl', cms.url);
  project.provide('mailDir', cms.mailDir);
  project.provide('cmsDatabase', cms.database);
  project.provide('cmsWebhook', cms.webhook);
  project.provide('cmsMetricsUrl', cms.metricsUrl);
  project.provide('previewSecret', cms.previewSecret);
  project.provide('cmsAdminPanel', cms.adminPanel);
  return async () => {
    cms.users -= 1;
    if (cms.users === 0) {
      holder.__portalCms = undefined;
      await cms.stop();
    }
  };
}
