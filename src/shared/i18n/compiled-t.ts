/**
 * A precompiled translate function for one locale: the common calls of the portal's views (a key,
 * maybe `{{name}}` values, maybe `count`) answered from the translation tree directly, each string
 * split into its literal parts and variables once; every other call goes to i18next's own `t`.
 *
 * Why (docs/decisions/068-render-cost-against-a-floor.md): i18next's `t()` resolves, extends,
 * interpolates with regular expressions and checks nesting and post-processors on every call, for
 * every string of every page: about 7% of a page render's CPU. The fast path gives the same string
 * as i18next for the calls it takes, with this project's settings (`escapeValue: false`, no
 * nesting, `{{` `}}` delimiters, plural suffixes from `Intl.PluralRules`, `_zero` for a count of 0
 * when the key has one, fallback to the default locale), which tests/unit/compiled-t.test.ts checks
 * for every key of every locale.
 */
import type { Resource, TFunction } from 'i18next';

type Tree = { [key: string]: unknown };

/** A string split into literal parts (even indexes) and variable names (odd indexes). */
type Template = string[];

/** Options that change what i18next looks up or returns: such calls always go to i18next. */
const RESERVED = new Set([
  'context',
  'defaultValue',
  'fallbackLng',
  'interpolation',
  'joinArrays',
  'keyPrefix',
  'keySeparator',
  'lng',
  'lngs',
  'ns',
  'nsSeparator',
  'ordinal',
  'postProcess',
  'replace',
  'returnDetails',
  'returnObjects',
  'skipInterpolation',
]);
const VARIABLE_NAME = /^[A-Za-z_$][\w$]*$/;
const PLACEHOLDER = /{{\s*([^{}]*?)\s*}}/g;

/** The value at a dotted `key` in `tree`, or undefined. */
function lookUp(tree: Tree | undefined, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/**
 * Splits a translation into literal parts and variable names; null when it uses anything beyond
 * plain `{{name}}` (nesting `$t(…)`, formats `{{x, number}}`, unescaped `{{- x}}`, dotted paths).
 */
export function compileTemplate(text: string): Template | null {
  if (text.includes('$t(')) return null;
  const parts: Template = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    if (!VARIABLE_NAME.test(name)) return null;
    parts.push(text.slice(last, match.index), name);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * The translate function of `locale` over `resources` (i18next's resource shape, namespace
 * `translation`), falling back to `defaultLocale`'s strings like i18next's `fallbackLng`.
 * @param fallback i18next's fixed `t` for the same locale: answers every call the fast path does not take
 * @returns a function with `t`'s signature and results
 */
export function createCompiledT(
  resources: Resource,
  locale: string,
  defaultLocale: string,
  fallback: TFunction,
): TFunction {
  const trees = [...new Set([locale, defaultLocale])].map(
    (code) => resources[code]?.translation as Tree | undefined,
  );
  const plurals = [...new Set([locale, defaultLocale])].map((code) => new Intl.PluralRules(code));
  /** Resolved template per key (and count form), null where i18next must answer. */
  const cache = new Map<string, Template | null>();

  /** The template of the first string found for `keys` in the locale, then the default locale. */
  function resolve(cacheKey: string, keysPerCode: string[][]): Template | null {
    let template = cache.get(cacheKey);
    if (template !== undefined) return template;
    template = null;
    search: for (let i = 0; i < trees.length; i++) {
      for (const key of keysPerCode[i]!) {
        const value = lookUp(trees[i], key);
        if (value === undefined || value === null) continue;
        template = typeof value === 'string' ? compileTemplate(value) : null;
        break search;
      }
    }
    cache.set(cacheKey, template);
    return template;
  }

  const t = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== 'string' || key.includes(':') || rest.length > 0) return call(key, options, rest);
    let values: Record<string, unknown> | undefined;
    if (options !== undefined) {
      if (typeof options !== 'object' || options === null || Array.isArray(options)) {
        return call(key, options, rest);
      }
      values = options as Record<string, unknown>;
      for (const name in values) if (RESERVED.has(name)) return call(key, options, rest);
    }
    const count = values?.count;
    let template: Template | null;
    if (count === undefined) {
      template = resolve(
        key,
        trees.map(() => [key]),
      );
    } else {
      if (typeof count !== 'number' || !Number.isFinite(count)) return call(key, options, rest);
      // i18next's order: `_zero` for 0, then the locale's plural form, then the bare key.
      const keysPerCode = plurals.map((rules) => [
        ...(count === 0 ? [`${key}_zero`] : []),
        `${key}_${rules.select(count)}`,
        key,
      ]);
      template = resolve(
        `${key}\u0000${keysPerCode.map((keys) => keys.join('|')).join('\u0000')}`,
        keysPerCode,
      );
    }
    if (template === null) return call(key, options, rest);
    if (template.length === 1) return template[0];
    let out = template[0]!;
    for (let i = 1; i < template.length; i += 2) {
      const value = values?.[template[i]!];
      if (typeof value === 'string') out += value;
      else if (typeof value === 'number' && Number.isFinite(value)) out += String(value);
      // A missing or unusual value: i18next decides (it keeps the placeholder, or formats it).
      else return call(key, options, rest);
      out += template[i + 1]!;
    }
    return out;
  };

  function call(key: unknown, options: unknown, rest: unknown[]): unknown {
    return (fallback as unknown as (...args: unknown[]) => unknown)(key, options, ...rest);
  }

  return t as unknown as TFunction;
}
