/**
 * The portal's one HTML escaper, for markup written by hand (outside React): the service worker's
 * offline page (src/client/offline-rules.ts), the entry script element
 * (src/server/render/document-html.server.ts) and the static offline pages of the build
 * (scripts/lib/web-app.ts). `&`, `"`, `<` and `>` are escaped, as React escapes attribute values:
 * in text, `&` starts a character reference and `<` a tag; in a double-quoted attribute value, `"`
 * ends it (HTML Living Standard, "data state" and "attribute value (double-quoted) state").
 * Single-quoted and unquoted attribute values are not covered: write attributes with `"`.
 * @param text any text
 * @returns the text, safe as element text and between `="` and `"`
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
