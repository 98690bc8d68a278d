/**
 * Merges a locale's translation files (`locales/<locale>/<feature>.json`) into the one
 * `translation` namespace of that locale, so features add a file instead of editing a shared one.
 */

import type { TranslationTree } from './compiled-t.ts';

export type { TranslationTree };

/** Deep-merges `source` into `target`. @throws Error when two files define the same key. */
function merge(target: TranslationTree, source: TranslationTree, file: string, prefix = ''): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && (existing === undefined || typeof existing === 'object')) {
      target[key] = existing ?? {};
      merge(target[key] as TranslationTree, value, file, `${prefix}${key}.`);
    } else if (existing !== undefined) {
      throw new Error(`Translation key ${prefix}${key} is defined twice (again in ${file})`);
    } else {
      target[key] = value;
    }
  }
}

/**
 * One locale's namespace from its files.
 * @param files file path → parsed JSON, as Vite's `import.meta.glob` returns them
 * @throws Error when two files define the same key
 */
export function mergeTranslations(files: Record<string, TranslationTree>): TranslationTree {
  const translation: TranslationTree = {};
  for (const [file, tree] of Object.entries(files)) merge(translation, tree, file);
  return translation;
}
