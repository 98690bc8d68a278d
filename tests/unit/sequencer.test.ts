import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { PortalSequencer } from '../setup/sequencer.ts';

/** A test file of `project` as the sequencer sees it. */
function spec(project: string, file: string): TestSpecification {
  return {
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } },
    moduleId: `/repo/tests/${project}/${file}`,
  } as unknown as TestSpecification;
}

/** What vitest remembers of earlier runs: the faults file failed last time and ran long. */
const ctx = {
  config: { root: '/repo' },
  cache: {
    getFileTestResults: (key: string) =>
      key.endsWith('faults.test.ts')
        ? { failed: true, duration: 300_000 }
        : { failed: false, duration: 40_000 },
    getFileStats: () => ({ size: 1 }),
  },
} as unknown as Vitest;

describe('PortalSequencer', () => {
  it('runs the container stack test before the faults, whatever vitest would choose', async () => {
    const files = [spec('containers', 'stack.test.ts'), spec('containers', 'faults.test.ts')];
    const order = (await new PortalSequencer(ctx).sort(files)).map((file) => file.moduleId);
    expect(order).toEqual(['/repo/tests/containers/stack.test.ts', '/repo/tests/containers/faults.test.ts']);
  });

  it('leaves the other projects in vitest’s order (failed first)', async () => {
    const files = [spec('unit', 'a.test.ts'), spec('unit', 'faults.test.ts')];
    const order = (await new PortalSequencer(ctx).sort(files)).map((file) => file.moduleId);
    expect(order).toEqual(['/repo/tests/unit/faults.test.ts', '/repo/tests/unit/a.test.ts']);
  });
});
