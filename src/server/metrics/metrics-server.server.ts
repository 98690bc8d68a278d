/**
 * The metrics port (docs/decisions/091-metrics-on-their-own-port.md): a plain `node:http` server
 * that answers `GET /metrics` (and HEAD) with a prom-client registry in Prometheus's text format,
 * and 404 for anything else. It is not the public app: nginx proxies only the public port, so
 * nothing outside the hosts' network reaches it, and the public app answers `/metrics` with its
 * 404 page like any unknown path.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServerOptions {
  registry: Registry;
  /** Port to listen on (env METRICS_PORT); 0 picks a free one (tests). */
  port: number;
  /** Interface to listen on; the app's HOST. */
  host: string;
  /** Where a failing scrape is reported (a collect callback threw). */
  onError?: (error: unknown) => void;
}

/** A listening metrics server. */
export interface MetricsServer {
  /** The port it listens on (the chosen one when `port` was 0). */
  port: number;
  /** Stops listening and closes its connections; resolves when closed. */
  close: () => Promise<void>;
}

/**
 * Starts the metrics server.
 * @returns once it listens
 * @throws the listen error (`EADDRINUSE`, `EACCES`) as Node reports it
 */
export function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { registry } = options;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(path === '/metrics' ? 405 : 404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(path === '/metrics' ? 'Method Not Allowed\n' : 'Not Found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.onError?.(error);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Metrics could not be collected\n');
      },
    );
  });
  // Prometheus keeps its connection; nothing here should keep the process alive on shutdown.
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
