/**
 * A throwaway Redis server for tests, from Debian's `redis-server` package: listening on
 * 127.0.0.1 on a free port, nothing persisted (no RDB snapshots, no append-only file).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort, stopProcess } from './processes.mjs';

/** The `redis-server` binary: `REDIS_SERVER`, else the one on PATH. */
export function redisServerBin() {
  const bin = process.env.REDIS_SERVER ?? 'redis-server';
  if (spawnSync(bin, ['--version']).status !== 0) {
    throw new Error('redis-server not found: apt-get install -y redis-server (or set REDIS_SERVER)');
  }
  return bin;
}

/** Resolves when `PING` on 127.0.0.1:`port` answers `+PONG`, rejects on any other outcome. */
function ping(port) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1000, () => socket.destroy(new Error('timeout')));
    socket.once('error', reject);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.end();
      if (data.toString().startsWith('+PONG')) resolve(undefined);
      else reject(new Error(`unexpected answer ${data}`));
    });
  });
}

/**
 * Starts a fresh Redis server.
 * @param {{ port?: number, timeoutMs?: number }} [options] default a free port, 20 000 ms to get ready
 * @returns {Promise<{ port: number, url: string, stop: () => Promise<void> }>} `url` is `redis://127.0.0.1:<port>`
 * @throws {Error} when redis-server is missing or does not answer in time
 */
export async function startRedis(options = {}) {
  const bin = redisServerBin();
  const port = options.port ?? (await freePort());
  const server = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'],
    { stdio: 'ignore' },
  );
  const stop = () => stopProcess(server, 5000);
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with code ${server.exitCode}`);
    try {
      await ping(port);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`redis-server did not answer: ${error instanceof Error ? error.message : error}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { port, url: `redis://127.0.0.1:${port}`, stop };
}
