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
  if (/<\/script/i.test(script)) throw new Error('An inline script must not contain </script');
  const element = Buffer.from(`<script>${script}</script>`);
  let inserted = false;
  const transform = new Transform({
    transform(chunk: Buffer | Uint8Array | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
      const at = inserted ? -1 : bytes.indexOf(HEAD_TAG);
      if (at < 0) {
        callback(null, bytes);
        return;
      }
      inserted = true;
      let end = at + HEAD_TAG.length;
      end += CHARSET_META.exec(bytes.subarray(end, end + 64).toString('latin1'))?.[0].length ?? 0;
      callback(null, Buffer.concat([bytes.subarray(0, end), element, bytes.subarray(end)]));
    },
  });
  transform.pipe(destination);
  return transform;
}
