/**
 * The summary that ends `npm test` (issue 32, goal 3): each step's wall time, each vitest
 * project's wall time (first file start to last file end) and summed file time, and the ten
 * slowest files, read from the JSON that tests/setup/time-report.ts writes per vitest run.
 */
import { existsSync, readFileSync } from 'node:fs';

/**
 * @typedef {{ project: string, file: string, startedAt: number, durationMs: number, state: string }} FileTime
 * @typedef {{ name: string, seconds: number, timesFile?: string }} StepTime
 */

/** ms → "12.3 s". */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Reads the file times of one step's run; none when the run wrote no report (a step that is not
 * vitest, or a run that stopped before its end).
 * @param {string | undefined} file
 * @returns {FileTime[]}
 */
function readTimes(file) {
  if (!file || !existsSync(file)) return [];
  try {
    return JSON.parse(readFileSync(file, 'utf8')).files ?? [];
  } catch {
    return [];
  }
}

/**
 * The summary's lines.
 * @param {StepTime[]} steps the steps that ran, in order, with their wall time in s
 * @param {number} [slowest] how many of the slowest files to list
 * @returns {string[]}
 */
export function timeSummary(steps, slowest = 10) {
  const lines = ['', '[test] where the time went'];
  for (const step of steps) lines.push(`  ${step.name.padEnd(40)} ${step.seconds.toFixed(1).padStart(7)} s`);
  /** @type {Array<FileTime & { step: string }>} */
  const all = [];
  for (const step of steps) {
    const files = readTimes(step.timesFile);
    if (files.length === 0) continue;
    const projects = [...new Set(files.map((file) => file.project))];
    for (const project of projects) {
      const own = files.filter((file) => file.project === project);
      const started = Math.min(...own.map((file) => file.startedAt).filter((at) => at > 0));
      const ended = Math.max(...own.map((file) => file.startedAt + file.durationMs));
      const summed = own.reduce((total, file) => total + file.durationMs, 0);
      const wall = Number.isFinite(started) ? ended - started : summed;
      lines.push(
        `    ${`${project} (${step.name})`.padEnd(56)} ${String(own.length).padStart(3)} files, wall ${seconds(wall)}, files summed ${seconds(summed)}`,
      );
    }
    for (const file of files) all.push({ ...file, step: step.name });
  }
  if (all.length > 0) {
    // A file that ran in more than one step (the integration files on SQLite and on PostgreSQL)
    // is named with its step.
    const runs = new Map();
    for (const file of all) runs.set(file.file, (runs.get(file.file) ?? 0) + 1);
    lines.push(`  the ${slowest} slowest files`);
    for (const file of all.sort((a, b) => b.durationMs - a.durationMs).slice(0, slowest)) {
      const step = runs.get(file.file) > 1 ? ` (${file.step})` : '';
      lines.push(
        `    ${seconds(file.durationMs).padStart(9)}  ${file.project.padEnd(12)} ${file.file}${step}`,
      );
    }
  }
  return lines;
}
