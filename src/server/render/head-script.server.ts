/**
 * Puts an inline script first in the document's `<head>`, ahead of everything React emits there.
 *
 * React 19 writes `<head>`'s hoisted resources (the stylesheets) before any ordinary child, so a
 * `<script>` rendered by the document would run only after the stylesheets loaded and after the
 * browser could already have painted with them. The colour-mode script must run first
 * (docs/decisions/056-colour-mode.md), so the server writes it into the stream right after the
 * `<head>` tag. React's hydration skips elements in `<head>` it did not render, and keeps them.
 */
import { Transform, type Writable } from 'node:stream';

const HEAD_TAG = Buffer.from('<head>');
/** The charset declaration React writes first in `<head>`; it stays first (HTML: within 1024 bytes). */
const CHARSET_META = /^<meta charset="utf-8"\s*\/?>/i;

/**
 * A stream to render into: forwards everything to `destination`, with `<script>{script}</script>`
 * inserted right after the first `<head>` tag and the charset `<meta>` that follows it (a tag split
 * across two writes is not looked for: React writes the document's opening in one piece).
 * @param script the script's text; must not contain `</script` (it would end the element early)
 * @throws Error when `script` contains `</script`
 */
export function withHeadScript(destination: Writable, script: string): Writable {
  const element = scriptElement(script);
  let inserted = false;
  const transform = new Transform({
    transform(chunk: Buffer | Uint8Array | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      const out = inserted ? null : insertAfterHead(bytes, element);
      if (out) inserted = true;
      callback(null, out ?? bytes);
    },
  });
  transform.pipe(destination);
  return transform;
}

/**
 * The same for a complete document given as the chunks React wrote (src/server/render/entry-server.tsx
 * sends each document in one write; decision 068): the chunks joined into one buffer with the
 * script inserted, in one copy. React writes the document's opening (`<!DOCTYPE html><html><head>`)
 * in one piece; a `<head>` split across two chunks is not looked for (then nothing is inserted).
 * @param chunks the document's bytes in order; not changed
 * @returns a new buffer: the document with the script, or the document as it is when it has no `<head>`
 * @throws Error when `script` contains `</script`
 */
export function joinWithHeadScript(chunks: readonly Buffer[], script: string): Buffer {
  const element = scriptElement(script);
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i]!;
    const end = endOfHeadOpening(chunk);
    if (end < 0) continue;
    return Buffer.concat([
      ...chunks.slice(0, i),
      chunk.subarray(0, end),
      element,
      chunk.subarray(end),
      ...chunks.slice(i + 1),
    ]);
  }
  return Buffer.concat(chunks);
}

const elements = new Map<string, Buffer>();

/** `<script>{script}</script>` as bytes (kept per script). @throws Error on `</script` in it */
function scriptElement(script: string): Buffer {
  let element = elements.get(script);
  if (!element) {
    if (/<\/script/i.test(script)) throw new Error('An inline script must not contain </script');
    element = Buffer.from(`<script>${script}</script>`);
    elements.set(script, element);
  }
  return element;
}

/** `bytes` with `element` after its first `<head>` (and charset meta), or null without `<head>`. */
function insertAfterHead(bytes: Buffer, element: Buffer): Buffer | null {
  const end = endOfHeadOpening(bytes);
  if (end < 0) return null;
  return Buffer.concat([bytes.subarray(0, end), element, bytes.subarray(end)]);
}

/** Where an inserted element goes: after the first `<head>` and its charset meta; -1 without `<head>`. */
function endOfHeadOpening(bytes: Buffer): number {
  const at = bytes.indexOf(HEAD_TAG);
  if (at < 0) return -1;
  const end = at + HEAD_TAG.length;
  return end + (CHARSET_META.exec(bytes.subarray(end, end + 64).toString('latin1'))?.[0].length ?? 0);
}
