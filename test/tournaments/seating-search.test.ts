import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seatingCost, seatPlayers } from '../../src/tournaments/seating-search.ts';
import { layout } from '../../src/tournaments/table-layout.ts';

/** The cheapest cost over every seating at tables of `sizes` (in any order), by plain enumeration. */
function cheapest(n: number, sizes: readonly number[], w: Int32Array): number {
  let best = Number.POSITIVE_INFINITY;
  const table: number[][] = sizes.map(() => []);
  const place = (p: number, cost: number) => {
    if (cost >= best) return;
    if (p === n) {
      best = cost;
      return;
    }
    const tried = new Set<string>();
    table.forEach((t, i) => {
      // Two empty tables of one size are the same choice.
      const shape = t.length === 0 ? `empty${sizes[i]}` : `t${i}`;
      if (t.length >= (sizes[i] as number) || tried.has(shape)) return;
      tried.add(shape);
      const added = t.reduce((a, q) => a + (w[p * n + q] as number), 0);
      t.push(p);
      place(p + 1, cost + added);
      t.pop();
    });
  };
  place(0, 0);
  return best;
}

const problem = fc
  .record({ n: fc.integer({ min: 2, max: 10 }), k: fc.integer({ min: 2, max: 5 }) })
  .chain(({ n, k }) =>
    fc.tuple(
      fc.constant(n),
      fc.constant(k),
      fc.array(fc.integer({ min: 0, max: 3 }), {
        minLength: (n * (n - 1)) / 2,
        maxLength: (n * (n - 1)) / 2,
      }),
    ),
  );

function weights(n: number, upper: readonly number[]): Int32Array {
  const w = new Int32Array(n * n);
  let k = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const x = upper[k++] as number;
      w[i * n + j] = x;
      w[j * n + i] = x;
    }
  return w;
}

describe('the seating search', () => {
  it('finds the cheapest seating (against plain enumeration) and says so', () => {
    fc.assert(
      fc.property(problem, ([entrants, k, upper]) => {
        // Those the layout seats (an odd number at two seats leaves one out).
        const { sizes } = layout(entrants, k, 2);
        const n = sizes.reduce((a, b) => a + b, 0);
        const w = weights(n, upper);
        const s = seatPlayers({ count: n, sizes, weight: w });
        expect(s.optimal).toBe(true);
        expect(s.cost).toBe(cheapest(n, sizes, w));
        expect(s.cost).toBe(seatingCost(n, w, s.tables));
        expect(s.tables.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(s.tables.map((t) => t.length).sort((a, b) => b - a)).toEqual([...sizes]);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('with no budget left, still seats everyone at the right tables (greedy and swaps), marked not optimal', () => {
    fc.assert(
      fc.property(problem, ([entrants, k, upper]) => {
        // Those the layout seats (an odd number at two seats leaves one out).
        const { sizes } = layout(entrants, k, 2);
        const n = sizes.reduce((a, b) => a + b, 0);
        const w = weights(n, upper);
        const s = seatPlayers({ count: n, sizes, weight: w }, 1);
        expect(s.optimal).toBe(false);
        expect(s.cost).toBe(seatingCost(n, w, s.tables));
        expect(s.tables.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(s.tables.map((t) => t.length).sort((a, b) => b - a)).toEqual([...sizes]);
      }),
      { numRuns: 100, seed: 8 },
    );
  });

  it('among the cheapest seatings, the best players sit together', () => {
    // Nobody has met: the first table is players 0–3, the next 4–6 and 7–9 (10 at four seats).
    const n = 10;
    const s = seatPlayers({ count: n, sizes: [4, 3, 3], weight: new Int32Array(n * n) });
    expect(s.tables).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    // 0 and 1 met: 0 sits with 2, 3, 4, and 1 leads the next table.
    const w = new Int32Array(n * n);
    w[1] = 1;
    w[n] = 1;
    expect(seatPlayers({ count: n, sizes: [4, 3, 3], weight: w }).tables).toEqual([
      [0, 2, 3, 4],
      [1, 5, 6],
      [7, 8, 9],
    ]);
  });
});
