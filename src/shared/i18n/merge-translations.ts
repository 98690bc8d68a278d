/**
 * Merges a locale's translation files (`locales/<locale>/<feature>.json`) into the one
 * `translation` namespace of that locale, so features add a file instead of editing a shared one.
 */

import type { TranslationTree } from './compiled-t.ts';

export type { TranslationTree };

/**
 * Deep-merges `source` into `target`; with `dryRun` only checks that it can.
 * @throws Error when two files define the same key
 */
function merge(
  target: TranslationTree,
  source: TranslationTree,
  file: string,
  dryRun: boolean,
  prefix = '',
): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && (existing === undefined || typeof existing === 'object')) {
      if (dryRun && existing === undefined) continue;
      if (!dryRun) target[key] = existing ?? {};
      merge(target[key] as TranslationTree, value, file, dryRun, `${prefix}${key}.`);
    } else if (existing !== undefined) {
      throw new Error(`Translation key ${prefix}${key} is defined twice (again in ${file})`);
    } else if (!dryRun) {
      target[key] = value;
    }
  }
}

/**
 * One locale's namespace from its files.
 * @param files file path → parsed JSON, as Vite's `import.meta.glob` returns them (not changed)
 * @param into the namespace to add them to (changed in place, and only when no key clashes;
 *   default a new one): adding a file to a loaded locale then costs that file, not the whole tree
 * @returns `into`, or the new namespace
 * @throws Error when two files define the same key (then `into` is unchanged)
 */
export function mergeTranslations(
  files: Record<string, TranslationTree>,
  into?: TranslationTree,
): TranslationTree {
  const merged: TranslationTree = {};
  for (const [file, tree] of Object.entries(files)) merge(merged, tree, file, false);
  if (!into) return merged;
  const names = Object.keys(files).join(', ');
  merge(into, merged, names, true);
  merge(into, merged, names, false);
  return into;
}
