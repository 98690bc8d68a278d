export const ROOT_DIR: string;
export const CONTAINERS_CONF: string;
export function cacheDir(): string;
export function podmanEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function run(
  program: string,
  args: string[],
  options?: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; echo?: boolean; allowFailure?: boolean },
): Promise<{ code: number; stdout: string; stderr: string }>;
export function ensureTools(): Promise<string[]>;
