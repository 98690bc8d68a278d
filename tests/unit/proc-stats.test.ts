/** The /proc readers of `npm run bench` (scripts/lib/proc-stats.mjs, proc(5)). */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseRss, parseStat, processTree, treeCpuTicks, treeRss } from '../../scripts/lib/proc-stats.mjs';

describe('parseStat', () => {
  it('reads pid, ppid and the four CPU times, counting fields after the last ")"', () => {
    const line =
      '4242 (node (worker) x) S 4200 4242 4200 0 -1 4194560 1000 0 0 0 731 95 12 3 20 0 11 0 5000 1000000 9000 18446744073709551615';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, utime: 731, stime: 95, cutime: 12, cstime: 3 });
  });

  it('refuses text that is not a stat line', () => {
    expect(() => parseStat('VmRSS: 100 kB')).toThrow(/not a \/proc stat line/);
    expect(() => parseStat('12 (short) S 1 2')).toThrow(/not a \/proc stat line/);
  });
});

describe('parseRss', () => {
  it('gives VmRSS in bytes, 0 without the field', () => {
    expect(parseRss('Name:\tnode\nVmRSS:\t   51200 kB\nThreads: 11\n')).toBe(51200 * 1024);
    expect(parseRss('Name:\tzombie\nState:\tZ\n')).toBe(0);
  });
});

describe('the process tree of a running process', () => {
  it('includes a child, and counts CPU and memory of the whole tree', async () => {
    // A shell that starts a busy node child: the tree is the shell and the child.
    const shell = spawn('sh', [
      '-c',
      `${process.execPath} -e "const end = Date.now() + 400; while (Date.now() < end);" & wait`,
    ]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const tree = processTree(shell.pid!);
      expect(tree[0]).toBe(shell.pid);
      expect(tree.length).toBeGreaterThanOrEqual(2);
      expect(treeRss(shell.pid!)).toBeGreaterThan(10 * 1024 * 1024);
      expect(treeCpuTicks(shell.pid!)).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => shell.once('exit', resolve));
    }
  });
});
