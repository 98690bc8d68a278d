/**
 * The server and build side of the colour mode (docs/decisions/056-colour-mode.md): the PostCSS
 * plugin that makes every `@media (prefers-color-scheme: dark)` block answer the switch (run
 * through Vite's own CSS pipeline with the project's config; every stylesheet of the portal
 * checked for what the plugin would silently get wrong, docs/decisions/086-colour-mode-css-by-a-plugin.md), the document assembly that puts the
 * head script first in `<head>`, and the script's hash in the CSP.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import postcss, { type AtRule } from 'postcss';
import { preprocessCSS, type ResolvedConfig, resolveConfig } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  INLINE_SCRIPT_HASHES,
  inlineScriptHash,
} from '../../src/server/http/content-security-policy.server.ts';
import { COLOR_MODE_SCRIPT } from '../../src/shared/shell/color-mode.ts';

let config: ResolvedConfig;

beforeAll(async () => {
  config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
});

/**
 * The CSS after the project's PostCSS plugins, whitespace collapsed; `file` is where it lives, so
 * its `@import`s resolve (app.css imports reader.css).
 */
async function processed(css: string, file = 'sample.css'): Promise<string> {
  const { code } = await preprocessCSS(css, path.resolve(file), config);
  return code.replace(/\s+/g, ' ').trim();
}

/** Where the plugin puts its conditions: first in a selector, on the root element. */
const SYSTEM_CONDITION =
  /^(?:(?::root|html):where\(:not\(\[data-color-mode="(?:light|dark)"\]\)\)(?![\w-])|:where\(html:not\(\[data-color-mode="(?:light|dark)"\]\)\) )/;
const CHOSEN_CONDITION =
  /^(?:(?::root|html):where\(\[data-color-mode="(?:light|dark)"\]\)(?![\w-])|:where\(html\[data-color-mode="(?:light|dark)"\]\) )/;
const KEYFRAME_SELECTOR = /^(?:from|to|\d+(?:\.\d+)?%)$/;

/**
 * What would keep a stylesheet from answering the switch, after the project's PostCSS plugins:
 * a rule inside a `prefers-color-scheme` query without the system condition (a query the plugin
 * does not read, such as `screen, (prefers-color-scheme: dark)`, stays as it was), a condition
 * that landed anywhere but on the root (a selector merely containing `html` or `:root`, such as
 * `.prose-html`), and keyframes inside such a query (their `from`/`to` get conditions too).
 */
async function switchProblems(css: string, file?: string): Promise<string[]> {
  const root = postcss.parse(await processed(css, file));
  const problems: string[] = [];
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) {
      for (const selector of rule.selectors) {
        if (!KEYFRAME_SELECTOR.test(selector)) problems.push(`keyframe selector "${selector}"`);
      }
      return;
    }
    let inSchemeQuery = false;
    for (let node = rule.parent; node && node.type !== 'root'; node = node.parent) {
      if (node.type === 'atrule' && /prefers-color-scheme/i.test((node as AtRule).params))
        inSchemeQuery = true;
    }
    for (const selector of rule.selectors) {
      const condition = (inSchemeQuery ? SYSTEM_CONDITION : CHOSEN_CONDITION).exec(selector);
      const rest = condition ? selector.slice(condition[0].length) : selector;
      if (inSchemeQuery && !condition) problems.push(`not conditioned: "${selector}"`);
      else if (/:where\([^)]*data-color-mode/.test(rest))
        problems.push(`condition off the root: "${selector}"`);
    }
  });
  return problems;
}

describe('the colour-mode PostCSS plugin in the Vite config (postcss-dark-theme-class)', () => {
  it('keeps a dark block for the system and adds a copy for the chosen mode right after it', async () => {
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
        '@media (prefers-color-scheme: dark) {',
        ':root:where(:not([data-color-mode="light"])) { --bg: #000; }',
        ':where(html:not([data-color-mode="light"])) .a, :where(html:not([data-color-mode="light"])) .b:hover { color: white; }',
        '}',
        ':root:where([data-color-mode="dark"]) { --bg: #000; }',
        ':where(html[data-color-mode="dark"]) .a, :where(html[data-color-mode="dark"]) .b:hover { color: white; }',
        '.c { color: red; }',
      ].join(' '),
    );
  });

  it('leaves other media queries alone, handles nested ones, a light block, and a query with "and"', async () => {
    const css = await processed(`
      @media (min-width: 40rem) { .a { color: black; } }
      @media (prefers-color-scheme: dark) {
        @media (min-width: 40rem) { .a { color: white; } }
      }
      @media (prefers-color-scheme: light) { .l { color: black; } }
      @media (prefers-color-scheme: dark) and (min-width: 60rem) { .w { color: white; } }
    `);
    expect(css).toContain('@media (min-width: 40rem) { .a { color: black; } }');
    expect(css).toContain(
      '@media (min-width: 40rem) { :where(html[data-color-mode="dark"]) .a { color: white; } }',
    );
    expect(css).toContain(
      '@media (min-width: 40rem) { :where(html:not([data-color-mode="light"])) .a { color: white; } }',
    );
    expect(css).toContain(
      '@media (prefers-color-scheme: light) { :where(html:not([data-color-mode="dark"])) .l { color: black; } } :where(html[data-color-mode="light"]) .l { color: black; }',
    );
    expect(css).toContain(
      '@media (min-width: 60rem) { :where(html[data-color-mode="dark"]) .w { color: white; } }',
    );
  });

  it('finds what would keep a stylesheet from answering the switch', async () => {
    expect(
      await switchProblems('@media (prefers-color-scheme: dark) { .prose-html p { color: white; } }'),
    ).toEqual([
      'not conditioned: ".prose-html:where(:not([data-color-mode="light"])) p"',
      'condition off the root: ".prose-html:where([data-color-mode="dark"]) p"',
    ]);
    expect(
      await switchProblems('@media screen, (prefers-color-scheme: dark) { .a { color: white; } }'),
    ).toEqual(['not conditioned: ".a"']);
    expect(
      await switchProblems('@media (prefers-color-scheme: dark) { @keyframes k { from { opacity: 0; } } }'),
    ).toEqual([
      'keyframe selector ":where(html:not([data-color-mode="light"])) from"',
      'keyframe selector ":where(html[data-color-mode="dark"]) from"',
    ]);
    expect(await switchProblems('@keyframes k { from { opacity: 0; } 50.5% { opacity: 1; } }')).toEqual([]);
  });

  it('makes every stylesheet of the portal answer the switch', async () => {
    const files = (await readdir('src', { recursive: true }))
      .filter((file) => file.endsWith('.css'))
      .map((file) => `src/${file}`);
    expect(files.length).toBeGreaterThan(10);
    let schemeQueries = 0;
    for (const file of files) {
      const source = await readFile(file, 'utf8');
      schemeQueries += source.match(/@media[^{]*prefers-color-scheme/g)?.length ?? 0;
      expect(await switchProblems(source, file), file).toEqual([]);
    }
    expect(schemeQueries).toBeGreaterThan(10);
  });

  it('gives the real palette both ways in, and light chosen its own color-scheme', async () => {
    const css = await processed(
      await readFile('src/shared/shell/app.css', 'utf8'),
      'src/shared/shell/app.css',
    );
    expect(css).toMatch(/:root:where\(\[data-color-mode="dark"\]\) \{ color-scheme: dark; --text: #e8edf1;/);
    expect(css).toMatch(
      /@media \(prefers-color-scheme: dark\) \{ :root:where\(:not\(\[data-color-mode="light"\]\)\) \{ color-scheme: dark; --text: #e8edf1;/,
    );
    expect(css).toContain(':root[data-color-mode="light"] { color-scheme: light; }');
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
