/** Types of proc-stats.mjs (plain ESM JavaScript, used by `npm run bench`). */
export interface ProcStat {
  pid: number;
  ppid: number;
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}
export function parseStat(line: string): ProcStat;
export function parseRss(text: string): number;
export function processTree(root: number): number[];
export function treeCpuTicks(root: number): number;
export function treeRss(root: number): number;
