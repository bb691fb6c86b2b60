/** A source of floats in [0, 1), like Math.random but passed in. */
export type Random = () => number;

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a 32-bit hash of the seed's UTF-8 bytes, as an unsigned integer. */
export function hashSeed(seed: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(seed)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** A deterministic random source (mulberry32) seeded with the FNV-1a hash of the seed. */
export function createRandom(seed: string): Random {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random integer between min and max, both included. */
export function pickInt(random: Random, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`pickInt: bad range ${min}..${max}`);
  }
  return min + Math.floor(random() * (max - min + 1));
}

/** A shuffled copy of the array (Fisher–Yates); the input is left untouched. */
export function shuffle<T>(random: Random, array: readonly T[]): T[] {
  const result = [...array];
  for (let i = result.length - 1; i > 0; i--) {
    const j = pickInt(random, 0, i);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
