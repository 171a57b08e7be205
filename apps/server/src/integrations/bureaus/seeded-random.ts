import { createHash } from 'node:crypto';

/**
 * A seeded pseudo-random generator (sfc32) for the sandbox bureaus: the same seed text always gives the same
 * sequence, on every machine and Node version (integer arithmetic only; no Math.random).
 */
export type SeededRandom = {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item chosen with probability proportional to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A string of n decimal digits. */
  digits(n: number): string;
};

export const seededRandom = (seedText: string): SeededRandom => {
  const hash = createHash('sha256').update(seedText).digest();
  let a = hash.readUInt32BE(0);
  let b = hash.readUInt32BE(4);
  let c = hash.readUInt32BE(8);
  let d = hash.readUInt32BE(12);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  // Warm up so that close seeds diverge.
  for (let i = 0; i < 12; i += 1) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return pick(items)[0];
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
  };
};
