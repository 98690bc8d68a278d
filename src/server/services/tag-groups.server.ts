/**
 * Sorting tags into the character groups of tag-groups.ts. Folding uses
 * @sindresorhus/transliterate (Unicode → Latin: É → E, Ø → O, Æ → AE, ß → ss), so the rule is a
 * maintained table rather than our own; it runs on the server only (it is not sent to browsers).
 */
import transliterate from '@sindresorhus/transliterate';
import {
  DIGITS_KEY,
  GROUP_KEYS,
  OTHER_KEY,
  type TagCount,
  type TagGroup,
} from '../../shared/pages/tags-overview/tag-groups.ts';

const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * The group key of a tag name: its first letter or digit (any script), folded to Latin and lower
 * case; `0-9` for a digit, `overig` when it folds to nothing in a–z or 0–9 (or the name has no
 * letter or digit at all). Leading punctuation is skipped (`'s-Hertogenbosch` → `s`).
 */
export function groupKeyOf(name: string): string {
  const first = /[\p{L}\p{N}]/u.exec(name)?.[0];
  if (!first) return OTHER_KEY;
  const folded = transliterate(first).toLowerCase().charAt(0);
  if (folded >= 'a' && folded <= 'z') return folded;
  if (folded >= '0' && folded <= '9') return DIGITS_KEY;
  return OTHER_KEY;
}

/**
 * Groups tags by {@link groupKeyOf}: only groups with tags, in {@link GROUP_KEYS} order, tags
 * sorted by name (Dutch collation, case and accents ignored, numbers by value).
 */
export function groupTags(tags: readonly TagCount[]): TagGroup[] {
  const byKey = new Map<string, TagCount[]>();
  for (const tag of tags) {
    const key = groupKeyOf(tag.name);
    const list = byKey.get(key);
    if (list) list.push(tag);
    else byKey.set(key, [tag]);
  }
  return GROUP_KEYS.flatMap((key) => {
    const list = byKey.get(key);
    return list ? [{ key, tags: [...list].sort((a, b) => collator.compare(a.name, b.name)) }] : [];
  });
}
