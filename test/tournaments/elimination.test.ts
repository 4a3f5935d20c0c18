import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { seeded } from '../../src/tournaments/elimination.ts';
import type { Round, Tournament } from '../../src/tournaments/model.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { layout } from '../../src/tournaments/table-layout.ts';
import { HOUR, playRound, started, T0 } from './helpers.ts';

/** Who goes on from `round`, computed here from the places: the best `advance` of each table by place, then seed. */
function goOn(t: Tournament, round: Round): string[] {
  const seeds = seeded(
    t,
    t.entrants.map((e) => e.userId),
  );
  const on = [...round.byes];
  for (const table of round.tables) {
    const places = round.results[table.id]?.places ?? [];
    const best = [...places].sort(
      (a, b) => a.place - b.place || seeds.indexOf(a.userId) - seeds.indexOf(b.userId),
    );
    on.push(...best.slice(0, t.settings.advance).map((p) => p.userId));
  }
  return on;
}

function playOut(t0: Tournament, seed: string): Tournament {
  let t = t0;
  const rng = seedRng(seed);
  for (let guard = 0; t.status === 'running'; guard++) {
    expect(guard).toBeLessThan(20);
    t = playRound(t, rng, T0 + (guard + 3) * 24 * HOUR);
  }
  return t;
}

describe('elimination at multi-seat tables', () => {
  it('16 at four seats, the winner of each table goes on: 4 tables snake-seeded, then a final of 4; standings by round reached', () => {
    const t0 = started(16, { format: 'elimination', tableSize: 4, advance: 1 }, 'el16');
    const seeds = seeded(
      t0,
      t0.entrants.map((e) => e.userId),
    );
    const first = t0.rounds[0] as Round;
    expect(first.tables.map((x) => x.seats.length)).toEqual([4, 4, 4, 4]);
    // Snake: table 1 holds seeds 1, 8, 9 and 16.
    const seedsAt = (i: number) =>
      (first.tables[i]?.seats ?? []).map((u) => seeds.indexOf(u) + 1).sort((a, b) => a - b);
    expect([seedsAt(0), seedsAt(1), seedsAt(2), seedsAt(3)]).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    const t = playOut(t0, 'el16');
    expect(t.status).toBe('finished');
    expect(t.rounds).toHaveLength(2);
    const final = t.rounds[1] as Round;
    expect([...(final.tables[0]?.seats ?? [])].sort()).toEqual(goOn(t, t.rounds[0] as Round).sort());
    const rows = standings(t);
    const finalResult = final.results[final.tables[0]?.id ?? ''];
    // The final's places are the top four places; the rest share by their place at their table.
    for (const p of finalResult?.places ?? [])
      expect(rows.find((r) => r.userId === p.userId)?.place).toBe(p.place);
    const out = rows.filter((r) => r.reached === 1);
    expect(out).toHaveLength(12);
    for (const r of out) expect(r.place).toBe(5 + out.filter((o) => o.lastPlace < r.lastPlace).length);
  });

  it('16 at four seats, two go on: 4 tables, then 2, then the final', () => {
    const t = playOut(
      started(16, { format: 'elimination', tableSize: 4, minTableSize: 3, advance: 2 }, 'el16b'),
      'b',
    );
    expect(t.rounds.map((r) => r.tables.length)).toEqual([4, 2, 1]);
  });

  it('random brackets (2–80 entrants, tables of 2–6): everyone still in plays once a round, the top seeds take the byes, the bracket ends in one final table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 80 }),
        fc.integer({ min: 2, max: 6 }).chain((k) => fc.tuple(fc.constant(k), fc.integer({ min: 2, max: k }))),
        fc.string({ maxLength: 6 }),
        (n, [k, min], seed) => {
          const advance = Math.max(1, Math.min(2, min - 1));
          let t = started(n, { format: 'elimination', tableSize: k, minTableSize: min, advance }, seed);
          const rng = seedRng(seed);
          let alive = t.entrants.map((e) => e.userId);
          for (let guard = 0; t.status === 'running'; guard++) {
            expect(guard).toBeLessThan(40);
            const round = t.rounds.at(-1) as Round;
            const seatedNow = [...round.tables.flatMap((x) => x.seats), ...round.byes];
            expect(seatedNow.sort()).toEqual([...alive].sort());
            if (alive.length <= k) expect([round.tables.length, round.byes.length]).toEqual([1, 0]);
            else {
              const { sizes, byes } = layout(alive.length, k, min);
              expect(round.tables.map((x) => x.seats.length)).toEqual(sizes);
              expect([...round.byes].sort()).toEqual(seeded(t, alive).slice(0, byes).sort());
            }
            t = playRound(t, rng, T0 + (guard + 3) * 24 * HOUR);
            alive = goOn(t, t.rounds[t.rounds.length - (t.status === 'running' ? 2 : 1)] as Round);
          }
          expect(t.status).toBe('finished');
          const last = t.rounds.at(-1) as Round;
          expect(last.tables).toHaveLength(1);
          const rows = standings(t);
          expect(rows.filter((r) => r.place === 1).every((r) => r.reached === last.number)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 16 },
    );
  });
});
