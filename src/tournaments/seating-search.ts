/**
 * Seating players at tables of given sizes so that the pairs seated together cost as little as possible
 * (README.md, "Swiss"): in Swiss a pair costs the times they already met, so a cost of 0 is a round
 * without a repeat meeting. Players are numbered in order of preference (best standing first).
 *
 * An exact search first: depth-first, each table led by the best player not yet seated and filled with
 * players in standing order, every partial seating costing more than a bound cut off; the bound starts at 0
 * and rises to the smallest cost cut off (IDA*), so the first seating found costs the least possible and,
 * among those, keeps the best players together. At bound 0 a closed table also checks that every player
 * left still has enough players they never met to fill a table (forward checking), which refutes dead ends
 * early. The search counts its work: past half the budget it stops, and a second search looks for any
 * seating without a repeat, leading each table with the player who has the fewest partners left (which
 * finds one, or refutes it, far sooner), then swaps players between tables to bring the standings back
 * together. Past the rest of the budget, a greedy seating improved by swaps between tables (local search)
 * is returned, marked not optimal. Work, not time, so the same problem always gives the same seating.
 */

export interface SeatingProblem {
  /** Players 0 … count − 1, best standing first. */
  readonly count: number;
  /** Table sizes (largest first), summing to `count`; at most two sizes, one apart (table-layout.ts). */
  readonly sizes: readonly number[];
  /** `weight[i * count + j]`: what seating i with j costs, ≥ 0, symmetric. */
  readonly weight: Int32Array;
}

export interface Seating {
  /** Player numbers, each table in increasing order, tables by their best player. */
  readonly tables: readonly (readonly number[])[];
  readonly cost: number;
  /** True when no seating costs less (the exact search finished within its budget). */
  readonly optimal: boolean;
  /** The work units the exact searches spent (the budget's units; the benchmark prints them). */
  readonly work: number;
  /** Which search gave the seating: the exact one in standings order, the constrained one, or the swaps. */
  readonly search: 'standings' | 'constrained' | 'local';
}

/**
 * Work the exact search may do before the local search takes over: a unit per pair weighed, `count` units
 * per player seated or check of everyone left (each scans every player). About a tenth of a second.
 */
export const SEARCH_BUDGET = 20_000_000;

class Exhausted extends Error {}

export function seatPlayers(problem: SeatingProblem, budget = SEARCH_BUDGET): Seating {
  const { count: n, sizes, weight: w } = problem;
  if (sizes.reduce((a, b) => a + b, 0) !== n) throw new RangeError('table sizes do not seat everyone');
  if (n === 0) return { tables: [], cost: 0, optimal: true, work: 0, search: 'standings' };
  const spent = { work: 0 };
  const exact = exactSearch(problem, budget / 2, 'standings', spent);
  if (exact) return { ...exact, work: spent.work, search: 'standings' };
  // Without a repeat-free seating in standings order within the budget: look for any at all, seating the
  // players with the fewest possible partners first, which finds one (or refutes it) far sooner.
  const any = exactSearch(problem, budget / 2, 'constrained', spent);
  if (any) return { ...tighten(n, w, any), work: spent.work, search: 'constrained' };
  return { ...localSearch(n, sizes, w), work: spent.work, search: 'local' };
}

type Found = Omit<Seating, 'work' | 'search'>;

/**
 * `standings`: tables led by the best player left, the bound rising until a seating fits (the cheapest).
 * `constrained`: bound 0 only, each table led by the player with the fewest partners never met.
 */
function exactSearch(
  problem: SeatingProblem,
  budget: number,
  mode: 'standings' | 'constrained',
  spent: { work: number },
): Found | null {
  const { count: n, sizes, weight: w } = problem;
  const big = Math.max(...sizes);
  const small = Math.min(...sizes);
  let steps = budget;
  const seated = new Uint8Array(n);
  // free[u]: players not seated yet whom u never met (weight 0), u excluded.
  const free = new Int32Array(n);
  const tables: number[][] = [];
  const left = {
    big: sizes.filter((s) => s === big).length,
    small: big === small ? 0 : sizes.filter((s) => s === small).length,
  };
  let bound = 0;
  let next = Number.POSITIVE_INFINITY;

  const take = (c: number) => {
    steps -= n;
    seated[c] = 1;
    for (let u = 0; u < n; u++) if (u !== c && w[u * n + c] === 0) free[u] = (free[u] as number) - 1;
  };
  const release = (c: number) => {
    seated[c] = 0;
    for (let u = 0; u < n; u++) if (u !== c && w[u * n + c] === 0) free[u] = (free[u] as number) + 1;
  };
  const smallestLeft = () => (left.small > 0 ? small : left.big > 0 ? big : 0);
  // Every player left can still be seated with players they never met (only meaningful without slack).
  const everyoneFits = (): boolean => {
    const need = smallestLeft() - 1;
    if (need <= 0) return true;
    steps -= n;
    for (let u = 0; u < n; u++) if (!seated[u] && (free[u] as number) < need) return false;
    return true;
  };

  const nextTable = (cost: number): boolean => {
    let lead = 0;
    while (lead < n && seated[lead]) lead++;
    if (lead === n) return true;
    if (mode === 'constrained') {
      steps -= n;
      for (let u = lead + 1; u < n; u++)
        if (!seated[u] && (free[u] as number) < (free[lead] as number)) lead = u;
    }
    const options: ('big' | 'small')[] = [];
    if (left.big > 0) options.push('big');
    if (left.small > 0) options.push('small');
    for (const kind of options) {
      const size = kind === 'big' ? big : small;
      if (cost === bound && (free[lead] as number) < size - 1) {
        // Cut off by forward checking: whatever completes this costs more than the bound.
        next = Math.min(next, bound + 1);
        continue;
      }
      left[kind]--;
      take(lead);
      const table = [lead];
      tables.push(table);
      if (fill(table, size, mode === 'constrained' ? 0 : lead + 1, cost)) return true;
      tables.pop();
      release(lead);
      left[kind]++;
    }
    return false;
  };

  const fill = (table: number[], size: number, from: number, cost: number): boolean => {
    if (table.length === size) {
      if (cost === bound && !everyoneFits()) {
        next = Math.min(next, bound + 1);
        return false;
      }
      return nextTable(cost);
    }
    for (let c = from; c < n; c++) {
      if (seated[c]) continue;
      steps -= 1 + table.length;
      if (steps < 0) throw new Exhausted();
      let added = 0;
      for (const t of table) added += w[t * n + c] as number;
      if (cost + added > bound) {
        if (cost + added < next) next = cost + added;
        continue;
      }
      take(c);
      table.push(c);
      if (fill(table, size, c + 1, cost + added)) return true;
      table.pop();
      release(c);
    }
    return false;
  };

  for (;;) {
    for (let u = 0; u < n; u++) free[u] = 0;
    for (let u = 0; u < n; u++)
      for (let v = 0; v < n; v++) if (u !== v && w[u * n + v] === 0) free[u] = (free[u] as number) + 1;
    seated.fill(0);
    tables.length = 0;
    left.big = sizes.filter((s) => s === big).length;
    left.small = big === small ? 0 : sizes.filter((s) => s === small).length;
    next = Number.POSITIVE_INFINITY;
    try {
      if (nextTable(0)) {
        const found = tables
          .map((t) => [...t].sort((p, q) => p - q))
          .sort((p, q) => (p[0] as number) - (q[0] as number));
        spent.work += budget - steps;
        return { tables: found, cost: seatingCost(n, w, found), optimal: true };
      }
    } catch (e) {
      if (e instanceof Exhausted) {
        spent.work += budget;
        return null;
      }
      throw e;
    }
    // Nothing costs `bound` or less: the cheapest seating costs at least the least that was cut off.
    if (next === Number.POSITIVE_INFINITY || mode === 'constrained') {
      spent.work += budget - steps;
      return null;
    }
    bound = next;
  }
}

export function seatingCost(n: number, w: Int32Array, tables: readonly (readonly number[])[]): number {
  let cost = 0;
  for (const t of tables)
    for (let i = 0; i < t.length; i++)
      for (let j = i + 1; j < t.length; j++) cost += w[(t[i] as number) * n + (t[j] as number)] as number;
  return cost;
}

/**
 * A repeat-free seating found out of standings order brought back towards it: swaps between two tables
 * that keep it repeat-free and narrow the tables' spans of standings (best to worst at each table).
 */
function tighten(n: number, w: Int32Array, seating: Found): Found {
  const tables = seating.tables.map((t) => [...t]);
  const fits = (p: number, table: readonly number[], leaving: number) =>
    table.every((t) => t === leaving || w[p * n + t] === 0);
  const span = (t: readonly number[]) => Math.max(...t) - Math.min(...t);
  for (let sweep = 0; sweep < 10; sweep++) {
    let improved = false;
    for (let a = 0; a < tables.length; a++)
      for (let b = a + 1; b < tables.length; b++) {
        const A = tables[a] as number[];
        const B = tables[b] as number[];
        for (let i = 0; i < A.length; i++)
          for (let j = 0; j < B.length; j++) {
            const x = A[i] as number;
            const y = B[j] as number;
            if (!fits(y, A, x) || !fits(x, B, y)) continue;
            const before = span(A) + span(B);
            A[i] = y;
            B[j] = x;
            if (span(A) + span(B) < before) improved = true;
            else {
              A[i] = x;
              B[j] = y;
            }
          }
      }
    if (!improved) break;
  }
  const sorted = tables
    .map((t) => t.sort((p, q) => p - q))
    .sort((p, q) => (p[0] as number) - (q[0] as number));
  return { tables: sorted, cost: seatingCost(n, w, sorted), optimal: true };
}

/** Greedy in standing order (each seat to the cheapest player left), then swaps that lower the cost. */
function localSearch(n: number, sizes: readonly number[], w: Int32Array): Found {
  const seated = new Uint8Array(n);
  const tables: number[][] = [];
  for (const size of sizes) {
    let lead = 0;
    while (seated[lead]) lead++;
    seated[lead] = 1;
    const table = [lead];
    while (table.length < size) {
      let best = -1;
      let bestAdd = Number.POSITIVE_INFINITY;
      for (let c = 0; c < n; c++) {
        if (seated[c]) continue;
        let added = 0;
        for (const t of table) added += w[t * n + c] as number;
        if (added < bestAdd) {
          bestAdd = added;
          best = c;
        }
      }
      seated[best] = 1;
      table.push(best);
    }
    tables.push(table);
  }
  const others = (table: readonly number[], p: number, skip: number): number => {
    let s = 0;
    for (const t of table) if (t !== skip) s += w[p * n + t] as number;
    return s;
  };
  // First-improvement sweeps in a fixed order; a sweep count cap keeps the worst case bounded.
  for (let sweep = 0; sweep < 100; sweep++) {
    let improved = false;
    for (let a = 0; a < tables.length; a++)
      for (let b = a + 1; b < tables.length; b++) {
        const A = tables[a] as number[];
        const B = tables[b] as number[];
        for (let i = 0; i < A.length; i++)
          for (let j = 0; j < B.length; j++) {
            const x = A[i] as number;
            const y = B[j] as number;
            const delta = others(A, y, x) + others(B, x, y) - others(A, x, x) - others(B, y, y);
            if (delta < 0) {
              A[i] = y;
              B[j] = x;
              improved = true;
            }
          }
      }
    if (!improved) break;
  }
  const sorted = tables
    .map((t) => [...t].sort((p, q) => p - q))
    .sort((p, q) => (p[0] as number) - (q[0] as number));
  return { tables: sorted, cost: seatingCost(n, w, sorted), optimal: false };
}
