/**
 * Text for a double-quoted HTML attribute value written by hand (outside React): `&`, `"`, `<`
 * and `>` escaped, as React escapes attribute values (HTML Living Standard, "attribute value
 * (double-quoted) state": `"` ends the value, `&` starts a character reference).
 * @param text any text
 * @returns the text, safe between `="` and `"`
 */
export function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
