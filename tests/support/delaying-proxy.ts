/**
 * A proxy in front of the test CMS that holds chosen answers back (the streaming tests, decision
 * 105): every request is passed on to the CMS at once; the answer of a request that `holdMs`
 * names is sent only after that many ms. The rules can change while it runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long to hold the answer to a CMS request (`GET`, `/api/…?…`), in ms; 0 or undefined: not at all. */
export type HoldRule = (method: string, pathAndQuery: string) => number | undefined;

export interface DelayingProxy {
  url: string;
  /** Replaces the rule (default: hold nothing). */
  hold(rule: HoldRule): void;
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port, in front of `target` (the CMS's origin). */
export async function startDelayingProxy(target: string): Promise<DelayingProxy> {
  let rule: HoldRule = () => undefined;
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const holdMs = rule(req.method ?? 'GET', req.url ?? '/') ?? 0;
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const send = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        if (holdMs > 0) setTimeout(send, holdMs);
        else send();
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(forwarded);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hold(next) {
      rule = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
