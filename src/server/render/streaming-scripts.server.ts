/**
 * The inline scripts React's streaming renderer writes for Suspense boundaries that complete
 * after the shell, learnt from React itself at start (docs/decisions/105-streaming-documents.md),
 * so that the page's CSP can allow them by hash (decision 051: no nonces) and follow React's
 * version.
 *
 * With react-dom 19.3 a page whose shell leaves n boundaries pending gets a constant
 * `requestAnimationFrame(…$RT…)` script in the shell; the first boundary to complete brings React's
 * runtime followed by one call, `$RC("B:i","S:i")`; every later one is just its call. Boundary ids
 * count from 0 in document order (hexadecimal), so a page with n pending boundaries can only send
 * the scripts that name ids below n. The probe renders {@link MAX_STREAMED_BOUNDARIES} boundaries,
 * each one first once, and keeps every inline script it sees.
 */
import { Writable } from 'node:stream';
import { createElement, type ReactNode, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { inlineScriptHash } from '../http/content-security-policy.server.ts';

/** Pending boundaries per page whose scripts the CSP can allow; more would keep their fallbacks. */
export const MAX_STREAMED_BOUNDARIES = 8;

/** An inline script React streams, with the boundary ids it names. */
interface StreamedScript {
  hash: string;
  boundaryIds: number[];
}

/** Inline scripts (a `<script>` without attributes) in streamed markup. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
const BOUNDARY_ID = /"B:([0-9a-f]+)"/g;

function Resolved({ promise }: { promise: Promise<string> }): ReactNode {
  return use(promise);
}

/** The markup of one probe render: `count` boundaries, boundary `first` resolving first. */
function probe(count: number, first: number): Promise<string> {
  const settle: Array<(value: string) => void> = [];
  const promises = Array.from(
    { length: count },
    () => new Promise<string>((resolve) => settle.push(resolve)),
  );
  const tree = createElement(
    'html',
    null,
    createElement('head', null),
    createElement(
      'body',
      null,
      promises.map((promise, index) =>
        createElement(Suspense, { key: index, fallback: 'wait' }, createElement(Resolved, { promise })),
      ),
    ),
  );
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = renderToPipeableStream(tree, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // As the portal renders: with a bootstrap module React also writes its `$RT` timing script.
      bootstrapModules: ['/probe.js'],
      onShellReady() {
        stream.pipe(sink);
        // One boundary per macrotask: each completes in a flush of its own, as a slow CMS call does.
        const order = [first, ...[...promises.keys()].filter((index) => index !== first)];
        const next = () => {
          const index = order.shift();
          if (index === undefined) return;
          settle[index]!(`done ${index}`);
          setTimeout(next, 1);
        };
        setTimeout(next, 1);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

let learnt: Promise<StreamedScript[]> | undefined;

/** Every inline script the probes saw, with its hash and the boundary ids it names. */
function streamedScripts(): Promise<StreamedScript[]> {
  learnt ??= (async () => {
    const scripts = new Map<string, StreamedScript>();
    for (let first = 0; first < MAX_STREAMED_BOUNDARIES; first++) {
      const html = await probe(MAX_STREAMED_BOUNDARIES, first);
      for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
        if (text === undefined || scripts.has(text)) continue;
        const boundaryIds = [...text.matchAll(BOUNDARY_ID)].map((match) => Number.parseInt(match[1]!, 16));
        scripts.set(text, { hash: inlineScriptHash(text), boundaryIds });
      }
    }
    return [...scripts.values()];
  })();
  return learnt;
}

/**
 * The CSP hash sources (`'sha384-…'`) of the scripts React may stream for a page whose shell leaves
 * `pending` boundaries waiting: index n of the result is the list for n pending boundaries
 * (n = 0 … {@link MAX_STREAMED_BOUNDARIES}; none for 0).
 */
export async function streamingScriptHashes(): Promise<string[][]> {
  const scripts = await streamedScripts();
  return Array.from({ length: MAX_STREAMED_BOUNDARIES + 1 }, (_, pending) =>
    pending === 0
      ? []
      : scripts
          .filter((script) => script.boundaryIds.every((id) => id < pending))
          .map((script) => script.hash),
  );
}
