/**
 * mulberry32: a small, fast, seeded generator, so a seed replays the same demo data or the same
 * fuzzing run.
 */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    /** `n` random decimal digits. */
    digits: (n: number) => Array.from({ length: n }, () => int(0, 9)).join(''),
  };
}

export type Prng = ReturnType<typeof prng>;
