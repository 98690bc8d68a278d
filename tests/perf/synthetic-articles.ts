/**
 * Shared by the search-at-scale benchmarks (search-scale.perf.ts, search-postgres.perf.ts;
 * docs/decisions/058-search-at-scale.md): a seeded random generator, so every run writes the same
 * text, and the Dutch vocabulary of the demo seed's articles.
 */
import { readFileSync } from 'node:fs';

/**
 * A small seeded generator (mulberry32).
 * @param seed any 32-bit integer
 * @returns a function giving numbers in [0, 1)
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The distinct Dutch words (3 letters or more) of the demo seed's article texts. */
export function vocabulary(): string[] {
  const text = readFileSync('cms/database/seed/data/article-families.json', 'utf8');
  return [...new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])];
}

/**
 * 200 benchmark queries in five kinds, in turn: a title word, its first letters (prefix), the word
 * with two letters swapped (a typo), the word plus a random word, and a word found nowhere.
 * @param titles the indexed titles to take words from
 * @param next the seeded generator ({@link random})
 * @param pick a random vocabulary word
 */
export function queryMix(titles: readonly string[], next: () => number, pick: () => string): string[] {
  return Array.from({ length: 200 }, (_, i) => {
    const title = titles[Math.floor(next() * titles.length)] ?? 'logistiek';
    const titleWord = title.split(' ')[Math.floor(next() * 8)] ?? 'logistiek';
    switch (i % 5) {
      case 0:
        return titleWord;
      case 1:
        return titleWord.slice(0, Math.max(3, titleWord.length - 3));
      case 2:
        return titleWord.length > 5
          ? `${titleWord.slice(0, 2)}${titleWord[3]}${titleWord[2]}${titleWord.slice(4)}`
          : titleWord;
      case 3:
        return `${titleWord} ${pick()}`;
      default:
        return `zzqx${i}`;
    }
  });
}

/**
 * A Zipf-distributed word source (s = 1: the word of rank r is drawn with probability ∝ 1/r), as
 * word frequencies in real news text: the vocabulary of {@link vocabulary}, ranked by how often each
 * word occurs in the demo seed's article texts (so the Dutch function words `de`, `het`, `van` lead,
 * then the portal's subject words `logistiek`, `pakketten` …).
 * @param next the seeded generator ({@link random})
 * @returns a function giving one word per call
 */
export function zipfPicker(next: () => number): () => string {
  const text = readFileSync('cms/database/seed/data/article-families.json', 'utf8');
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) {
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => word);
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= ranked.length; rank += 1) {
    sum += 1 / rank;
    cumulative.push(sum);
  }
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return ranked[low] ?? 'logistiek';
  };
}
