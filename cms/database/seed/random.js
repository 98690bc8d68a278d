/**
 * Small deterministic pseudo-random generator (mulberry32) with helpers, so the demo seed
 * produces the same content on every fresh database.
 */

/**
 * Create a seeded random source.
 * @param {number} seed 32-bit integer seed.
 * @returns {{
 *   next: () => number,
 *   int: (min: number, max: number) => number,
 *   pick: <T>(items: T[]) => T,
 *   pickMany: <T>(items: T[], count: number) => T[],
 *   shuffle: <T>(items: T[]) => T[],
 *   chance: (probability: number) => boolean
 * }} Random helpers; `int` is inclusive on both ends.
 */
function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (items) => items[Math.floor(next() * items.length)];
  const shuffle = (items) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  const pickMany = (items, count) => shuffle(items).slice(0, Math.min(count, items.length));
  const chance = (probability) => next() < probability;
  return { next, int, pick, pickMany, shuffle, chance };
}

module.exports = { createRandom };
