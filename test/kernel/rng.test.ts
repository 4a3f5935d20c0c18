import { describe, expect, it } from 'vitest';
import { nextInt, seedRng, shuffleInPlace } from '../../src/games/kernel/rng.ts';

describe('seeded rng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = seedRng('scarab');
    const b = seedRng('scarab');
    const c = seedRng('scarab!');
    const seqA = Array.from({ length: 20 }, () => nextInt(a, 1000));
    const seqB = Array.from({ length: 20 }, () => nextInt(b, 1000));
    const seqC = Array.from({ length: 20 }, () => nextInt(c, 1000));
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('survives a JSON round trip mid-sequence', () => {
    const s = seedRng('42');
    nextInt(s, 10);
    const copy = JSON.parse(JSON.stringify(s));
    expect(nextInt(copy, 1_000_000)).toBe(nextInt(s, 1_000_000));
  });

  it('is roughly uniform and stays in range', () => {
    const s = seedRng('uniform');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[nextInt(s, 6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it('shuffles into a permutation', () => {
    const s = seedRng('perm');
    const items = Array.from({ length: 50 }, (_, i) => i);
    shuffleInPlace(s, items);
    expect([...items].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(items).not.toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('refuses a bound that is not a positive integer', () => {
    expect(() => nextInt(seedRng('x'), 0)).toThrow(/bad bound/);
  });
});
