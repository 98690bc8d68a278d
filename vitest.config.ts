/**
 * Test projects: `unit` (no services), `integration` (supertest on createApp against the real
 * CMS) and `e2e` (Playwright driving Chromium against the production build and the real CMS);
 * `containers` (the compose stack under podman) and `perf` run only on their own npm scripts.
 * The global setup starts one CMS for integration and e2e; every test fails when it logs
 * console.error.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PortalSequencer } from './tests/setup/sequencer.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // tests/setup/time-report.ts records each file's time for the summary that ends `npm test`.
    reporters: ['default', './tests/setup/time-report.ts'],
    sequence: { sequencer: PortalSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'cms/tests/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/translations.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/setup/global-cms.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Measurements that print figures (`npm run bench:search-scale`); not part of `npm test`.
        extends: true,
        test: {
          name: 'perf',
          include: ['tests/perf/**/*.perf.ts'],
          environment: 'node',
        },
      },
      {
        // The compose stack under podman (`npm run test:containers`, decision 090); not part of
        // `npm test`: it builds images and runs every service in containers.
        extends: true,
        test: {
          name: 'containers',
          include: ['tests/containers/**/*.test.ts'],
          globalSetup: ['tests/containers/global-stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // expect.poll waits on the browser and a server round trip (a login hashes a password in
          // the CMS); vitest's default of 1 s is shorter than that on a busy 2-core machine.
          expect: { poll: { timeout: 5_000 } },
          globalSetup: ['tests/setup/global-cms.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
