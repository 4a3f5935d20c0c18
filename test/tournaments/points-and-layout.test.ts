import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byePoints,
  isCompetitionRanking,
  POINT,
  tablePoints,
} from '../../src/tournaments/placement-points.ts';
import { defaultMinTableSize, layout } from '../../src/tournaments/table-layout.ts';

describe('placement points', () => {
  it('four seats: +6 / +5 / +3 / +1 (the issue’s BGA table); a win is 6 and last is 1 at every size', () => {
    expect(tablePoints([1, 2, 3, 4])).toEqual([6, 5, 3, 1].map((p) => p * POINT));
    expect(tablePoints([2, 1])).toEqual([1 * POINT, 6 * POINT]);
    for (let n = 2; n <= 6; n++) {
      const pts = tablePoints(Array.from({ length: n }, (_, i) => i + 1));
      expect([pts[0], pts.at(-1)]).toEqual([6 * POINT, 1 * POINT]);
      // Strictly better places earn strictly more.
      for (let i = 1; i < n; i++) expect(pts[i]).toBeLessThan(pts[i - 1] as number);
    }
  });

  it('shared places share the points of the places they cover, exactly (sixtieths)', () => {
    // Two share first at four seats: (6 + 5) / 2 each.
    expect(tablePoints([1, 1, 3, 4])).toEqual([330, 330, 180, 60]);
    // Three share second at four: (5 + 3 + 1) / 3 = 3 each.
    expect(tablePoints([1, 2, 2, 2])).toEqual([360, 180, 180, 180]);
    // Everyone shares at six: 21 / 6 = 3.5 each.
    expect(tablePoints([1, 1, 1, 1, 1, 1])).toEqual(Array(6).fill(210));
  });

  it('a table hands out the same total whatever the ties (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((n) => fc.array(fc.boolean(), { minLength: n - 1, maxLength: n - 1 })),
        (ties) => {
          const places = [1];
          ties.forEach((tie, i) => {
            places.push(tie ? (places[i] as number) : i + 2);
          });
          const pts = tablePoints(places);
          const full = tablePoints(places.map((_, i) => i + 1));
          expect(pts.reduce((a, b) => a + b, 0)).toBe(full.reduce((a, b) => a + b, 0));
          for (const p of pts) expect(Number.isInteger(p)).toBe(true);
        },
      ),
    );
  });

  it('a bye is worth a full table’s average seat: 3¾ at four seats, 3½ at two', () => {
    expect(byePoints(4)).toBe(3.75 * POINT);
    expect(byePoints(2)).toBe(3.5 * POINT);
    for (let n = 2; n <= 6; n++) expect(Number.isInteger(byePoints(n))).toBe(true);
  });

  it('only competition rankings are places', () => {
    expect(isCompetitionRanking([1, 1, 3])).toBe(true);
    expect(isCompetitionRanking([3, 1, 1])).toBe(true);
    expect(isCompetitionRanking([1, 1, 2])).toBe(false);
    expect(isCompetitionRanking([0, 1])).toBe(false);
    expect(isCompetitionRanking([1, 2.5])).toBe(false);
    expect(() => tablePoints([1, 1, 2])).toThrow(/not a ranking/);
  });
});

describe('table layout', () => {
  it('10 at four seats is 4 + 3 + 3; 5 at four (at least 3) is one table of 4 and a bye; 9 at six is 5 + 4', () => {
    expect(layout(10, 4, 3)).toEqual({ sizes: [4, 3, 3], byes: 0 });
    expect(layout(5, 4, 3)).toEqual({ sizes: [4], byes: 1 });
    expect(layout(9, 6, defaultMinTableSize(6))).toEqual({ sizes: [5, 4], byes: 0 });
    expect(layout(7, 2, 2)).toEqual({ sizes: [2, 2, 2], byes: 1 });
    expect(layout(2, 4, 3)).toEqual({ sizes: [], byes: 2 });
    expect([2, 3, 4, 5, 6].map(defaultMinTableSize)).toEqual([2, 2, 3, 3, 4]);
  });

  it('the fewest byes, then the fewest tables, sizes one apart at most (checked against every split)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 2, max: 6 }),
        (n, max, m) => {
          const min = Math.min(m, max);
          const got = layout(n, max, min);
          // Every multiset of sizes in [min, max] by brute force: the least left over, then the fewest tables.
          let best = { byes: n, tables: 0 };
          const walk = (left: number, tables: number, smallest: number) => {
            if (left < best.byes || (left === best.byes && tables < best.tables))
              best = { byes: left, tables };
            for (let s = smallest; s <= max && s <= left; s++) walk(left - s, tables + 1, s);
          };
          walk(n, 0, min);
          expect(got.byes).toBe(best.byes);
          expect(got.sizes.length).toBe(best.tables);
          expect(got.sizes.reduce((a, b) => a + b, 0) + got.byes).toBe(n);
          if (got.sizes.length > 0) {
            expect(Math.max(...got.sizes) - Math.min(...got.sizes)).toBeLessThanOrEqual(1);
            expect(Math.min(...got.sizes)).toBeGreaterThanOrEqual(min);
            expect(Math.max(...got.sizes)).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });
});
