/**
 * `renderHtml` (src/server/render/document-html.server.ts, decision 079): a tree that renders at
 * once goes through `renderToString` and gives the bytes the streaming renderer gives; a tree
 * with a Suspense boundary left to the client is rendered again by the streaming renderer, which
 * waits for it (or reports its error); a shell that cannot render throws.
 */
import { Writable } from 'node:stream';
import { type ReactNode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/server/render/document-html.server.ts';

/** The streaming renderer's output for `tree` once everything is ready, without the doctype. */
function streamed(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/^<!DOCTYPE html>/, ''),
        );
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(tree, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

function Page({ children }: { children: ReactNode }) {
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <title>Nieuws</title>
        <link rel="stylesheet" href="/a.css" precedence="default" />
      </head>
      <body>
        <h1>Koppen &amp; „tekst”</h1>
        {children}
      </body>
    </html>
  );
}

/** A component that suspends until `promise` settles (React 19 `use` would do the same). */
function Later({ promise }: { promise: Promise<string> & { value?: string } }) {
  if (promise.value === undefined) {
    throw promise.then((value) => {
      promise.value = value;
    });
  }
  return <p>{promise.value}</p>;
}

/** A component that fails to render. */
function Broken({ message }: { message: string }): ReactNode {
  throw new Error(message);
}

/** The page with `child` inside a Suspense boundary whose fallback is `<p>{fallback}</p>`. */
function withBoundary(child: ReactNode, fallback = 'laden…') {
  return (
    <Page>
      <Suspense fallback={<p>{fallback}</p>}>{child}</Suspense>
    </Page>
  );
}

const quiet = { onError: () => {}, timeoutMs: 5000 };

describe('renderHtml', () => {
  it("renders a tree that needs no waiting to the streaming renderer's bytes", async () => {
    const tree = (
      <Page>
        <ul>
          {['een', 'twee'].map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Page>
    );
    const html = await renderHtml(tree, quiet);
    expect(html).toBe(await streamed(tree));
    expect(html).toContain('<link rel="stylesheet" href="/a.css" data-precedence="default"/>');
  });

  it('waits for a view that suspends inside a boundary instead of leaving it to the client', async () => {
    const promise = new Promise<string>((resolve) => setTimeout(() => resolve('geladen'), 20));
    const html = await renderHtml(withBoundary(<Later promise={promise} />), quiet);
    expect(html).toContain('<p>geladen</p>');
    expect(html).not.toContain('laden…');
    expect(html).not.toContain('<!--$!-->');
  });

  it('reports an error inside a boundary and leaves that part to the client', async () => {
    const errors: unknown[] = [];
    const html = await renderHtml(withBoundary(<Broken message="kapot" />, 'terugval'), {
      ...quiet,
      onError: (error) => {
        errors.push(error);
      },
    });
    expect(errors.map((error) => (error as Error).message)).toEqual(['kapot']);
    expect(html).toContain('<p>terugval</p>');
  });

  it('gives up waiting after timeoutMs and sends the fallback', async () => {
    const never = new Promise<string>(() => {});
    const html = await renderHtml(withBoundary(<Later promise={never} />), { ...quiet, timeoutMs: 50 });
    expect(html).toContain('<p>laden…</p>');
    expect(html).toContain('<h1>');
  });

  it('throws when the shell cannot render', async () => {
    await expect(renderHtml(<Broken message="geen shell" />, quiet)).rejects.toThrow('geen shell');
  });
});
