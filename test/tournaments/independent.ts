/**
 * What the tournament library computes, computed again another way from the rounds alone, for tests to
 * compare: the standings (the points table written out here again), and whether a round could have been
 * seated without a repeat meeting (an exhaustive search over subsets, not the library's depth-first one).
 */
import type { Tournament } from '../../src/tournaments/model.ts';

/** The README's table, written out again: points by place for 2–6 seats. */
const POINTS: Record<number, number[]> = {
  2: [6, 1],
  3: [6, 4, 1],
  4: [6, 5, 3, 1],
  5: [6, 5, 4, 2, 1],
  6: [6, 5, 4, 3, 2, 1],
};

export interface IndependentRow {
  userId: string;
  place: number;
  /** In sixtieths. */
  points: number;
}

/** Points per user in sixtieths: each table's places grouped, each group sharing the points its places cover. */
export function independentPoints(t: Tournament): Map<string, number> {
  const total = new Map<string, number>();
  const add = (u: string, v: number) => total.set(u, (total.get(u) ?? 0) + v);
  const full = POINTS[t.settings.tableSize] as number[];
  const bye = (full.reduce((a, b) => a + b, 0) * 60) / full.length;
  for (const r of t.rounds) {
    for (const b of r.byes) add(b, bye);
    for (const table of r.tables) {
      const res = r.results[table.id];
      if (!res) continue;
      const row = POINTS[res.places.length] as number[];
      const byPlace = new Map<number, string[]>();
      for (const p of res.places) byPlace.set(p.place, [...(byPlace.get(p.place) ?? []), p.userId]);
      let position = 0;
      for (const place of [...byPlace.keys()].sort((a, b) => a - b)) {
        const group = byPlace.get(place) as string[];
        const pts = row.slice(position, position + group.length).reduce((a, b) => a + b, 0) * 60;
        for (const u of group) add(u, pts / group.length);
        position += group.length;
      }
    }
  }
  return total;
}

/** Swiss standings as the README defines them, from scratch: points, opponents, head-to-head, rating. */
export function independentStandings(t: Tournament): IndependentRow[] {
  const pts = independentPoints(t);
  const users = t.entrants.filter((e) => e.checkedIn).map((e) => e.userId);
  const rating = new Map(t.entrants.map((e) => [e.userId, e.rating]));
  const games = t.rounds.flatMap((r) =>
    r.tables.flatMap((tb) => (r.results[tb.id] ? [r.results[tb.id]] : [])),
  );
  // Opponents: per game, the mean total of the others; kept as a sum of fractions over 60 per game.
  const opp = new Map<string, number>(users.map((u) => [u, 0]));
  for (const g of games) {
    if (!g) continue;
    for (const me of g.places) {
      const others = g.places.filter((p) => p.userId !== me.userId);
      const sum = others.reduce((a, p) => a + (pts.get(p.userId) ?? 0), 0);
      opp.set(me.userId, (opp.get(me.userId) ?? 0) + (sum * 60) / others.length);
    }
  }
  const level = (a: string, b: string) =>
    (pts.get(a) ?? 0) === (pts.get(b) ?? 0) && opp.get(a) === opp.get(b);
  const h2h = new Map<string, number>(users.map((u) => [u, 0]));
  for (const a of users)
    for (const b of users) {
      if (a === b || !level(a, b)) continue;
      for (const g of games) {
        const pa = g?.places.find((p) => p.userId === a);
        const pb = g?.places.find((p) => p.userId === b);
        if (pa && pb && pa.place < pb.place) h2h.set(a, (h2h.get(a) ?? 0) + 1);
        if (pa && pb && pa.place > pb.place) h2h.set(a, (h2h.get(a) ?? 0) - 1);
      }
    }
  const key = (u: string) => [pts.get(u) ?? 0, opp.get(u) ?? 0, h2h.get(u) ?? 0, rating.get(u) ?? 0];
  const cmp = (a: string, b: string) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (kb[i] as number) - (ka[i] as number);
    return 0;
  };
  const sorted = [...users].sort((a, b) => cmp(a, b) || (a < b ? -1 : 1));
  return sorted.map((u) => ({
    userId: u,
    // Competition ranking: one more than the number strictly ahead.
    place: 1 + users.filter((v) => cmp(v, u) < 0).length,
    points: pts.get(u) ?? 0,
  }));
}

/**
 * Whether `players` can sit at tables of exactly `sizes` with no two who met at one table, some admissible
 * bye set left out first: a bye set is admissible when nobody in it has more byes than anybody seated.
 * Exhaustive over subsets (memoised on who is left and how many big tables are left): small groups only.
 */
export function repeatFreeExists(
  players: readonly string[],
  byes: ReadonlyMap<string, number>,
  byeCount: number,
  sizes: readonly number[],
  met: (a: string, b: string) => boolean,
): boolean {
  const n = players.length;
  if (n > 14) throw new Error('too many players for the exhaustive check');
  const b = (i: number) => byes.get(players[i] as string) ?? 0;
  for (let byeMask = 0; byeMask < 1 << n; byeMask++) {
    if (popcount(byeMask) !== byeCount) continue;
    let maxIn = -1;
    let minOut = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (byeMask & (1 << i)) maxIn = Math.max(maxIn, b(i));
      else minOut = Math.min(minOut, b(i));
    }
    if (byeCount > 0 && maxIn > minOut) continue;
    if (
      partitionable(((1 << n) - 1) & ~byeMask, n, sizes, (i, j) =>
        met(players[i] as string, players[j] as string),
      )
    )
      return true;
  }
  return false;
}

function popcount(x: number): number {
  let c = 0;
  for (let y = x; y; y &= y - 1) c++;
  return c;
}

function partitionable(
  all: number,
  n: number,
  sizes: readonly number[],
  met: (i: number, j: number) => boolean,
): boolean {
  const big = Math.max(...sizes, 0);
  const small = Math.min(...sizes, big);
  const bigCount = big === small ? sizes.length : sizes.filter((s) => s === big).length;
  const memo = new Map<string, boolean>();
  // The lowest player left sits at a table of a size still wanted, with players none of whom met.
  const go = (left: number, bigs: number, smalls: number): boolean => {
    if (left === 0) return bigs === 0 && smalls === 0;
    const key = `${left}:${bigs}:${smalls}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const lowest = Math.log2(left & -left);
    const rest: number[] = [];
    for (let i = 0; i < n; i++) if (i !== lowest && left & (1 << i) && !met(lowest, i)) rest.push(i);
    const options: [number, number, number][] = [];
    if (bigs > 0) options.push([big, bigs - 1, smalls]);
    if (smalls > 0) options.push([small, bigs, smalls - 1]);
    let found = false;
    const pick = (from: number, mask: number, taken: number[], size: number, b: number, s: number): void => {
      if (found) return;
      if (taken.length === size) {
        found = go(left & ~mask, b, s);
        return;
      }
      for (let k = from; k < rest.length && !found; k++) {
        const c = rest[k] as number;
        if (taken.some((x) => met(x, c))) continue;
        pick(k + 1, mask | (1 << c), [...taken, c], size, b, s);
      }
    };
    for (const [size, b, s] of options) if (!found) pick(0, 1 << lowest, [lowest], size, b, s);
    memo.set(key, found);
    return found;
  };
  return go(all, bigCount, sizes.length - bigCount);
}
