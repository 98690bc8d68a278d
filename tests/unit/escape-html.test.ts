// @vitest-environment happy-dom
/**
 * The portal's one HTML escaper for markup written by hand (the `escape-html` package, the one
 * Express uses; also the CMS's e-mails): what it escapes, and that an HTML parser reads the escaped
 * text back unchanged as element text and as an attribute value, whatever the text holds.
 */

import escapeHtml from 'escape-html';
import { describe, expect, it } from 'vitest';

const NASTY = [
  'Logistiek & E-commerce Nieuws',
  '"><script>alert(1)</script>',
  '</title><img src=x onerror=alert(1)>',
  '&amp; stays text, &lt; too',
  "it's \u00e9\u00e9n \u2028 line",
  '/zoeken?q="x"&page=2',
];

describe('escapeHtml', () => {
  it('escapes &, ", \', < and >, and nothing else', () => {
    expect(escapeHtml('a & b "c" <d> \'e\'')).toBe('a &amp; b &quot;c&quot; &lt;d&gt; &#39;e&#39;');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('')).toBe('');
  });

  it.each(NASTY)('gives back %j as element text and as an attribute value', (text) => {
    const html = `<p title="${escapeHtml(text)}" data-x="1">${escapeHtml(text)}</p>`;
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
    const p = doc.body.firstElementChild;
    expect(doc.body.children).toHaveLength(1);
    expect(p?.getAttribute('title')).toBe(text);
    expect(p?.getAttribute('data-x')).toBe('1');
    expect(p?.textContent).toBe(text);
    expect(p?.children).toHaveLength(0);
  });
});
