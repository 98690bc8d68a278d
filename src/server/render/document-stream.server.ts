/**
 * A page's HTML as React streams it (docs/decisions/105-streaming-documents.md, which supersedes
 * decision 079): `renderToPipeableStream` from the shell on for browsers, whole (`onAllReady`) for
 * bots and for the page cache's copy, through a {@link DocumentSink} that adds the one thing React
 * cannot place:
 *
 * React 19 writes `<head>`'s hoisted resources (the stylesheets) before any ordinary child, so a
 * `<script>` rendered by the document would run only after the stylesheets loaded and after the
 * browser could already have painted with them. The colour-mode script must run first
 * (docs/decisions/056-colour-mode.md), so the sink writes it right after the `<head>` tag (and the
 * charset meta, which stays first: HTML wants it within 1024 bytes). React's hydration skips
 * elements in `<head>` it did not render, and keeps them.
 *
 * The entry module is React's `bootstrapModules` (its `<script type="module" async>` at the end of
 * the shell, and a `modulepreload` in `<head>`), so hydration can start before the deferred
 * sections have arrived.
 */
import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

const HEAD_TAG = '<head>';
/** The charset declaration React writes first in `<head>`. */
const CHARSET_META = /^<meta charSet="utf-8"\s*\/?>/i;
/** How far into the document the sink looks for `<head>` before it gives up, in bytes. */
const HEAD_SEARCH_LIMIT = 8192;

/** `<script>{script}</script>`. @throws Error on `</script` in it */
export function inlineScriptElement(script: string): string {
  if (/<\/script/i.test(script)) throw new Error('An inline script must not contain </script');
  return `<script>${script}</script>`;
}

/** Where `headScript` goes in the document's first bytes: after `<head>` and its charset meta, or -1. */
function headScriptOffset(start: string): number {
  const head = start.indexOf(HEAD_TAG);
  if (head < 0) return -1;
  const end = head + HEAD_TAG.length;
  return end + (CHARSET_META.exec(start.slice(end, end + 64))?.[0].length ?? 0);
}

/** What a {@link DocumentSink} writes to: an HTTP response, whose `flush` compression adds. */
export type SinkTarget = Writable & { flush?: () => void };

/**
 * The Writable React pipes a document into. It writes `headElement` after the `<head>` tag (and
 * its charset meta) and sends what React wrote in one batch (the chunks between two of React's
 * `flush()` calls) to `target` as one write, then passes the flush on (compression's, so gzip and
 * brotli send it at once). One write per batch, not one per 2 KB chunk: compression hands each
 * write to zlib on libuv's thread pool, and a whole page is then one job, as when it was sent in
 * one `res.end` (decision 079), not dozens queued behind whatever else holds the pool.
 * With `keep`, it also keeps a copy of every byte; {@link DocumentSink.done} resolves with them
 * (empty without `keep`) once all went out, and rejects with an `AbortError` when the sink was
 * destroyed first.
 */
export class DocumentSink extends Writable {
  readonly done: Promise<Buffer>;
  private readonly target: SinkTarget | null;
  private readonly headElement: Buffer;
  private readonly kept: Buffer[] | null;
  /** The first bytes, held until `<head>` is found (or the limit passed). */
  private start: Buffer[] | null = [];
  private startLength = 0;
  /** What React wrote since its last flush. */
  private batch: Buffer[] = [];
  private finish!: (body: Buffer) => void;

  /**
   * @param target where the bytes go, or null to only keep them
   * @param options.headElement markup written after `<head>` (and the charset meta)
   * @param options.keep keep a copy of the bytes (always with a null target)
   */
  constructor(target: SinkTarget | null, options: { headElement: string; keep: boolean }) {
    super();
    this.target = target;
    this.headElement = Buffer.from(options.headElement);
    this.kept = options.keep || !target ? [] : null;
    const done = new Promise<Buffer>((resolve, reject) => {
      let finished = false;
      this.finish = (body) => {
        finished = true;
        resolve(body);
      };
      this.once('error', reject);
      // Destroyed before the end (the visitor went away): the render was aborted with it.
      this.once('close', () => {
        if (!finished) reject(new DOMException('The document was not sent to its end', 'AbortError'));
      });
    });
    done.catch(() => {});
    this.done = done;
  }

  /** React calls this after each batch it wrote (react-dom/server's Node stream config). */
  flush(): void {
    if (this.sendBatch()) this.target?.flush?.();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // React hands over views of buffers it never writes to again, so they are kept as they are.
    const out = this.start ? this.withHeadElement(chunk) : chunk;
    if (out !== null) this.add(out);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.start) {
      this.add(Buffer.concat(this.start));
      this.start = null;
    }
    this.sendBatch();
    this.finish(this.kept ? Buffer.concat(this.kept) : Buffer.alloc(0));
    // `end()` without a callback: compression's `res.end` takes none.
    this.target?.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error && this.target && !this.target.destroyed) this.target.destroy(error);
    callback(error);
  }

  private add(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.batch.push(bytes);
    this.kept?.push(bytes);
  }

  /** Writes the batch to the target as one chunk; false when there was nothing to write. */
  private sendBatch(): boolean {
    const batch = this.batch;
    if (batch.length === 0) return false;
    this.batch = [];
    this.target?.write(batch.length === 1 ? batch[0]! : Buffer.concat(batch));
    return true;
  }

  /** The held first bytes with the head element in place, or null while `<head>` may still come. */
  private withHeadElement(chunk: Buffer): Buffer | null {
    const start = this.start!;
    start.push(chunk);
    this.startLength += chunk.length;
    const text = Buffer.concat(start).toString('latin1');
    const offset = headScriptOffset(text);
    if (offset < 0 && this.startLength < HEAD_SEARCH_LIMIT) return null;
    this.start = null;
    const bytes = Buffer.concat(start);
    if (offset < 0) return bytes;
    // latin1 keeps one character per byte, so the offset is a byte offset.
    return Buffer.concat([bytes.subarray(0, offset), this.headElement, bytes.subarray(offset)]);
  }
}

/** A render in progress, from its shell (or, whole, from its end) on. */
export interface DocumentRender {
  /** Starts writing the document into `sink`; call once. */
  pipe(sink: Writable): void;
  /** Stops the render: what is ready is sent, the rest is left to the browser (or dropped). */
  abort(reason?: unknown): void;
  /** Resolves when React has rendered everything (or gave up at the timeout). */
  allReady: Promise<void>;
}

/**
 * Starts rendering `tree` with `renderToPipeableStream`; resolves once the shell is ready, or with
 * `whole` once everything is (no Suspense boundary left pending). After `timeoutMs` the render is
 * aborted (React's `streamTimeout`): what is ready is sent and a boundary still waiting keeps its
 * fallback.
 * @param options.bootstrapModule the entry module and its SRI integrity (`sha384-…`)
 * @param options.onError gets every error React reports (inside a boundary, or the shell's)
 * @throws (rejects) when the shell cannot render; the HTTP layer then sends its static error page
 */
export function startDocumentRender(
  tree: ReactElement,
  options: {
    bootstrapModule?: { src: string; integrity?: string };
    whole: boolean;
    timeoutMs: number;
    onError: (error: unknown) => void;
  },
): Promise<DocumentRender> {
  return new Promise<DocumentRender>((resolve, reject) => {
    let markAllReady!: () => void;
    const allReady = new Promise<void>((done) => {
      markAllReady = done;
    });
    let timer: NodeJS.Timeout | undefined;
    let render: DocumentRender;
    const stream = renderToPipeableStream(tree, {
      // A boundary that has completed is written in place, however large: React would otherwise
      // write one over 12,800 bytes after the rest (to show the rest sooner), and with it a `$RC`
      // script the CSP has no hash for, in a page that should be whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      bootstrapModules: options.bootstrapModule
        ? [
            options.bootstrapModule.integrity
              ? { src: options.bootstrapModule.src, integrity: options.bootstrapModule.integrity }
              : options.bootstrapModule.src,
          ]
        : undefined,
      onShellReady() {
        if (!options.whole) resolve(render);
      },
      onAllReady() {
        clearTimeout(timer);
        markAllReady();
        if (options.whole) resolve(render);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        options.onError(error);
      },
    });
    render = {
      pipe: (sink) => {
        stream.pipe(sink);
      },
      abort: (reason) => {
        clearTimeout(timer);
        stream.abort(reason);
      },
      allReady,
    };
    timer = setTimeout(() => {
      markAllReady();
      // Whole: send what is ready rather than nothing.
      if (options.whole) resolve(render);
      stream.abort(new Error(`The render took longer than ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    timer.unref();
  });
}
