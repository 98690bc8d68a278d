/**
 * The server and build side of the colour mode (docs/decisions/056-colour-mode.md): the PostCSS
 * plugin that makes every `@media (prefers-color-scheme: dark)` block answer the switch (run
 * through Vite's own CSS pipeline with the project's config), the document assembly that puts the
 * head script first in `<head>`, and the script's hash in the CSP.
 */
import { readFile } from 'node:fs/promises';
import { preprocessCSS, type ResolvedConfig, resolveConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { conditionSelector } from '../../scripts/lib/color-mode-css.ts';
import {
  contentSecurityPolicy,
  INLINE_SCRIPT_HASHES,
  inlineScriptHash,
} from '../../src/server/http/content-security-policy.server.ts';
import { completeDocument, moduleScriptElement } from '../../src/server/render/document-html.server.ts';
import { COLOR_MODE_SCRIPT } from '../../src/shared/shell/color-mode.ts';

let config: ResolvedConfig;

beforeAll(async () => {
  config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
});

/** The CSS after the project's PostCSS plugins, whitespace collapsed. */
async function processed(css: string): Promise<string> {
  const { code } = await preprocessCSS(css, 'sample.css', config);
  return code.replace(/\s+/g, ' ').trim();
}

describe('conditionSelector', () => {
  it('keeps specificity: the condition sits in :where(), on the root or before the selector', () => {
    expect(conditionSelector(':root', '[data-color-mode="dark"]')).toBe(
      ':root:where([data-color-mode="dark"])',
    );
    expect(conditionSelector('html body', '[x]')).toBe('html:where([x]) body');
    expect(conditionSelector(' .a > .b:hover ', '[x]')).toBe(':where(:root[x]) .a > .b:hover');
    expect(conditionSelector(':root-ish', '[x]')).toBe(':where(:root[x]) :root-ish');
    expect(conditionSelector('htmlx', '[x]')).toBe(':where(:root[x]) htmlx');
  });
});

describe('the colour-mode PostCSS plugin in the Vite config', () => {
  it('turns a dark block into a chosen-dark copy and a system-dark block, at the same place', async () => {
    const css = await processed(`
      .a { color: black; }
      @media (prefers-color-scheme: dark) {
        :root { --bg: #000; }
        .a, .b:hover { color: white; }
      }
      .c { color: red; }
    `);
    expect(css).toBe(
      [
        '.a { color: black; }',
        ':root:where([data-color-mode="dark"]) { --bg: #000; }',
        ':where(:root[data-color-mode="dark"]) .a, :where(:root[data-color-mode="dark"]) .b:hover { color: white; }',
        '@media (prefers-color-scheme: dark) {',
        ':root:where(:not([data-color-mode="light"])) { --bg: #000; }',
        ':where(:root:not([data-color-mode="light"])) .a, :where(:root:not([data-color-mode="light"])) .b:hover { color: white; }',
        '}',
        '.c { color: red; }',
      ].join(' '),
    );
  });

  it('leaves other media queries and keyframes alone, and handles nested queries', async () => {
    const css = await processed(`
      @media (min-width: 40rem) { .a { color: black; } }
      @media (prefers-color-scheme: dark) {
        @media (min-width: 40rem) { .a { color: white; } }
        @keyframes pulse { from { opacity: 0; } to { opacity: 1; } }
      }
    `);
    expect(css).toContain('@media (min-width: 40rem) { .a { color: black; } }');
    expect(css).toContain(
      '@media (min-width: 40rem) { :where(:root[data-color-mode="dark"]) .a { color: white; } }',
    );
    expect(css).toContain(
      '@media (min-width: 40rem) { :where(:root:not([data-color-mode="light"])) .a { color: white; } }',
    );
    expect(css).toContain('@keyframes pulse { from { opacity: 0; } to { opacity: 1; } }');
  });

  it('fails the build for any other prefers-color-scheme query', async () => {
    await expect(processed('@media (prefers-color-scheme: light) { .a { color: black; } }')).rejects.toThrow(
      /Only "@media \(prefers-color-scheme: dark\)"/,
    );
    await expect(
      processed('@media (prefers-color-scheme: dark) and (min-width: 40rem) { .a { color: black; } }'),
    ).rejects.toThrow(/colour-mode switch/);
  });

  it('gives the real palette both ways in, and light chosen its own color-scheme', async () => {
    const css = await processed(await readFile('src/shared/shell/app.css', 'utf8'));
    expect(css).toMatch(/:root:where\(\[data-color-mode="dark"\]\) \{ color-scheme: dark; --text: #e8edf1;/);
    expect(css).toMatch(
      /@media \(prefers-color-scheme: dark\) \{ :root:where\(:not\(\[data-color-mode="light"\]\)\) \{ color-scheme: dark; --text: #e8edf1;/,
    );
    expect(css).toContain(':root[data-color-mode="light"] { color-scheme: light; }');
  });
});

describe("completeDocument (React's <html>…</html> made a document)", () => {
  const parts = { headScript: 'var a = 1;', bodyEnd: '<script type="module" src="/e.js" async=""></script>' };

  it('adds the doctype, the script after <head> and the charset meta, and the entry before </body>', () => {
    expect(
      completeDocument(
        '<html lang="nl"><head><meta charSet="utf-8"/><title>é</title></head><body><head><p>x</p></body></html>',
        parts,
      ),
    ).toBe(
      '<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/><script>var a = 1;</script><title>é</title>' +
        '</head><body><head><p>x</p><script type="module" src="/e.js" async=""></script></body></html>',
    );
  });

  it('puts the script straight after <head> when no charset meta follows', () => {
    expect(completeDocument('<html><head><title>t</title></head><body></body></html>', parts)).toBe(
      '<!DOCTYPE html><html><head><script>var a = 1;</script><title>t</title></head><body>' +
        `${parts.bodyEnd}</body></html>`,
    );
  });

  it('leaves out what has no place: no <head>, no </body>', () => {
    expect(completeDocument('<p>no head</p>', parts)).toBe('<!DOCTYPE html><p>no head</p>');
    expect(completeDocument('<body></body>', parts)).toBe(`<!DOCTYPE html><body>${parts.bodyEnd}</body>`);
    expect(completeDocument('<head></head><p>', parts)).toBe(
      '<!DOCTYPE html><head><script>var a = 1;</script></head><p>',
    );
  });

  it('refuses a script that would close its element early', () => {
    expect(() => completeDocument('<head></head>', { ...parts, headScript: 'a("</SCRIPT>")' })).toThrow(
      /must not contain/,
    );
  });

  it("writes the entry script as React's bootstrapModules does, attributes escaped", () => {
    expect(moduleScriptElement({ src: '/assets/entry.js', integrity: 'sha384-abc+/=' })).toBe(
      '<script type="module" src="/assets/entry.js" integrity="sha384-abc+/=" async=""></script>',
    );
    expect(moduleScriptElement({ src: '/a.js?x="1"&y=<2>' })).toBe(
      '<script type="module" src="/a.js?x=&quot;1&quot;&amp;y=&lt;2&gt;" async=""></script>',
    );
  });
});

describe('the CSP', () => {
  it('hashes inline script text with SHA-384, base64', () => {
    // printf 'alert(1)' | openssl dgst -sha384 -binary | base64
    expect(inlineScriptHash('alert(1)')).toBe(
      "'sha384-HT2E9NfWiuQ/w1PRai+hTyqW16NIoCGA/m8VQDUopfAtcz6YQjtsMmQd5uRbVDpW'",
    );
  });

  it('allows the colour-mode script by hash in production and without a build, never unsafe-inline there', () => {
    const colorMode = inlineScriptHash(COLOR_MODE_SCRIPT);
    expect(INLINE_SCRIPT_HASHES).toEqual([colorMode]);
    const production = contentSecurityPolicy({
      development: false,
      secure: true,
      scriptIntegrity: ['sha384-abc'],
    });
    expect(production['script-src']).toEqual(["'strict-dynamic'", "'sha384-abc'", colorMode]);
    const noBuild = contentSecurityPolicy({ development: false, secure: false, scriptIntegrity: [] });
    expect(noBuild['script-src']).toEqual(["'self'", colorMode]);
    // Development allows inline scripts outright; a hash there would switch 'unsafe-inline' off.
    const development = contentSecurityPolicy({ development: true, secure: false, scriptIntegrity: [] });
    expect(development['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('keeps the script free of "<" (valid inside <script>, accepted by the Trusted Types policy)', () => {
    expect(COLOR_MODE_SCRIPT).not.toContain('<');
  });
});
