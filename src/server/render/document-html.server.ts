/**
 * A page's HTML (docs/decisions/079-render-to-string.md): React's `<html>…</html>` for a tree,
 * rendered complete ({@link renderHtml}), and the document around it ({@link completeDocument}):
 * `<!DOCTYPE html>`, an inline script first in `<head>`, and the entry module's script before
 * `</body>`.
 *
 * React 19 writes `<head>`'s hoisted resources (the stylesheets) before any ordinary child, so a
 * `<script>` rendered by the document would run only after the stylesheets loaded and after the
 * browser could already have painted with them. The colour-mode script must run first
 * (docs/decisions/056-colour-mode.md), so the server writes it right after the `<head>` tag (and
 * the charset meta, which stays first: HTML wants it within 1024 bytes). React's hydration skips
 * elements in `<head>` it did not render, and keeps them.
 *
 * `renderToString` writes neither the doctype nor a bootstrap script (its options have no
 * `bootstrapModules`), so both are added here, as `renderToPipeableStream` would write them.
 */
import { Writable } from 'node:stream';
import escapeHtml from 'escape-html';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';

const HEAD_TAG = '<head>';
const BODY_END_TAG = '</body>';
/** The charset declaration React writes first in `<head>`. */
const CHARSET_META = /^<meta charset="utf-8"\s*\/?>/i;
const DOCTYPE = '<!DOCTYPE html>';

/** The parts {@link completeDocument} adds to React's `<html>…</html>`. */
export interface DocumentParts {
  /** Text of the inline script first in `<head>`; must not contain `</script`. */
  headScript: string;
  /** Markup right before `</body>` (the entry's script, {@link moduleScriptElement}). */
  bodyEnd: string;
}

/**
 * The whole document: the doctype, then `html` (React's `<html>…</html>`, without a doctype) with
 * `<script>{headScript}</script>` after the first `<head>` and its charset meta, and `bodyEnd`
 * before the last `</body>`. Markup without `<head>` or `</body>` gets nothing in that place.
 * @throws Error when `headScript` contains `</script` (it would end the element early)
 */
export function completeDocument(html: string, parts: DocumentParts): string {
  const script = scriptElement(parts.headScript);
  const head = html.indexOf(HEAD_TAG);
  let headEnd = -1;
  if (head >= 0) {
    headEnd = head + HEAD_TAG.length;
    headEnd += CHARSET_META.exec(html.slice(headEnd, headEnd + 64))?.[0].length ?? 0;
  }
  const bodyEnd = html.lastIndexOf(BODY_END_TAG);
  if (headEnd < 0 && bodyEnd < 0) return DOCTYPE + html;
  if (headEnd < 0) return DOCTYPE + html.slice(0, bodyEnd) + parts.bodyEnd + html.slice(bodyEnd);
  if (bodyEnd < headEnd) return DOCTYPE + html.slice(0, headEnd) + script + html.slice(headEnd);
  return (
    DOCTYPE +
    html.slice(0, headEnd) +
    script +
    html.slice(headEnd, bodyEnd) +
    parts.bodyEnd +
    html.slice(bodyEnd)
  );
}

/**
 * The entry module's script as React's `bootstrapModules` writes it (without its `id`):
 * `<script type="module" src="…" integrity="…" async=""></script>`.
 * @param entry the module's URL and its SRI integrity (`sha384-…`), if any
 */
export function moduleScriptElement(entry: { src: string; integrity?: string }): string {
  const integrity = entry.integrity ? ` integrity="${escapeHtml(entry.integrity)}"` : '';
  return `<script type="module" src="${escapeHtml(entry.src)}"${integrity} async=""></script>`;
}

const elements = new Map<string, string>();

/** `<script>{script}</script>` (kept per script). @throws Error on `</script` in it */
function scriptElement(script: string): string {
  let element = elements.get(script);
  if (element === undefined) {
    if (/<\/script/i.test(script)) throw new Error('An inline script must not contain </script');
    element = `<script>${script}</script>`;
    elements.set(script, element);
  }
  return element;
}

/** React's marker of a Suspense boundary the server left to the client (suspended or failed). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * React's `<html>…</html>` for `tree`, complete (docs/decisions/079-render-to-string.md).
 * `renderToString` first: no view suspends (the loaders have finished before React starts), and
 * it costs about half the CPU of `renderToPipeableStream` for the same bytes. When a Suspense
 * boundary was left to the client all the same (a view that suspends or fails inside one), the
 * streaming renderer renders the page again and waits for everything (`onAllReady`), so the page
 * is never sent without that part, and reports the errors to `onError`.
 * @param timeoutMs how long the streaming renderer may wait, ms; then it is aborted (the boundary
 *   is left to the client)
 * @throws when the shell cannot render (the HTTP layer then sends its static error page)
 */
export async function renderHtml(
  tree: ReactElement,
  options: { onError: (error: unknown) => void; timeoutMs: number },
): Promise<string> {
  const html = renderToString(tree);
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? streamHtml(tree, options) : html;
}

/**
 * React's `<html>…</html>` for `tree` by the streaming renderer, once everything is ready
 * (`onAllReady`), without the doctype it writes ({@link completeDocument} adds it).
 * @param options.onError gets every error inside a Suspense boundary
 * @param options.timeoutMs how long to wait, ms; then what is ready is sent and the boundaries
 *   still waiting are left to the client
 * @throws when the shell cannot render
 */
export function streamHtml(
  tree: ReactElement,
  options: { onError: (error: unknown) => void; timeoutMs: number },
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      // A Writable hands `write` every chunk as a Buffer (`decodeStrings`, Node's stream docs);
      // it may be a view of React's own buffer, so it is copied.
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        const streamed = Buffer.concat(chunks).toString('utf8');
        resolve(streamed.startsWith(DOCTYPE) ? streamed.slice(DOCTYPE.length) : streamed);
        callback();
      },
    });
    let piped = false;
    const send = () => {
      if (piped) return;
      piped = true;
      pipe(sink);
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      onAllReady: send,
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError: options.onError,
    });
    timer = setTimeout(() => {
      send();
      abort();
    }, options.timeoutMs);
  });
}
