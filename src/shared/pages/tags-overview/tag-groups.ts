/**
 * The character groups of the tag overview `/tags-overzicht/{char}` (docs/product.md#routes-and-layouts),
 * shared by loader and page (no server code here).
 *
 * A tag belongs to the group of the first letter or digit of its name, with diacritics and
 * ligatures folded to Latin letters (É → E, Ø → O, Æ → A; see tag-groups.server.ts). Digits form
 * ONE group `0-9` (a handful of tags like "3PL" or "5G" do not warrant ten nearly empty pages).
 * Names that start with a letter of another script go to the group `overig` ("#"), which the
 * navigation shows only when it has tags.
 */

/** The group of tags starting with a digit. */
export const DIGITS_KEY = '0-9';
/** The group of tags starting with a character that folds to no Latin letter or digit. */
export const OTHER_KEY = 'overig';
/** The 26 letter groups `a`…`z`. */
export const LETTER_KEYS = Array.from('abcdefghijklmnopqrstuvwxyz');
/** Every group key in display order: digits, A–Z, other. */
export const GROUP_KEYS: readonly string[] = [DIGITS_KEY, ...LETTER_KEYS, OTHER_KEY];

/** A tag with the number of published articles that carry it. */
export interface TagCount {
  name: string;
  slug: string;
  /** Published articles with this tag. */
  count: number;
}

/** One character group with its tags (sorted by name). */
export interface TagGroup {
  key: string;
  tags: TagCount[];
}

/** True for a key of {@link GROUP_KEYS}. */
export function isGroupKey(value: string): boolean {
  return GROUP_KEYS.includes(value);
}

/** The label of a group for people: `A`, `0–9`, `#`. */
export function groupLabel(key: string): string {
  if (key === DIGITS_KEY) return '0–9';
  if (key === OTHER_KEY) return '#';
  return key.toUpperCase();
}
