/**
 * A TCP relay to the test CMS that can be cut: for a portal pointed at it, the CMS is then stopped
 * (new connections are refused, open ones are closed), while the shared test CMS goes on for the
 * other tests.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { inject } from 'vitest';
import { freePort } from '../../scripts/lib/processes.mjs';

/** A relay to the test CMS (`inject('cmsUrl')`): its `url`, and `cut` to stop it for good. */
export async function cmsRelay(): Promise<{ url: string; cut: () => Promise<void> }> {
  const target = new URL(inject('cmsUrl'));
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
