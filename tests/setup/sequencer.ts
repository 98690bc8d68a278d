/**
 * The order of test files: vitest's own (failed first, then the longest), except that the
 * `containers` project runs its files in a fixed order. tests/containers/faults.test.ts stops,
 * kills and restarts the stack's services, so it runs after tests/containers/stack.test.ts, which
 * needs the stack as it came up (decision 090).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files of the `containers` project, in the order they must run (by file name). */
export const CONTAINERS_ORDER = ['stack.test.ts', 'faults.test.ts'];

/** Vitest's sequencer with the fixed order of the `containers` project. */
export class PortalSequencer extends BaseSequencer {
  /** Sorts as vitest does, then puts the `containers` project's files in CONTAINERS_ORDER. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      if (spec.project.name !== 'containers') return -1;
      const index = CONTAINERS_ORDER.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return index === -1 ? CONTAINERS_ORDER.length : index;
    };
    const containers = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    let next = 0;
    return sorted.map((spec) => (rank(spec) >= 0 ? containers[next++]! : spec));
  }
}
