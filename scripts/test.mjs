/**
 * `npm test`: every check, in order, stopping at the first failure: types, lint, import circles in
 * `src/` (scripts/import-circles.mjs), unit tests,
 * production build, the JavaScript size per page (scripts/size-check.mjs), then integration and end-to-end tests against one real CMS started by the
 * test setup (fresh SQLite database, free port) and Debian's Chromium, and the integration tests
 * once more with the CMS on a fresh PostgreSQL server (Debian's `postgresql`, started by the test
 * setup: tests/setup/global-cms.ts). Tests of several portal instances start Debian's
 * `redis-server` on a free port (scripts/lib/redis.mjs). The integration tests also run the Nu HTML
 * Checker (`vnu-jar`, on Debian's Java) over every route family in both languages, once, on the
 * SQLite pass (tests/integration/html-validity.test.ts: about 50 s, 35 s of it the checker).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { postgresBinDir } from './lib/postgres.mjs';
import { ROOT_DIR } from './lib/processes.mjs';
import { redisServerBin } from './lib/redis.mjs';
import { timeSummary } from './lib/test-times.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(
    `[test] Chromium not found at ${CHROMIUM}. Install it: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ['typecheck', bin('tsc'), ['--noEmit']],
  ['lint', bin('biome'), ['ci', '.']],
  ['import circles', process.execPath, ['scripts/import-circles.mjs']],
  ['unit tests', bin('vitest'), ['run', '--project', 'unit']],
  ['build', bin('vite'), ['build', '--app', '--logLevel', 'warn']],
  ['JavaScript size per page', process.execPath, ['scripts/size-check.mjs', '--floor']],
  [
    'integration and end-to-end tests',
    bin('vitest'),
    ['run', '--project', 'integration', '--project', 'e2e'],
  ],
  [
    'integration tests on PostgreSQL',
    bin('vitest'),
    ['run', '--project', 'integration'],
    { TEST_DATABASE: 'postgres' },
  ],
];

try {
  postgresBinDir();
  redisServerBin();
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

/** @type {import('./lib/test-times.mjs').StepTime[]} */
const times = [];
const runStarted = Date.now();
rmSync(path.join(ROOT_DIR, 'builds', 'test-times'), { recursive: true, force: true });

for (const [index, [name, command, args, env = {}]] of steps.entries()) {
  console.log(`\n[test] ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  // Each vitest run writes its file times here (tests/setup/time-report.ts).
  const timesFile = path.join(ROOT_DIR, 'builds', 'test-times', `step-${index}.json`);
  const result = spawnSync(command, args, {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: CHROMIUM, TEST_TIMES_FILE: timesFile, ...env },
  });
  times.push({ name, seconds: (Date.now() - started) / 1000, timesFile });
  if (result.status !== 0) {
    console.error(`[test] ${name} failed (exit ${result.status ?? result.signal})`);
    console.log(timeSummary(times).join('\n'));
    process.exit(result.status ?? 1);
  }
  console.log(`[test] ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(timeSummary(times).join('\n'));
console.log(`[test] every step passed in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
