export const ROOT_DIR: string;
export const CONTAINERS_CONF_TEMPLATE: string;
export function limitOf(limits: string, name: string): string | undefined;
export function containersConf(): string;
export function cacheDir(): string;
export function podmanEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function run(
  program: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; echo?: boolean; allowFailure?: boolean },
): Promise<{ code: number; stdout: string; stderr: string }>;
export function ensureTools(): Promise<string[]>;
export const NPROC_CEILING: number;
export function capped(limit: string | undefined, ceiling: number): string | undefined;
export function settleAll<T>(promises: Promise<T>[]): Promise<T[]>;
