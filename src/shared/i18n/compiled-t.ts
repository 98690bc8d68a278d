/**
 * The portal's translate function: i18next's `t()` for the calls the portal makes, in a few hundred
 * bytes, with each string split into its literal parts and variables once.
 *
 * Why (docs/decisions/072-translations-per-route.md, docs/decisions/068-render-cost-against-a-floor.md):
 * i18next and react-i18next cost every page about 19 KB of gzip in the browser, and i18next's `t()`
 * resolves, extends, interpolates with regular expressions and checks nesting and post-processors on
 * every call (about 7% of a page render's CPU on the server). This module gives i18next's answer,
 * with this project's settings (`escapeValue: false`, no nesting, `{{` `}}` delimiters, plural
 * suffixes from `Intl.PluralRules`, `_zero` for a count of 0 when the key has one, fallback to the
 * default locale, `returnNull: false`), for:
 * - a dotted key; `{{name}}` and `{{- name}}` values (also dotted paths into the values), a missing
 *   value keeps its placeholder, a value given as `undefined` writes nothing (i18next 26);
 * - `count`: `key_zero` (count 0), `key_<Intl.PluralRules form>`, then `key`, per locale in turn;
 * - `defaultValue` (also `defaultValue_<form>` and `defaultValue_zero`) when no locale has the key;
 * - `lng`: another locale's texts (when loaded);
 * - `returnObjects`: a group of keys as an object whose texts are interpolated.
 * A missing key returns the key, as i18next does, and is reported to `onMissing` (the browser
 * writes it to the console, so the end-to-end tests fail on a page whose texts were not loaded).
 * Asking for a group without `returnObjects` returns the key as well (i18next 26 returns a sentence
 * about it and announces the key for version 27). Formats (`{{x, number}}`), nesting (`$t(…)`),
 * context and ordinal plurals are not supported: tests/unit/translations.test.ts fails when a
 * translation file uses them, and tests/unit/compiled-t.test.ts compares the answers with i18next.
 */

/** A translation tree: keys to texts or nested trees. */
export type TranslationTree = { [key: string]: string | TranslationTree };

/** Options of a `t()` call: values for `{{name}}`, and the options named below. */
export interface TOptions {
  [value: string]: unknown;
  count?: number;
  defaultValue?: string;
  lng?: string;
  returnObjects?: boolean;
}

/** `t(key, options)`: the text (or, with `returnObjects`, the text or group of texts). */
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

/** A string split into literal parts (even indexes) and variables (odd indexes). */
type Template = readonly string[];

/** i18next's placeholders: `{{- name}}` (unescaped, first) and `{{name}}`. */
const UNESCAPED = /{{-(.+?)}}/g;
const PLACEHOLDER = /{{(.+?)}}/g;

/** The value at a dotted `key` in `tree`, or undefined. */
function lookUp(tree: unknown, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/**
 * Splits a translation into literal parts and variable names (trimmed, as i18next trims them);
 * a variable written `{{- name}}` is marked with a leading `-`.
 */
export function compileTemplate(text: string): Template {
  const found: { index: number; length: number; name: string }[] = [];
  for (const match of text.matchAll(UNESCAPED)) {
    found.push({ index: match.index, length: match[0].length, name: `-${match[1]!.trim()}` });
  }
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (found.some((other) => match.index >= other.index && match.index < other.index + other.length))
      continue;
    if (match[1]!.startsWith('-')) continue;
    found.push({ index: match.index, length: match[0].length, name: match[1]!.trim() });
  }
  found.sort((a, b) => a.index - b.index);
  const parts: string[] = [];
  let last = 0;
  for (const { index, length, name } of found) {
    parts.push(text.slice(last, index), name);
    last = index + length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** i18next's `makeString`: null and undefined as '', anything else through `String()`. */
function makeString(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Fills a template from `values` as i18next's interpolator does (escaping is off). */
function fill(template: Template, values: TOptions | undefined): string {
  if (template.length === 1) return template[0]!;
  let out = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const marked = template[i]!;
    const name = marked.startsWith('-') ? marked.slice(1).trim() : marked;
    const value = values ? (Object.hasOwn(values, name) ? values[name] : lookUp(values, name)) : undefined;
    if (value !== undefined) out += makeString(value);
    else if (values && Object.hasOwn(values, name)) out += '';
    else out += marked.startsWith('-') ? `{{${marked}}}` : `{{${name}}}`;
    out += template[i + 1]!;
  }
  return out;
}

/** Where the texts come from: a locale's tree (live: files may be added later), or undefined. */
export type TreeSource = (locale: string) => TranslationTree | undefined;

/**
 * The translate function of `locale`, falling back to `defaultLocale`'s texts like i18next's
 * `fallbackLng`.
 * @param trees the loaded texts per locale (read at every call that misses the cache)
 * @param onMissing told of a key no locale has (and no `defaultValue` covers)
 * @returns `t` with i18next's results for the calls described above
 */
export function createCompiledT(
  trees: TreeSource,
  locale: string,
  defaultLocale: string,
  onMissing: (key: string, locale: string) => void = () => {},
): TFunction {
  /** Templates found in `locale`'s own texts, by {@link cacheKeyOf} (misses and fallbacks are not kept). */
  const cache = new Map<string, Template>();
  const plurals = new Map<string, Intl.PluralRules>();
  const pluralRules = (code: string) => {
    let rules = plurals.get(code);
    if (!rules) {
      rules = new Intl.PluralRules(code);
      plurals.set(code, rules);
    }
    return rules;
  };

  /**
   * The value of the first key found, per code in turn (i18next's `resolve`), and the code it was
   * found in.
   */
  function resolve(
    key: string,
    codes: readonly string[],
    count: number | undefined,
  ): { value: unknown; code?: string } {
    for (const code of codes) {
      const tree = trees(code);
      if (!tree) continue;
      if (count !== undefined) {
        if (count === 0) {
          const zero = lookUp(tree, `${key}_zero`);
          if (zero !== undefined && zero !== null) return { value: zero, code };
        }
        const form = lookUp(tree, `${key}_${pluralRules(code).select(count)}`);
        if (form !== undefined && form !== null) return { value: form, code };
      }
      const value = lookUp(tree, key);
      if (value !== undefined && value !== null) return { value, code };
    }
    return { value: undefined };
  }

  /**
   * The cache key of a call in the translator's own locale: the key, and for a count the plural
   * form it selects (and whether it is 0, which may pick `_zero`): calls with the same cache key
   * resolve to the same text.
   */
  function cacheKeyOf(key: string, count: number | undefined): string {
    if (count === undefined) return key;
    return `${key}\u0000${count === 0 ? 'zero\u0000' : ''}${pluralRules(locale).select(count)}`;
  }

  /** A group of texts with every text interpolated (i18next's `returnObjects`). */
  function fillTree(value: unknown, values: TOptions | undefined): unknown {
    if (typeof value === 'string') return fill(compileTemplate(value), values);
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = Array.isArray(value)
      ? ([] as unknown as Record<string, unknown>)
      : {};
    for (const [name, child] of Object.entries(value)) copy[name] = fillTree(child, values);
    return copy;
  }

  const t = (key: string, options?: TOptions): unknown => {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    const lng = typeof options?.lng === 'string' ? options.lng : locale;
    const cacheKey = lng === locale ? cacheKeyOf(key, count) : undefined;
    if (cacheKey !== undefined) {
      const cached = cache.get(cacheKey);
      if (cached) return fill(cached, options);
    }
    const codes = lng === defaultLocale ? [lng] : [lng, defaultLocale];
    const { value, code } = resolve(key, codes, count);
    if (typeof value === 'string') {
      const template = compileTemplate(value);
      // Only texts of the locale's own files: a fallback may be replaced when a file loads later.
      if (cacheKey !== undefined && code === locale) cache.set(cacheKey, template);
      return fill(template, options);
    }
    if (value !== undefined && typeof value !== 'string') {
      return options?.returnObjects ? fillTree(value, options) : key;
    }
    const form = count === undefined ? undefined : pluralRules(lng).select(count);
    // The first non-empty one, as i18next picks it.
    const fallback =
      (count === 0 && options?.defaultValue_zero) ||
      (form && options?.[`defaultValue_${form}`]) ||
      options?.defaultValue;
    if (typeof fallback === 'string') return fill(compileTemplate(fallback), options);
    onMissing(key, lng);
    return key;
  };
  return t as TFunction;
}

/** Whether `key` names a text or group in `locale`'s texts or the default locale's (i18next's `exists`). */
export function hasKey(trees: TreeSource, key: string, locale: string, defaultLocale: string): boolean {
  const codes = locale === defaultLocale ? [locale] : [locale, defaultLocale];
  return codes.some((code) => {
    const value = lookUp(trees(code), key);
    return value !== undefined && value !== null;
  });
}
