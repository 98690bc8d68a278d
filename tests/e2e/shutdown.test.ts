/**
 * Graceful shutdown of the production server under bounded load (docs/decisions/045-graceful-drain.md):
 * on SIGTERM every request in flight completes, no kept-alive connection is reset, and the process
 * exits 0 once the last response has finished. Load goes to loopback only and stops by itself.
 */
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startProductionPortal } from '../support/browser.ts';

/** Error codes of a connection refused after the server stopped accepting (expected while draining). */
const REFUSED = new Set(['ECONNREFUSED']);

describe('SIGTERM under load', () => {
  it('finishes every response in flight, resets nothing, and exits 0', async () => {
    const portal = await startProductionPortal();
    const agent = new Agent({ connections: 16, pipelining: 1, keepAliveTimeout: 30_000 });
    const counts = { ok: 0, refused: 0, closeHeaders: 0, reset: [] as string[] };
    let signalled = false;
    const deadline = Date.now() + 4000;

    /** One client: requests in a row on kept-alive connections until the server is gone or time is up. */
    async function client(id: number): Promise<void> {
      while (Date.now() < deadline) {
        const path = id % 2 === 0 ? '/' : '/health';
        try {
          const response = await request(`${portal.url}${path}`, {
            dispatcher: agent,
            headersTimeout: 10_000,
          });
          await response.body.text();
          if (response.statusCode === 200) counts.ok += 1;
          if (response.headers.connection === 'close') counts.closeHeaders += 1;
        } catch (error) {
          const code =
            (error as { code?: string; cause?: { code?: string } }).cause?.code ??
            (error as { code?: string }).code ??
            String(error);
          if (signalled && REFUSED.has(code)) {
            counts.refused += 1;
            return; // this instance is gone; a load balancer sends the next request elsewhere
          }
          counts.reset.push(code);
          return;
        }
      }
    }

    const exit = new Promise<number | null>((resolve) => portal.child.once('exit', (code) => resolve(code)));
    const clients = Array.from({ length: 16 }, (_, id) => client(id));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const beforeSignal = counts.ok;
    signalled = true;
    portal.child.kill('SIGTERM');
    await Promise.all(clients);
    const code = await exit;
    await agent.close();

    expect(beforeSignal).toBeGreaterThan(20);
    expect(counts.reset).toEqual([]);
    // Kept-alive connections were told to close after their answer while draining.
    expect(counts.closeHeaders).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
