import { describe, expect, it } from 'vitest';

import { createRandom, hashSeed, pickInt, shuffle } from './seeded-random.ts';

describe('hashSeed', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('hashes %j to the published FNV-1a value', (seed, hash) => {
    expect(hashSeed(seed)).toBe(hash);
  });

  it.each([
    ['é', 0x1e9de8c1],
    ['Mönchengladbach', 0xfecaaad9],
  ])('hashes %j through its UTF-8 bytes', (seed, hash) => {
    expect(hashSeed(seed)).toBe(hash);
  });
});

describe('createRandom', () => {
  it('gives the same sequence for the same seed', () => {
    const a = createRandom('2022-23/E0');
    const b = createRandom('2022-23/E0');
    const first = Array.from({ length: 20 }, () => a());
    expect(Array.from({ length: 20 }, () => b())).toEqual(first);
  });

  it('gives a different sequence for a different seed', () => {
    const a = createRandom('seed-1');
    const b = createRandom('seed-2');
    expect(Array.from({ length: 5 }, () => b())).not.toEqual(Array.from({ length: 5 }, () => a()));
  });

  it('returns floats in [0, 1) spread evenly over the interval', () => {
    const random = createRandom('uniform');
    const buckets = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 10_000; i++) {
      const x = random();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      buckets[Math.floor(x * 10)]! += 1;
    }
    for (const count of buckets) expect(count).toBeGreaterThan(850);
  });
});

describe('pickInt', () => {
  it.each([
    [1, 5],
    [2, 8],
    [0, 0],
    [-3, 3],
  ])('covers every integer from %i to %i and nothing else', (min, max) => {
    const random = createRandom(`pick ${min} ${max}`);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(pickInt(random, min, max));
    expect([...seen].sort((a, b) => a - b)).toEqual(
      Array.from({ length: max - min + 1 }, (_, i) => min + i),
    );
  });

  it.each([
    [5, 1],
    [0.5, 2],
    [0, Number.POSITIVE_INFINITY],
  ])('rejects the range %s..%s', (min, max) => {
    expect(() => pickInt(createRandom('x'), min, max)).toThrow(RangeError);
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves the input untouched', () => {
    const input = Array.from({ length: 30 }, (_, i) => i);
    const output = shuffle(createRandom('perm'), input);
    expect(input).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(output).not.toBe(input);
    expect([...output].sort((a, b) => a - b)).toEqual(input);
    expect(output).not.toEqual(input);
  });

  it('gives the same order for the same seed', () => {
    const input = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(shuffle(createRandom('s'), input)).toEqual(shuffle(createRandom('s'), input));
  });

  it.each([[[]], [['only']]])('returns short arrays %j unchanged', (input) => {
    expect(shuffle(createRandom('short'), input)).toEqual(input);
  });

  it('puts each element first about equally often', () => {
    const random = createRandom('fair');
    const firsts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) firsts[shuffle(random, [0, 1, 2, 3])[0]!]! += 1;
    for (const count of firsts) expect(count).toBeGreaterThan(900);
  });
});
