/**
 * A vitest reporter that records where a run's time goes: for each test file its project, its
 * path (relative to the repository) and its duration in ms (wall time from the file's start, import
 * and hooks included, to its end), plus each project's wall time (first file
 * start to last file end, ms). It writes one JSON file per run, `TEST_TIMES_FILE` (default
 * `builds/test-times/<pid>.json`), for scripts/test.mjs, which ends `npm test` with each project's
 * total and the ten slowest files (issue 32, goal 3). It prints nothing and never fails a run.
 * Reporter API: https://vitest.dev/advanced/api/reporters
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One file's record in the JSON this reporter writes. */
export interface FileTime {
  project: string;
  file: string;
  /** Start of the file, in ms since the epoch (0 when not seen). */
  startedAt: number;
  /** Duration of the file in ms. */
  durationMs: number;
  state: string;
}

/** The JSON this reporter writes. */
export interface RunTimes {
  files: FileTime[];
}

export default class TimeReport implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, Date.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const files: FileTime[] = testModules.map((module) => {
      const startedAt = this.started.get(module.moduleId) ?? 0;
      const endedAt = this.ended.get(module.moduleId);
      return {
        project: module.project.name,
        file: path.relative(root, module.moduleId),
        startedAt,
        // Wall time from the file's start (import and setup included) to its end; vitest's own
        // sum of its tests and hooks where the start or end was not seen.
        durationMs:
          startedAt > 0 && endedAt !== undefined
            ? endedAt - startedAt
            : Math.round(module.diagnostic().duration),
        state: module.state(),
      };
    });
    const target =
      process.env.TEST_TIMES_FILE ?? path.join(root, 'builds', 'test-times', `${process.pid}.json`);
    try {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify({ files } satisfies RunTimes, null, 1)}\n`);
    } catch {
      // A report that cannot be written must not fail the run it reports on.
    }
  }
}
