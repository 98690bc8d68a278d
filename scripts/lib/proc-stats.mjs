/**
 * CPU time and memory of a process tree from Linux's /proc (proc(5)), for `npm run bench`.
 * Plain ESM JavaScript, like the other scripts that run before anything is built.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Parses one `/proc/<pid>/stat` line (proc(5)): the command name (field 2) is in parentheses and
 * may itself contain spaces and parentheses, so fields are counted from its last `)`.
 * @param {string} line
 * @returns {{ pid: number, ppid: number, utime: number, stime: number, cutime: number, cstime: number }}
 *   times in clock ticks (`getconf CLK_TCK`)
 * @throws Error when the line is not a stat line
 */
export function parseStat(line) {
  const close = line.lastIndexOf(')');
  const pid = Number.parseInt(line, 10);
  if (close < 0 || !Number.isInteger(pid)) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  // After ")": field 3 (state) is index 0, so field N is index N - 3.
  const fields = line
    .slice(close + 2)
    .trim()
    .split(' ');
  const field = (n) => Number(fields[n - 3]);
  if (fields.length < 15 || [4, 14, 15, 16, 17].some((n) => !Number.isFinite(field(n))))
    throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  return { pid, ppid: field(4), utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

/**
 * The `VmRSS` of a `/proc/<pid>/status` text, in bytes (the file gives kB).
 * @param {string} text
 * @returns {number} 0 when the field is missing (a zombie has none)
 */
export function parseRss(text) {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return match ? Number(match[1]) * 1024 : 0;
}

/** @param {number} pid @returns {string | null} */
function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
}

/** `pid` and every living descendant of it. @param {number} root @returns {number[]} */
export function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const line = read(`/proc/${name}/stat`);
    if (!line) continue;
    try {
      const { pid, ppid } = parseStat(line);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(pid);
    } catch {
      // not readable as stat: skip
    }
  }
  const tree = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU time of the tree under `root` so far, in clock ticks: user + system time of every living
 * process plus the time of its children already waited for (cutime + cstime).
 * @param {number} root
 */
export function treeCpuTicks(root) {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const line = read(`/proc/${pid}/stat`);
    if (!line) continue;
    const stat = parseStat(line);
    ticks += stat.utime + stat.stime + stat.cutime + stat.cstime;
  }
  return ticks;
}

/** Resident memory of the tree under `root`, in bytes. @param {number} root */
export function treeRss(root) {
  let bytes = 0;
  for (const pid of processTree(root)) bytes += parseRss(read(`/proc/${pid}/status`) ?? '');
  return bytes;
}
