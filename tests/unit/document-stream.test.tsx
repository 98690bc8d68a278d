/**
 * The streaming renderer's pieces (docs/decisions/105-streaming-documents.md, which replaces the
 * `renderHtml` test of decision 079): the sink that places the colour-mode script and passes
 * React's flushes on, the render that resolves at the shell or, whole, at the end, the scripts
 * React streams and their CSP hashes, and the deferred values' stand-ins.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { type ReactNode, Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { awaitLoaderData, deferredValue, trackLoaderData } from '../../src/server/render/deferred.server.ts';
import { DocumentSink, startDocumentRender } from '../../src/server/render/document-stream.server.ts';
import {
  MAX_STREAMED_BOUNDARIES,
  streamingScriptHashes,
} from '../../src/server/render/streaming-scripts.server.ts';
import { reviveDeferred, settledOf } from '../../src/shared/ui/deferred.tsx';

/** A target that records what reaches it and when it was flushed. */
function recordingTarget() {
  const events: string[] = [];
  const target = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      events.push(`write:${chunk.toString()}`);
      callback();
    },
  }) as Writable & { flush: () => void };
  target.flush = () => events.push('flush');
  return { target, events };
}

function Slow({ promise }: { promise: Promise<string> }): ReactNode {
  return use(promise);
}

function Broken(): ReactNode {
  throw new Error('kapot');
}

function page(children: ReactNode) {
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <title>t</title>
      </head>
      <body>
        <main>shell</main>
        {children}
      </body>
    </html>
  );
}

/** Renders `tree` into a keeping sink and resolves with the document. */
async function documentOf(tree: ReactNode, whole: boolean, timeoutMs = 5000): Promise<string> {
  const render = await startDocumentRender(tree as React.ReactElement, {
    whole,
    timeoutMs,
    onError: () => {},
  });
  const sink = new DocumentSink(null, { headElement: '<script>head()</script>', keep: true });
  render.pipe(sink);
  return (await sink.done).toString();
}

describe('DocumentSink', () => {
  it('writes the head element after <head> and its charset meta, even when <head> comes split', async () => {
    const { target, events } = recordingTarget();
    const sink = new DocumentSink(target, { headElement: '<script>x()</script>', keep: true });
    sink.write(Buffer.from('<!DOCTYPE html><html><he'));
    sink.write(Buffer.from('ad><meta charSet="utf-8"/><title>t</title></head>'));
    sink.end(Buffer.from('<body></body></html>'));
    const kept = (await sink.done).toString();
    expect(kept).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>x()</script><title>t</title></head><body></body></html>',
    );
    // Nothing was flushed: it all went out in one write at the end.
    expect(events).toEqual([`write:${kept}`]);
  });

  it("passes React's flush on to the target once what came before it has been written", () => {
    const { target, events } = recordingTarget();
    const sink = new DocumentSink(target, { headElement: '', keep: false });
    sink.write(Buffer.from('<head>a'));
    sink.flush();
    expect(events).toEqual(['write:<head>a', 'flush']);
  });

  it('sends what React wrote between two flushes as one write, then flushes the target', () => {
    const { target, events } = recordingTarget();
    const sink = new DocumentSink(target, { headElement: '', keep: false });
    sink.write(Buffer.from('<head>0123'));
    sink.write(Buffer.from('4567'));
    sink.flush();
    sink.write(Buffer.from('89'));
    sink.flush();
    sink.flush();
    expect(events).toEqual(['write:<head>01234567', 'flush', 'write:89', 'flush']);
  });

  it('rejects `done` with an AbortError when it is destroyed before the end', async () => {
    const { target } = recordingTarget();
    const sink = new DocumentSink(target, { headElement: '', keep: true });
    sink.write(Buffer.from('<head>'));
    sink.destroy();
    await expect(sink.done).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('startDocumentRender', () => {
  it('resolves at the shell: the fallback first, the late part in a hidden element with its $RC call', async () => {
    let settle!: (text: string) => void;
    const promise = new Promise<string>((resolve) => {
      settle = resolve;
    });
    const html = documentOf(
      page(
        <Suspense fallback={<p>wacht</p>}>
          <Slow promise={promise} />
        </Suspense>,
      ),
      false,
    );
    setTimeout(() => settle('laat'), 20);
    const text = await html;
    expect(
      text.startsWith('<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/><script>head()</script>'),
    ).toBe(true);
    expect(text.indexOf('<p>wacht</p>')).toBeLessThan(text.indexOf('<div hidden id="S:0">laat'));
    expect(text).toContain('$RC("B:0","S:0")');
    expect(text.endsWith('</body></html>')).toBe(true);
  });

  it('with `whole`, waits for everything: no boundary left pending, however large', async () => {
    const large = 'x'.repeat(40_000);
    const promise = new Promise<string>((resolve) => setTimeout(() => resolve(large), 20));
    const text = await documentOf(
      page(
        <Suspense fallback={<p>wacht</p>}>
          <Slow promise={promise} />
        </Suspense>,
      ),
      true,
    );
    expect(text).toContain(`<!--$-->${large}`);
    expect(text).not.toContain('<template id="B:');
    expect(text).not.toContain('wacht');
    expect(text).not.toContain('<script>$RC');
  });

  it('aborts after timeoutMs: what is ready is sent, the late part keeps its fallback', async () => {
    const never = new Promise<string>(() => {});
    const text = await documentOf(
      page(
        <Suspense fallback={<p>wacht</p>}>
          <Slow promise={never} />
        </Suspense>,
      ),
      true,
      50,
    );
    expect(text).toContain('<p>wacht</p>');
    expect(text).toContain('<main>shell</main>');
  });

  it('rejects when the shell cannot render', async () => {
    await expect(
      startDocumentRender(page(<Broken />), { whole: false, timeoutMs: 1000, onError: () => {} }),
    ).rejects.toThrow('kapot');
  });
});

describe('streamingScriptHashes', () => {
  it("allows exactly the inline scripts React streams for a page's pending boundaries", async () => {
    const hashes = await streamingScriptHashes();
    expect(hashes).toHaveLength(MAX_STREAMED_BOUNDARIES + 1);
    expect(hashes[0]).toEqual([]);
    for (let n = 1; n < MAX_STREAMED_BOUNDARIES; n++) {
      expect(hashes[n + 1]!.length).toBeGreaterThan(hashes[n]!.length);
    }
    // Three late boundaries, completing last to first, in a page rendered as the portal renders.
    const settle: Array<(text: string) => void> = [];
    const promises = [0, 1, 2].map(() => new Promise<string>((resolve) => settle.push(resolve)));
    const render = await startDocumentRender(
      page(
        promises.map((promise, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <Suspense key={index} fallback="wacht">
            <Slow promise={promise} />
          </Suspense>
        )),
      ),
      { whole: false, timeoutMs: 5000, onError: () => {}, bootstrapModule: { src: '/entry.js' } },
    );
    const sink = new DocumentSink(null, { headElement: '', keep: true });
    render.pipe(sink);
    for (const index of [2, 1, 0]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      settle[index]!(`klaar ${index}`);
    }
    const text = (await sink.done).toString();
    const inline = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBe(4);
    for (const script of inline) {
      expect(hashes[3]).toContain(`'sha384-${createHash('sha384').update(script, 'utf8').digest('base64')}'`);
    }
  });
});

describe('deferred values', () => {
  it('stands in for them in the state, counts the pending ones and tells whether all resolved', async () => {
    const done = Promise.resolve(['a']);
    let fail!: (error: Error) => void;
    const failing = deferredValue(
      new Promise<string[]>((_resolve, reject) => {
        fail = reject;
      }),
    );
    const errors: string[] = [];
    const values = await trackLoaderData(
      { root: { site: 1 }, '0-1': { list: [1], done, failing } },
      (_error, id) => errors.push(id),
    );
    expect(values.loaderData).toEqual({
      root: { site: 1 },
      '0-1': { list: [1], done: { __deferred: '0-1:done' }, failing: { __deferred: '0-1:failing' } },
    });
    expect(values.pending).toBe(1);
    expect(settledOf(done)).toEqual({ ok: true, value: ['a'] });
    fail(new Error('te laat'));
    expect(await values.settled).toBe(false);
    expect(errors).toEqual(['0-1:failing']);
  });

  it('awaits them for /__data: a value as it is, a failed one as a marker the browser revives', async () => {
    const awaited = await awaitLoaderData(
      { page: { ok: Promise.resolve(2), bad: deferredValue(Promise.reject(new Error('weg'))) } },
      () => {},
    );
    expect(awaited).toEqual({ loaderData: { page: { ok: 2, bad: { __deferred: null } } }, failed: true });
    const revived = reviveDeferred(JSON.parse(JSON.stringify(awaited.loaderData.page))) as {
      ok: number;
      bad: Promise<unknown>;
    };
    expect(revived.ok).toBe(2);
    expect(settledOf(revived.bad)?.ok).toBe(false);
    await expect(revived.bad).rejects.toThrow();
  });
});
