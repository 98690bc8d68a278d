/**
 * Raw HTTP/1.1 over a socket, for paths that `fetch` and supertest would normalise (`%2e%2e`,
 * `..`, backslashes): the request line is sent byte for byte as given.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { Express } from 'express';

/** The parsed answer: status code, lower-cased headers and the body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Starts `app` on a free loopback port. */
export async function listen(app: Express): Promise<{ port: number; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends `<method> <rawPath>` with exactly the given headers and body (no others are added but
 * `Host`, `Connection: close` and, with a body, `Content-Length`) and reads the whole answer.
 */
export function rawRequest(
  port: number,
  rawPath: string,
  method = 'GET',
  extra: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer for ${rawPath}`)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    const headers = { ...extra.headers };
    if (extra.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(extra.body));
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `${method} ${rawPath} HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n${lines.join('')}\r\n${extra.body ?? ''}`,
    );
  });
}
