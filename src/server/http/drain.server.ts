/**
 * Draining an HTTP server for shutdown without resetting anyone (docs/decisions/045-graceful-drain.md).
 *
 * `http.Server.close()` (Node ≥ 19) destroys every connection that is idle at that instant. A
 * kept-alive client may already have sent its next request on such a socket, and destroying a
 * socket with unread bytes makes the kernel answer with a reset. So the listener is closed without
 * that sweep, busy connections end after their current answer (the app adds `Connection: close`),
 * and a connection is closed only once it has been idle for `idleGraceMs`.
 */
import type { Server } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Idle time after which a kept-alive socket is closed while draining, in ms. */
export const DEFAULT_IDLE_GRACE_MS = 250;

/**
 * Tracks when each connection of `server` became idle; call before the server takes traffic.
 * @returns `drain()`: stops accepting, closes each connection once idle for `idleGraceMs`, and
 *   resolves when the last connection has closed.
 */
export function drainable(server: Server, idleGraceMs = DEFAULT_IDLE_GRACE_MS): () => Promise<void> {
  const idleSince = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    idleSince.delete(socket);
    res.once('finish', () => {
      if (!socket.destroyed) idleSince.set(socket, Date.now());
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      // net.Server#close: stop accepting; the callback runs when every connection has closed.
      NetServer.prototype.close.call(server, () => {
        clearInterval(sweep);
        resolve();
      });
      const sweep = setInterval(
        () => {
          const now = Date.now();
          for (const [socket, since] of idleSince) {
            if (now - since >= idleGraceMs) socket.destroy();
          }
        },
        Math.max(10, Math.floor(idleGraceMs / 5)),
      );
      sweep.unref();
    });
}
