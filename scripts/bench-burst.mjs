/**
 * `npm run bench:burst`: a burst of concurrent event registrations for an event's last places,
 * through the production portal and the real CMS, on this 2-core machine while a busy loop holds
 * the other core (as CI runs). Issue 26: "no 5xx; accepted answers equal stored rows; capacity is
 * never exceeded; the event ends up filled".
 *
 * 1. Builds into PORTAL_BUILD_DIR (default `builds`) unless BENCH_SKIP_BUILD=1, starts the CMS on a
 *    fresh SQLite database (or PostgreSQL with BENCH_DATABASE=postgres) and the portal as deployed.
 * 2. Takes the open event with the most places and registers directly at the CMS until
 *    BENCH_PLACES (default 20) places are left.
 * 3. BENCH_REQUESTS (default 50) visitors each load `/inschrijvingen?evenement=…` (the hidden
 *    fields of their own form, such as its idempotency key), then all post at once, without
 *    JavaScript (a form post), one attendee each, while `node -e 'for(;;){}'` runs pinned to CPU 1
 *    (`taskset`; unpinned when util-linux is missing; BENCH_BUSY=0 leaves it out).
 * 4. Waits until the CMS's registrations for the event stop changing (writes the portal gave up on
 *    may still land), then prints the answers by status (and the form's error code of each non-302),
 *    the stored rows, the capacity and the places, the four properties, and the times: the whole
 *    burst and each answer's p50/p95/max in ms.
 * Exit code 0 whatever the figures (it measures; tests/integration/registration-burst.test.ts asserts).
 * Before/after figures of issue 26: docs/decisions/094-a-write-has-its-own-deadline.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, withPostgresClient } from './lib/postgres.mjs';
import { CMS_DIR, freePort, ROOT_DIR, startCms, startPortal, stopProcess } from './lib/processes.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const PLACES = Number(process.env.BENCH_PLACES ?? 20);
const BUSY = process.env.BENCH_BUSY !== '0';
const POSTGRES = process.env.BENCH_DATABASE === 'postgres';
const MARK = `burst-${Date.now().toString(36)}`;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--app', '--logLevel', 'warn'],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Value at quantile `q` (0..1) of sorted numbers (nearest rank). */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** The hidden fields of the registration form in a page. */
function hiddenFields(html) {
  const form = /<form[^>]*action="\/inschrijvingen[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const fields = {};
  for (const input of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
  }
  return fields;
}

/** Starts `node -e 'for(;;){}'`, pinned to CPU 1 when taskset can. */
function busyLoop() {
  const taskset = spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
  const command = taskset ? 'taskset' : process.execPath;
  const args = taskset ? ['-c', '1', process.execPath, '-e', 'for(;;){}'] : ['-e', 'for(;;){}'];
  const child = spawn(command, args, { stdio: 'ignore' });
  return { child, pinned: taskset };
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-burst-'));
const postgres = POSTGRES ? await startPostgres() : undefined;
const databaseFile = path.join(dir, 'data.db');
let cms;
let portal;
let busy;
try {
  cms = await startCms({
    port: await freePort(),
    databaseFilename: databaseFile,
    mailCapturePort: await freePort(),
    mailCaptureDir: path.join(dir, 'mail'),
    env: {
      LOG_LEVEL: 'warn',
      PORTAL_URL: 'http://localhost',
      ...(postgres ? { DATABASE_CLIENT: 'postgres', DATABASE_URL: postgres.url } : {}),
    },
    stdio: 'ignore',
  });
  const port = await freePort();
  portal = await startPortal({ port, strapiUrl: cms.url, stdio: 'ignore' });
  const origin = `http://localhost:${port}`;

  /**
   * The event's registrations straight from the database: `rows` stored by this burst, and the
   * attendees of all its registrations (`booked`, to compare with the capacity).
   */
  const storedRows = async (documentId) => {
    const sql =
      'SELECT COALESCE(SUM(CASE WHEN email LIKE $2 THEN 1 ELSE 0 END), 0) AS n, COALESCE(SUM(attendees), 0) AS booked FROM event_registrations WHERE event_document_id = $1';
    if (postgres) {
      const { rows } = await withPostgresClient(postgres.url, (client) =>
        client.query(sql, [documentId, `${MARK}-%`]),
      );
      return { rows: Number(rows[0].n), booked: Number(rows[0].booked) };
    }
    const Database = createRequire(path.join(CMS_DIR, 'package.json'))('better-sqlite3');
    const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
    try {
      // SQLite's `?` are bound in the order they appear.
      const params = [documentId, `${MARK}-%`];
      const order = [...sql.matchAll(/\$(\d)/g)].map((match) => params[Number(match[1]) - 1]);
      const row = db.prepare(sql.replace(/\$\d/g, '?')).get(...order);
      return { rows: Number(row.n), booked: Number(row.booked) };
    } finally {
      db.close();
    }
  };
  const availability = async () =>
    (await (await fetch(`${cms.url}/api/event-registrations/availability`)).json()).data;

  // The event with the most places, filled down to PLACES left.
  const event = (await availability())
    .filter((candidate) => candidate.remaining !== null && candidate.remaining > PLACES)
    .sort((a, b) => b.remaining - a.remaining)[0];
  if (!event) throw new Error(`no open event with more than ${PLACES} places left`);
  let left = event.remaining;
  while (left > PLACES) {
    const attendees = Math.min(1000, left - PLACES);
    const response = await fetch(`${cms.url}/api/event-registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: {
          event: event.slug,
          name: 'Vooraf Ingeschreven',
          email: `vooraf-${left}@example.test`,
          organisation: 'Benchmark BV',
          attendees,
          consent: true,
        },
      }),
    });
    if (response.status !== 201) throw new Error(`filling the event: ${response.status}`);
    left -= attendees;
  }
  const before = (await availability()).find((candidate) => candidate.slug === event.slug);

  // Every visitor loads the form first (their own hidden fields), then all post at once.
  const forms = [];
  for (let index = 0; index < REQUESTS; index++) {
    const page = await fetch(`${origin}/inschrijvingen?evenement=${event.slug}`);
    forms.push(hiddenFields(await page.text()));
  }
  busy = BUSY ? busyLoop() : undefined;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  const answers = await Promise.all(
    forms.map(async (hidden, index) => {
      const body = new URLSearchParams({
        ...hidden,
        event: event.slug,
        name: `Deelnemer ${index + 1}`,
        email: `${MARK}-${index + 1}@example.test`,
        organisation: 'Burst BV',
        attendees: '1',
        consent: 'on',
      });
      const sent = performance.now();
      try {
        const response = await fetch(`${origin}/inschrijvingen`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body,
          redirect: 'manual',
        });
        const text = await response.text();
        const code =
          /data-form-error="([^"]*)"/.exec(text)?.[1] ??
          (response.status === 409
            ? 'full'
            : response.status >= 300 && response.status < 400
              ? 'stored'
              : '');
        return { status: response.status, code, ms: performance.now() - sent };
      } catch (error) {
        return { status: 0, code: String(error.cause?.code ?? error.message), ms: performance.now() - sent };
      }
    }),
  );
  const burstMs = performance.now() - started;
  busy?.child.kill('SIGKILL');

  // Writes the portal stopped waiting for may still land: wait until the rows stop changing.
  let stored = await storedRows(event.documentId);
  for (let stable = 0, waited = 0; stable < 3 && waited < 60; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await storedRows(event.documentId);
    stable = now.rows === stored.rows ? stable + 1 : 0;
    stored = now;
  }
  const after = (await availability()).find((candidate) => candidate.slug === event.slug);

  const byStatus = {};
  for (const answer of answers) {
    const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const accepted = answers.filter((answer) => answer.status >= 300 && answer.status < 400).length;
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const round = (ms) => Math.round(ms);
  console.log(
    `\nburst: ${REQUESTS} registrations (1 attendee each) for the last ${PLACES} places of "${event.title}"` +
      ` on ${postgres ? 'PostgreSQL' : 'SQLite'}; busy loop ${busy ? (busy.pinned ? 'pinned to CPU 1' : 'unpinned') : 'off'}`,
  );
  console.table(byStatus);
  console.table({
    capacity: before.capacity,
    'places left before': before.remaining,
    'answers 3xx (accepted)': accepted,
    'answers 5xx': answers.filter((answer) => answer.status >= 500 || answer.status === 0).length,
    'rows stored by the burst': stored.rows,
    'attendees booked in all': stored.booked,
    'places left after': after?.remaining ?? null,
    'burst ms (all answered)': round(burstMs),
    'answer min ms': round(times[0]),
    'answer p50 ms': round(quantile(times, 0.5)),
    'answer p95 ms': round(quantile(times, 0.95)),
    'answer max ms': round(times[times.length - 1]),
  });
  console.table({
    'no 5xx': answers.every((answer) => answer.status > 0 && answer.status < 500),
    'accepted = stored': accepted === stored.rows,
    'capacity kept': stored.booked <= before.capacity,
    'event filled': after?.remaining === 0,
  });
} finally {
  busy?.child.kill('SIGKILL');
  if (portal) await stopProcess(portal.child);
  if (cms) await cms.stop();
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
}
