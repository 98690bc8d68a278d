export const DEBIAN_IMAGE: string;
export interface BaseImages {
  NODE_IMAGE: string;
  NODE_BUILD_IMAGE: string;
  POSTGRES_IMAGE: string;
  REDIS_IMAGE: string;
  NGINX_IMAGE: string;
  TLS_IMAGE: string;
}
export function ensureBaseImages(options?: { log?: (line: string) => void }): Promise<BaseImages>;
