import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import type { Round } from '../../src/tournaments/model.ts';
import { roundRobinGroups, roundRobinSchedule } from '../../src/tournaments/round-robin.ts';
import { standings } from '../../src/tournaments/standings.ts';
import { defaultMinTableSize } from '../../src/tournaments/table-layout.ts';
import { HOUR, playRound, started, T0, user } from './helpers.ts';
import { independentStandings } from './independent.ts';

const players = (n: number) => Array.from({ length: n }, (_, i) => user(i));

function meetings(tables: readonly (readonly string[])[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tables)
    for (const a of t) for (const b of t) if (a < b) m.set(`${a}|${b}`, (m.get(`${a}|${b}`) ?? 0) + 1);
  return m;
}

describe('round robin schedules', () => {
  it('two seats: every pair exactly once, n − 1 rounds (n with one bye a round when n is odd)', () => {
    for (let n = 2; n <= 16; n++) {
      const s = roundRobinSchedule(players(n), 2, 2);
      expect(s).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const m = meetings(s.flatMap((r) => r.tables));
      expect(m.size).toBe((n * (n - 1)) / 2);
      expect(Math.max(...m.values())).toBe(1);
      for (const r of s) {
        const seated = [...r.tables.flat(), ...r.byes];
        expect(seated.sort()).toEqual(players(n).sort());
        expect(r.byes).toHaveLength(n % 2);
      }
    }
  });

  it('more seats (groups of 3–12, tables of 3–6): every pair meets, each round seats everyone once, within two rounds of the bound, nobody meets anyone more than 4 times', () => {
    const spread: string[] = [];
    for (let k = 3; k <= 6; k++)
      for (let n = 3; n <= 12; n++) {
        const min = defaultMinTableSize(k);
        const s = roundRobinSchedule(players(n), k, min);
        if (s.length === 0) {
          expect(n).toBeLessThan(min);
          continue;
        }
        const m = meetings(s.flatMap((r) => r.tables));
        expect(m.size, `${n} at ${k}`).toBe((n * (n - 1)) / 2);
        for (const r of s) expect([...r.tables.flat(), ...r.byes].sort()).toEqual(players(n).sort());
        const most = Math.max(...m.values());
        spread.push(`${n}@${k}:${s.length}r,max${most}`);
        // Each round a player meets at most (smallest table − 1) new people: no schedule is shorter.
        const smallest = Math.min(...s[0]!.tables.map((x) => x.length));
        expect(s.length, `${n} at ${k}`).toBeLessThanOrEqual(Math.ceil((n - 1) / (smallest - 1)) + 2);
        expect(most, `${n} at ${k}`).toBeLessThanOrEqual(4);
      }
    expect(spread.length).toBeGreaterThan(30);
  });

  it('groups by snake seeding: 12 entrants in groups of 6 get seeds 1, 4, 5, 8, 9, 12 and 2, 3, 6, 7, 10, 11', () => {
    const g = roundRobinGroups(players(12), 6);
    expect(g).toEqual([
      [user(0), user(3), user(4), user(7), user(8), user(11)],
      [user(1), user(2), user(5), user(6), user(9), user(10)],
    ]);
    expect(roundRobinGroups(players(5), 6)).toEqual([players(5)]);
  });

  it('a round robin of 6 at two seats, played to the end: 5 rounds, everyone met everyone, standings as computed independently', () => {
    let t = started(6, { format: 'round-robin', tableSize: 2, rounds: 0 }, 'rr6');
    const rng = seedRng('rr6');
    while (t.status === 'running') t = playRound(t, rng, T0 + t.rounds.length * 24 * HOUR);
    expect(t.status).toBe('finished');
    expect(t.rounds).toHaveLength(5);
    const m = meetings(t.rounds.flatMap((r: Round) => r.tables.map((x) => x.seats)));
    expect([m.size, Math.max(...m.values())]).toEqual([15, 1]);
    expect(standings(t).map((r) => ({ userId: r.userId, place: r.place, points: r.points }))).toEqual(
      independentStandings(t),
    );
  });

  it('groups play their own schedules and are ranked apart: 12 at three seats in groups of 6', () => {
    let t = started(12, { format: 'round-robin', tableSize: 3, groupSize: 6, rounds: 0 }, 'rrg');
    const rng = seedRng('rrg');
    while (t.status === 'running') t = playRound(t, rng, T0 + t.rounds.length * 24 * HOUR);
    expect(t.status).toBe('finished');
    for (const r of t.rounds)
      for (const table of r.tables) {
        // A table never mixes groups.
        const groups = new Set(table.seats.map((u) => standings(t).find((s) => s.userId === u)?.group));
        expect([...groups]).toEqual([table.group]);
      }
    const rows = standings(t);
    for (const g of [1, 2]) {
      const inGroup = rows.filter((r) => r.group === g);
      expect(inGroup).toHaveLength(6);
      expect(inGroup[0]?.place).toBe(1);
      const m = meetings(t.rounds.flatMap((r) => r.tables.filter((x) => x.group === g).map((x) => x.seats)));
      expect(m.size).toBe(15);
    }
  });
});
