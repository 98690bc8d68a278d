export function redisServerBin(): string;
export interface StartedRedis {
  port: number;
  /** `redis://127.0.0.1:<port>` */
  url: string;
  stop: () => Promise<void>;
}
export function startRedis(options?: { port?: number; timeoutMs?: number }): Promise<StartedRedis>;
