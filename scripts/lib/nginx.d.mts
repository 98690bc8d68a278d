import type { ChildProcess } from 'node:child_process';

export const SHIPPED_NGINX_CONF: string;
export function requireNginx(): string;
export function createSelfSignedCertificate(dir: string): { certificate: string; key: string };
export function renderNginxConfig(
  shipped: string,
  options: {
    dir: string;
    upstreams: string[];
    listen?: string;
    tlsListen?: string;
    tls: { certificate: string; key: string };
  },
): string;
export function testNginxConfig(
  binary: string,
  dir: string,
  confFile: string,
): { status: number | null; output: string };
/** A running nginx. */
export interface StartedNginx {
  /** Plain HTTP, `http://127.0.0.1:<port>`. */
  url: string;
  /** HTTPS with HTTP/2, `https://127.0.0.1:<port>`, with the self-signed {@link certificate}. */
  httpsUrl: string;
  /** The PEM certificate's path (to trust it in a client). */
  certificate: string;
  dir: string;
  child: ChildProcess;
  /** nginx's error output so far (for failure messages). */
  errors: () => string;
  stop: () => Promise<void>;
}
export function startNginx(upstreams: string[]): Promise<StartedNginx>;
