/**
 * A Swiss round (README.md, "Swiss"): the entrants still in, in standings order, seated so that nobody
 * meets anyone twice when some seating allows it (seating-search.ts), the top of the standings together.
 * Byes, when the layout has some, go to the lowest standing among those with the fewest byes so far; when
 * that choice forces a repeat meeting and another admissible choice does not, the other is taken.
 */
import type { Tournament } from './model.ts';
import { SEARCH_BUDGET, type Seating, seatPlayers } from './seating-search.ts';
import { standings } from './standings.ts';
import { layout } from './table-layout.ts';
import { tally } from './tally.ts';

export interface Pairing {
  /** User ids per table, best standing first. */
  readonly tables: readonly (readonly string[])[];
  readonly byes: readonly string[];
}

/** Admissible bye choices tried before settling for a repeat meeting. */
const BYE_CHOICES = 24;

/** The entrants who play the next round: checked in and not dropped, in standings order. */
export function activeInOrder(t: Tournament): string[] {
  const dropped = new Set(t.entrants.filter((e) => e.droppedAfterRound !== null).map((e) => e.userId));
  return standings(t)
    .map((r) => r.userId)
    .filter((u) => !dropped.has(u));
}

/**
 * Seats `players` (best first) at tables of `sizes`, a pair costing `cost` of the times it sat together
 * at `earlier` tables (by default the times themselves).
 */
export function seatAvoidingRepeats(
  players: readonly string[],
  sizes: readonly number[],
  earlier: Iterable<readonly string[]>,
  budget = SEARCH_BUDGET,
  cost: (meetings: number) => number = (m) => m,
): Seating {
  const n = players.length;
  const index = new Map(players.map((u, i) => [u, i]));
  const weight = new Int32Array(n * n);
  for (const table of earlier) {
    const at = table.map((u) => index.get(u)).filter((i): i is number => i !== undefined);
    for (const i of at)
      for (const j of at) if (i !== j) weight[i * n + j] = (weight[i * n + j] as number) + 1;
  }
  for (let i = 0; i < weight.length; i++) if (weight[i]) weight[i] = cost(weight[i] as number);
  return seatPlayers({ count: n, sizes, weight }, budget);
}

/** Every way of choosing `k` of `n` items, in lexicographic order of their indices, at most `limit`. */
export function* choices(n: number, k: number, limit: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (let made = 0; made < limit; made++) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    (idx[i] as number)++;
    for (let j = i + 1; j < k; j++) idx[j] = (idx[j - 1] as number) + 1;
  }
}

/** The bye sets the rule allows, most deserving first (see the module's comment). */
export function byeCandidates(
  order: readonly string[],
  byes: ReadonlyMap<string, number>,
  count: number,
  limit: number,
): string[][] {
  if (count === 0) return [[]];
  // Fewest byes first, then the lowest standing.
  const ranked = order
    .map((u, i) => ({ u, i, b: byes.get(u) ?? 0 }))
    .sort((x, y) => x.b - y.b || y.i - x.i)
    .map((x) => x.u);
  const threshold = byes.get(ranked[count - 1] as string) ?? 0;
  const forced = ranked.filter((u) => (byes.get(u) ?? 0) < threshold);
  const pool = ranked.filter((u) => (byes.get(u) ?? 0) === threshold);
  const sets: string[][] = [];
  for (const pick of choices(pool.length, count - forced.length, limit))
    sets.push([...forced, ...pick.map((i) => pool[i] as string)]);
  return sets;
}

export function swissPairing(t: Tournament): Pairing {
  return measuredSwissPairing(t).pairing;
}

/** What a Swiss pairing cost: the search's work units over the bye choices tried (the benchmark's figure). */
export interface PairingWork {
  readonly work: number;
  readonly byeChoicesTried: number;
  /** The search that seated the round kept (seating-search.ts). */
  readonly search: Seating['search'];
  /** Repeat meetings in the round kept (0 unless none could be avoided within the budget). */
  readonly repeats: number;
}

export function measuredSwissPairing(t: Tournament): { pairing: Pairing; spent: PairingWork } {
  const order = activeInOrder(t);
  const { tableSize, minTableSize } = t.settings;
  const { sizes, byes: byeCount } = layout(order.length, tableSize, minTableSize);
  const tl = tally(t);
  const earlier = t.rounds.flatMap((r) => r.tables.map((x) => x.seats));
  const candidates = byeCandidates(order, tl.byes, byeCount, BYE_CHOICES);
  let best: { byes: string[]; seating: Seating; players: string[] } | null = null;
  let work = 0;
  let tried = 0;
  for (const [i, byes] of candidates.entries()) {
    tried++;
    const out = new Set(byes);
    const players = order.filter((u) => !out.has(u));
    // The rule's own choice gets a whole search; the others share another: a round costs two at most.
    const budget = i === 0 ? SEARCH_BUDGET : Math.floor(SEARCH_BUDGET / (candidates.length - 1));
    const seating = seatAvoidingRepeats(players, sizes, earlier, budget);
    work += seating.work;
    if (!best || seating.cost < best.seating.cost) best = { byes, seating, players };
    if (seating.cost === 0) break;
  }
  if (!best) throw new Error('no bye choice');
  const { players, seating } = best;
  return {
    pairing: {
      tables: seating.tables.map((table) => table.map((i) => players[i] as string)),
      byes: best.byes,
    },
    spent: { work, byeChoicesTried: tried, search: seating.search, repeats: seating.cost },
  };
}
