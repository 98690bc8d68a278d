/**
 * `npm test`: every check, stopping at the first failure, in three stages whose steps run at the
 * same time (`stages` below): the production build with types, lint and import circles in `src/`
 * (scripts/import-circles.mjs); unit tests with the JavaScript size per page
 * (scripts/size-check.mjs); then integration and end-to-end tests against one real CMS started by
 * the test setup (fresh SQLite database, free port) and Debian's Chromium, alongside the
 * integration tests once more with their own CMS on a fresh PostgreSQL server (Debian's `postgresql`, started by the test
 * setup: tests/setup/global-cms.ts). Tests of several portal instances start Debian's
 * `redis-server` on a free port (scripts/lib/redis.mjs). The integration tests also run the Nu HTML
 * Checker (`vnu-jar`, on Debian's Java) over every route family in both languages, once, on the
 * SQLite pass (tests/integration/html-validity.test.ts: about 50 s, 35 s of it the checker).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
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
/**
 * The steps in stages: a stage starts when the one before it has passed, and its steps run at the
 * same time (issue 32: the checks and the build use one core each at most, and the PostgreSQL
 * pass, its own CMS on its own database, fills the time the end-to-end tests wait on the browser
 * and the network). The first step of a stage writes to the terminal as it runs; the others' output
 * is kept and printed when each ends.
 * @type {Array<Array<[string, string, string[], Record<string, string>?]>>}
 */
const stages = [
  [
    ['build', bin('vite'), ['build', '--app', '--logLevel', 'warn']],
    ['typecheck', bin('tsc'), ['--noEmit']],
    ['lint', bin('biome'), ['ci', '.']],
    ['import circles', process.execPath, ['scripts/import-circles.mjs']],
    // The test CMS serves its admin panel, as `npm start` does (decision 109); built only when stale.
    ['CMS admin panel', process.execPath, ['cms/scripts/admin-build.js']],
  ],
  [
    ['unit tests', bin('vitest'), ['run', '--project', 'unit']],
    ['JavaScript size per page', process.execPath, ['scripts/size-check.mjs', '--floor']],
  ],
  [
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
  ],
];

try {
  postgresBinDir();
  redisServerBin();
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// The two test CMSs (SQLite and PostgreSQL) start at about the same time: write cms/.env's
// secrets first, so they do not both create it.
const envResult = spawnSync(process.execPath, ['scripts/ensure-env.js'], {
  cwd: path.join(ROOT_DIR, 'cms'),
  stdio: 'inherit',
});
if (envResult.status !== 0) {
  console.error('[test] cms/scripts/ensure-env.js failed');
  process.exit(1);
}

/** @type {import('./lib/test-times.mjs').StepTime[]} */
const times = [];
const runStarted = Date.now();
rmSync(path.join(ROOT_DIR, 'builds', 'test-times'), { recursive: true, force: true });
mkdirSync(path.join(ROOT_DIR, 'builds', 'test-times'), { recursive: true });

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/**
 * Runs one step; resolves with its exit code. Output goes to the terminal (`stream`) or is
 * printed, under the step's name, when it ends.
 */
function runStep(index, [name, command, args, env = {}], stream) {
  const timesFile = path.join(ROOT_DIR, 'builds', 'test-times', `step-${index}.json`);
  const logFile = path.join(ROOT_DIR, 'builds', 'test-times', `step-${index}.log`);
  console.log(`\n[test] ${name}: ${command} ${args.join(' ')}${stream ? '' : ' (output when it ends)'}`);
  const started = Date.now();
  const log = stream ? null : openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: ROOT_DIR,
    stdio: stream ? 'inherit' : ['ignore', log, log],
    env: { ...process.env, CHROMIUM_PATH: CHROMIUM, TEST_TIMES_FILE: timesFile, ...env },
  });
  running.add(child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      if (log !== null) {
        closeSync(log);
        console.log(`\n[test] ${name}: its output\n${readFileSync(logFile, 'utf8')}`);
      }
      const seconds = (Date.now() - started) / 1000;
      times[index] = { name, seconds, timesFile };
      const status = code ?? (signal ? 1 : 0);
      console.log(
        status === 0
          ? `[test] ${name} passed in ${seconds.toFixed(1)} s`
          : `[test] ${name} failed (exit ${code ?? signal})`,
      );
      resolve(status);
    });
  });
}

let index = 0;
for (const stage of stages) {
  const first = index;
  index += stage.length;
  const codes = await Promise.all(
    stage.map(async (step, offset) => {
      const code = await runStep(first + offset, step, offset === 0);
      // One failure ends the run: the steps still running stop.
      if (code !== 0) for (const child of running) child.kill('SIGTERM');
      return code;
    }),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.log(timeSummary(times.filter(Boolean)).join('\n'));
    process.exit(failed);
  }
}
console.log(timeSummary(times).join('\n'));
console.log(`[test] every step passed in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);
