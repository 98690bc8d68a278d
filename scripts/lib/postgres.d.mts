export function postgresBinDir(): string;
export interface PostgresQueryClient {
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}
export function withPostgresClient<T>(
  connectionString: string,
  work: (client: PostgresQueryClient) => Promise<T>,
): Promise<T>;
export interface StartedPostgres {
  host: string;
  port: number;
  database: string;
  user: string;
  /** `postgres://user@127.0.0.1:port/database` */
  url: string;
  stop: () => Promise<void>;
}
export function startPostgres(options?: {
  database?: string;
  user?: string;
  port?: number;
  timeoutMs?: number;
}): Promise<StartedPostgres>;
