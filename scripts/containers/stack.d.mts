export const PROJECT: string;
export interface ComposeFile {
  // biome-ignore lint/suspicious/noExplicitAny: compose.yaml as parsed YAML
  services: Record<string, any>;
  volumes?: Record<string, unknown>;
}
export function readCompose(): Promise<ComposeFile>;
export function startOrder(services: ComposeFile['services']): { service: string; awaited: Set<string> }[];
export function containerName(service: string): string;
export function buildImages(
  compose: ComposeFile,
  buildArgs: Record<string, string>,
  options?: { log?: (line: string) => void },
): Promise<{ image: string; seconds: number }[]>;
export function waitHealthy(name: string, timeoutMs: number): Promise<void>;
export function up(
  compose: ComposeFile,
  env: Record<string, string>,
  options?: { log?: (line: string) => void; timeoutMs?: number },
): Promise<{ service: string; container: string; seconds: number; healthy: boolean }[]>;
export function down(env: Record<string, string>, options?: { volumes?: boolean }): Promise<void>;
export function volumePath(volume: string): Promise<string>;
export function imageSizes(images: string[]): Promise<Record<string, number>>;
