import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { type StrapiCallEvent, StrapiClient } from '../../src/server/cms/strapi-client.server.ts';

const ORIGIN = 'http://cms.test:1337';
const agents: MockAgent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.close();
});

/** A client on a MockAgent; `ids` gets the `x-request-id` of every request, `calls` every `strapi:call`. */
function setup() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const client = new StrapiClient({ url: ORIGIN, dispatcher: agent, timeoutMs: 200 });
  const calls: StrapiCallEvent[] = [];
  client.on('strapi:call', (event) => calls.push(event));
  client.on('strapi:error', () => {});
  const ids: Array<string | undefined> = [];
  const pool = agent.get(ORIGIN);
  const seeId = (options: { headers?: unknown }) => {
    const headers = options.headers as Record<string, string>;
    ids.push(headers['x-request-id']);
  };
  return { client, pool, calls, ids, seeId };
}

describe('StrapiClient: one strapi:call per exchange, and the request id (decisions 091, 092)', () => {
  it('sends the id of the request view and emits each exchange with its outcome', async () => {
    const { client, pool, calls, ids, seeId } = setup();
    pool
      .intercept({ path: '/api/articles/abc123', method: 'GET' })
      .reply(200, (options) => {
        seeId(options);
        return { data: { id: 1 } };
      })
      .times(1);
    pool.intercept({ path: '/api/tags', method: 'GET' }).reply(500, (options) => {
      seeId(options);
      return { error: { status: 500, name: 'InternalServerError', message: 'boom' } };
    });
    const view = client.withDeadline(Date.now() + 1000, undefined, 'req-1');
    await view.request('/articles/abc123');
    await expect(view.request('/tags')).rejects.toMatchObject({ status: 500 });
    // Served from the cache: no exchange, no event.
    await client.request('/articles/abc123');
    expect(ids).toEqual(['req-1', 'req-1']);
    expect(calls.map(({ path, method, status, outcome }) => ({ path, method, status, outcome }))).toEqual([
      { path: '/articles/abc123', method: 'GET', status: 200, outcome: 'success' },
      { path: '/tags', method: 'GET', status: 500, outcome: 'server_error' },
    ]);
    for (const call of calls) expect(call.seconds).toBeGreaterThanOrEqual(0);
  });

  it('sends no id outside a request, and reports timeouts and refusals', async () => {
    const { client, pool, calls, ids, seeId } = setup();
    pool.intercept({ path: '/api/users/me', method: 'GET' }).reply(401, (options) => {
      seeId(options);
      return { error: { status: 401, name: 'UnauthorizedError', message: 'no' } };
    });
    pool.intercept({ path: '/api/slow', method: 'GET' }).reply(200, {}).delay(1000);
    await expect(client.request('/users/me', { jwt: 'token' })).rejects.toMatchObject({ status: 401 });
    await expect(client.request('/slow', { cache: false })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(ids).toEqual([undefined]);
    expect(calls.map((call) => call.outcome)).toEqual(['client_error', 'timeout']);
    expect(calls[1]!.status).toBe(0);
  });
});
