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
