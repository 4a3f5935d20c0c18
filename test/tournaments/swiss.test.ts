import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { applyEvent } from '../../src/tournaments/events.ts';
import type { Round, Tournament } from '../../src/tournaments/model.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { layout } from '../../src/tournaments/table-layout.ts';
import { HOUR, must, playRound, randomPlaces, registered, started, T0, user } from './helpers.ts';
import { independentStandings, repeatFreeExists } from './independent.ts';

const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Pairs seated together in `rounds`, with how often. */
function meetings(rounds: readonly Round[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rounds)
    for (const t of r.tables)
      for (const a of t.seats)
        for (const b of t.seats) if (a < b) m.set(pair(a, b), (m.get(pair(a, b)) ?? 0) + 1);
  return m;
}

/** Everyone still in sits at exactly one table or has the bye; nobody else is seated; the layout is the even one. */
function expectEveryoneOnce(t: Tournament, round: Round): void {
  const active = t.entrants.filter((e) => e.checkedIn && e.droppedAfterRound === null).map((e) => e.userId);
  const seated = [...round.tables.flatMap((x) => x.seats), ...round.byes];
  expect([...seated].sort()).toEqual([...active].sort());
  const { sizes, byes } = layout(active.length, t.settings.tableSize, t.settings.minTableSize);
  expect(round.tables.map((x) => x.seats.length).sort((a, b) => b - a)).toEqual(sizes);
  expect(round.byes.length).toBe(byes);
}

/**
 * A round with a repeat meeting is allowed only when no seating avoids it: checked exhaustively for up to
 * 14 players; above, by the Hajnal–Szemerédi theorem (a graph of maximum degree Δ splits into any r ≥ Δ + 1
 * independent sets whose sizes differ by one at most): with at least Δ + 1 tables, where Δ is the most
 * earlier opponents anyone seated has among the seated, a seating without a repeat exists.
 */
function expectRepeatOnlyWhenForced(before: readonly Round[], t: Tournament, round: Round): number {
  const met = meetings(before);
  const repeats = round.tables.reduce((n, x) => {
    let r = 0;
    for (const a of x.seats) for (const b of x.seats) if (a < b && met.has(pair(a, b))) r++;
    return n + r;
  }, 0);
  if (repeats === 0) return 0;
  const active = [...round.tables.flatMap((x) => x.seats), ...round.byes];
  if (active.length <= 14) {
    const byes = new Map<string, number>();
    for (const r of before) for (const b of r.byes) byes.set(b, (byes.get(b) ?? 0) + 1);
    const sizes = layout(active.length, t.settings.tableSize, t.settings.minTableSize).sizes;
    expect(
      repeatFreeExists(active, byes, round.byes.length, sizes, (a, b) => met.has(pair(a, b))),
      `round ${round.number}: ${repeats} repeat(s), but a seating without one exists`,
    ).toBe(false);
  } else {
    const seated = round.tables.flatMap((x) => x.seats);
    const degree = Math.max(...seated.map((a) => seated.filter((b) => met.has(pair(a, b))).length));
    expect(
      round.tables.length,
      `round ${round.number}: Δ = ${degree}, a repeat-free seating exists`,
    ).toBeLessThan(degree + 1);
  }
  return repeats;
}

function expectStandingsIndependent(t: Tournament): void {
  const mine = standings(t).map((r) => ({ userId: r.userId, place: r.place, points: r.points }));
  expect(mine).toEqual(independentStandings(t));
}

describe('Swiss tournaments', () => {
  it('the issue’s scenario: 64 players, 4-seat tables, 5 rounds — 16 full tables a round, nobody meets twice, standings as computed independently', () => {
    let t = started(64, { format: 'swiss', tableSize: 4, rounds: 5 }, 'issue-40');
    const rng = seedRng('issue-40 results');
    for (let r = 1; r <= 5; r++) {
      const round = t.rounds.at(-1) as Round;
      expect(round.number).toBe(r);
      expect(round.tables).toHaveLength(16);
      expect(round.byes).toEqual([]);
      expectEveryoneOnce(t, round);
      t = playRound(t, rng, T0 + (r + 2) * 24 * HOUR);
      expectStandingsIndependent(t);
    }
    expect(t.status).toBe('finished');
    expect(t.rounds).toHaveLength(5);
    const met = meetings(t.rounds);
    expect(Math.max(...met.values())).toBe(1);
    // Each of 64 players met 3 others a round, all different: 64 × 15 / 2 pairs.
    expect(met.size).toBe((64 * 15) / 2);
    // Every table hands out 15 points; 80 tables.
    expect(standings(t).reduce((a, r) => a + r.points, 0)).toBe(80 * 15 * 60);
  });

  it('the first round seats the highest ratings together (standings order), and the top table after it holds its leaders', () => {
    const t = started(10, { format: 'swiss', tableSize: 4, rounds: 3 }, 'order');
    const round = t.rounds[0] as Round;
    const order = standings(t).map((r) => r.userId);
    // 10 at four seats: 4 + 3 + 3, the full table first, best-rated first.
    expect(round.tables.map((x) => x.seats.length)).toEqual([4, 3, 3]);
    expect([...(round.tables[0]?.seats ?? [])].sort()).toEqual(order.slice(0, 4).sort());
  });

  it('a pairing is a pure function of the stored tournament: the same state (or its JSON) makes the same round', () => {
    let t = started(23, { format: 'swiss', tableSize: 3, rounds: 4 }, 'pure');
    const rng = seedRng('pure results');
    t = playRound(t, rng, T0 + 48 * HOUR);
    const round = t.rounds[1] as Round;
    const last = round.tables.at(-1);
    if (!last) throw new Error('no table');
    // Every table but the last reported: reporting the last one makes round 3, from this state or its copy.
    let before = t;
    for (const x of round.tables.slice(0, -1))
      before = must(before, {
        type: 'report',
        tableId: x.id,
        places: randomPlaces(rng, x.seats),
        ending: 'played',
        at: T0,
      });
    const event = {
      type: 'report',
      tableId: last.id,
      places: randomPlaces(rng, last.seats),
      ending: 'played',
      at: T0 + 96 * HOUR,
    } as const;
    const a = must(before, event);
    const b = must(JSON.parse(JSON.stringify(before)) as Tournament, event);
    expect(a.rounds).toHaveLength(3);
    expect(b).toEqual(a);
    // The result again is a no-op; another result for the same table is refused.
    const again = applyEvent(a, event);
    expect(again).toEqual({ ok: true, value: a, changed: false });
    const other = applyEvent(a, { ...event, places: event.places.map((p) => ({ ...p, place: 1 })) });
    expect(other).toEqual({ ok: false, refusal: { code: 'result-differs', tableId: last.id } });
  });

  it('byes go to the lowest standing without a bye, and nobody has a second while someone has none', () => {
    // 9 players at two seats: one bye a round, 9 rounds — everyone exactly one.
    let t = started(9, { format: 'swiss', tableSize: 2, rounds: 9 }, 'byes');
    const rng = seedRng('byes results');
    const had: string[] = [];
    for (let r = 1; r <= 9; r++) {
      const round = t.rounds.at(-1) as Round;
      expect(round.byes).toHaveLength(1);
      const bye = round.byes[0] as string;
      expect(had).not.toContain(bye);
      had.push(bye);
      t = playRound(t, rng, T0 + r * 24 * HOUR);
    }
    expect(had.sort()).toEqual(Array.from({ length: 9 }, (_, i) => user(i)).sort());
    // In round 1 (everyone on 0 points) that is the lowest rating.
    const closed = must(registered(9, { format: 'swiss', tableSize: 2, rounds: 9 }, 'byes'), {
      type: 'close-registration',
      at: T0 + HOUR,
    });
    const last = standings(closed).at(-1)?.userId;
    expect(must(closed, { type: 'start', at: T0 + 2 * HOUR }).rounds[0]?.byes).toEqual([last]);
  });

  it('1,000 entrants at four seats over 5 rounds: every round everyone once and nobody meets twice', () => {
    let t = started(1000, { format: 'swiss', tableSize: 4, rounds: 5 }, 'thousand');
    const rng = seedRng('thousand');
    for (let r = 1; r <= 5; r++) {
      const round = t.rounds.at(-1) as Round;
      expectEveryoneOnce(t, round);
      t = playRound(t, rng, T0 + r * 24 * HOUR);
    }
    expect(t.status).toBe('finished');
    expect(Math.max(...meetings(t.rounds).values())).toBe(1);
  });

  it('random tournaments (2–80 players, tables of 2–6, 5 rounds, drops): everyone once a round, repeats only when forced, standings as computed independently', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 80 }),
        fc.integer({ min: 2, max: 6 }).chain((k) => fc.tuple(fc.constant(k), fc.integer({ min: 2, max: k }))),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.boolean(),
        (n, [k, min], seed, drops) => {
          const settings = { format: 'swiss' as const, tableSize: k, minTableSize: min, rounds: 5 };
          if (layout(n, k, min).sizes.length === 0) {
            let t = registered(n, settings, seed);
            t = must(t, { type: 'close-registration', at: T0 + HOUR });
            expect(applyEvent(t, { type: 'start', at: T0 + 2 * HOUR })).toEqual({
              ok: false,
              refusal: { code: 'too-few-entrants', entrants: n },
            });
            return;
          }
          let t = started(n, settings, seed);
          const rng = seedRng(`results:${seed}`);
          for (let r = 1; r <= 5 && t.status === 'running'; r++) {
            const round = t.rounds.at(-1) as Round;
            expectEveryoneOnce(t, round);
            expectRepeatOnlyWhenForced(t.rounds.slice(0, -1), t, round);
            if (drops && r === 2 && n > 3) {
              const who = round.tables[0]?.seats[0] as string;
              t = must(t, { type: 'drop', userId: who, reason: 'organiser', at: T0 });
            }
            t = playRound(t, rng, T0 + r * 24 * HOUR);
            expectStandingsIndependent(t);
          }
          // A drop that leaves too few for a table ends the tournament early.
          expect(t.status).toBe('finished');
          if (!drops || n <= 3 || layout(n - 1, k, min).sizes.length > 0) expect(t.rounds).toHaveLength(5);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
  });
});
