/**
 * A streamed `/__data` answer (docs/decisions/105-streaming-documents.md, addendum) from both
 * ends: the server's lines (src/server/render/deferred.server.ts) read by the browser's reader
 * (src/client/data-payload.ts) — the state at once, each pending value when its line comes, a
 * failed or missing one as a rejection.
 */
import { describe, expect, it } from 'vitest';
import { readPayload, streamedValueOf } from '../../src/client/data-payload.ts';
import {
  deferredLines,
  NDJSON,
  splitPending,
  trackLoaderData,
} from '../../src/server/render/deferred.server.ts';
import type { DataPayload } from '../../src/shared/route-state.ts';

/** A controllable body: `push` sends text, `end` closes it. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': `${NDJSON}; charset=utf-8` } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('the server side', () => {
  it('puts settled values in place, markers for pending ones, and a line per value as it settles', async () => {
    let letGo!: (value: string[]) => void;
    const slow = new Promise<string[]>((resolve) => {
      letGo = resolve;
    });
    const failing = Promise.reject(new Error('CMS down'));
    failing.catch(() => {});
    const tracked = await trackLoaderData(
      { home: { news: ['a'], events: Promise.resolve(['e']), mostRead: slow, vacancies: failing } },
      () => {},
    );
    expect(tracked.pending).toBe(1);
    const { loaderData, pending } = splitPending(tracked);
    expect(loaderData).toEqual({
      home: {
        news: ['a'],
        events: ['e'],
        mostRead: { __deferred: 'home:mostRead' },
        vacancies: { __deferred: null },
      },
    });
    expect([...pending.keys()]).toEqual(['home:mostRead']);
    const lines = deferredLines(pending);
    const next = lines.next();
    letGo(['m']);
    expect((await next).value).toBe('{"id":"home:mostRead","value":["m"]}\n');
    expect((await lines.next()).done).toBe(true);
  });

  it('sends a pending value that fails as failed', async () => {
    let fail!: (error: Error) => void;
    const slow = new Promise<string[]>((_resolve, reject) => {
      fail = reject;
    });
    const tracked = await trackLoaderData({ item: { related: slow } }, () => {});
    const lines = deferredLines(splitPending(tracked).pending);
    const next = lines.next();
    fail(new Error('deadline'));
    expect((await next).value).toBe('{"id":"item:related","failed":true}\n');
  });
});

describe('the browser side', () => {
  it('hands the state on after the first line, and settles each marker when its line comes', async () => {
    const stream = controlledBody();
    stream.push('{"loaderData":{"home":{"news":["a"],"mostRead":{"__deferred":"home:mostRead"},');
    const reading = readPayload(stream.response);
    stream.push('"events":{"__deferred":"home:events"}}},"actionData":null,"errors":null}\n{"id":"home:ev');
    const payload = await reading;
    expect((payload as { loaderData: unknown }).loaderData).toEqual({
      home: {
        news: ['a'],
        mostRead: { __deferred: 'home:mostRead' },
        events: { __deferred: 'home:events' },
      },
    });
    const streamed = streamedValueOf(payload);
    expect(streamed).toBeDefined();
    const mostRead = settle(streamed!('home:mostRead'));
    const events = settle(streamed!('home:events'));
    stream.push('ents","failed":true}\n{"id":"home:mostRead","value":["m"]}\n');
    stream.end();
    await expect(mostRead).resolves.toEqual({ ok: true, value: ['m'] });
    expect((await events).ok).toBe(false);
  });

  it('rejects a value whose line never came, also when asked for after the stream ended', async () => {
    const stream = controlledBody();
    stream.push('{"loaderData":{"item":{"related":{"__deferred":"item:related"}}}}\n');
    const payload = await readPayload(stream.response);
    const early = settle(streamedValueOf(payload)!('item:related'));
    stream.end();
    expect((await early).ok).toBe(false);
    // A prefetched payload may be read long after its stream ended: the value still settles.
    expect((await settle(streamedValueOf(payload)!('item:other'))).ok).toBe(false);
  });

  it('reads a JSON answer whole, with nothing streamed', async () => {
    const payload: DataPayload = { loaderData: { home: { news: ['a'] } }, actionData: null, errors: null };
    const read = await readPayload(
      new Response(JSON.stringify(payload), { headers: { 'content-type': 'application/json' } }),
    );
    expect(read).toEqual(payload);
    expect(streamedValueOf(read)).toBeUndefined();
  });
});
