import type { ChildProcess } from 'node:child_process';

export const ROOT_DIR: string;
export const CMS_DIR: string;
export function freePort(): Promise<number>;
export function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; child?: ChildProcess; name?: string },
): Promise<void>;
export function stopProcess(child: ChildProcess, graceMs?: number): Promise<void>;
export interface StartedProcess {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}
export function startCms(options?: {
  port?: number;
  host?: string;
  databaseFilename?: string;
  mailCapturePort?: number;
  mailCaptureDir?: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'pipe' | 'ignore';
  timeoutMs?: number;
}): Promise<StartedProcess>;
export function startPortal(options: {
  port: number;
  strapiUrl: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'pipe' | 'ignore';
}): Promise<StartedProcess>;
