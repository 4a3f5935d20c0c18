/**
 * Elimination at multi-seat tables (README.md, "Elimination"): each round the entrants still in are
 * seeded by rating at entry and dealt to tables in a snake (seed 1 to table 1, seed 2 to table 2, … and
 * back), so the strongest meet as late as possible; the top `advance` of each table go on, a tie at the
 * cut broken by seed. When the table layout needs byes, the top seeds take them and go on. Once the
 * entrants still in fit one table, that table is the final.
 */
import type { Round, Tournament } from './model.ts';
import type { Pairing } from './swiss.ts';
import { layout } from './table-layout.ts';

/** Rating at entry, highest first; user id on a tie. */
export function seeded(t: Tournament, users: Iterable<string>): string[] {
  const rating = new Map(t.entrants.map((e) => [e.userId, e.rating]));
  return [...users].sort(
    (a, b) => (rating.get(b) ?? 0) - (rating.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** Who goes on from a complete round: the top `advance` of each table, and the byes. */
export function advancing(t: Tournament, round: Round): string[] {
  const on: string[] = [...round.byes];
  for (const table of round.tables) {
    const result = round.results[table.id];
    if (!result) throw new Error(`table ${table.id} has no result`);
    const bySeed = seeded(t, table.seats);
    const ranked = [...result.places].sort(
      (a, b) => a.place - b.place || bySeed.indexOf(a.userId) - bySeed.indexOf(b.userId),
    );
    on.push(...ranked.slice(0, t.settings.advance).map((p) => p.userId));
  }
  return on;
}

/** Whether `round` was the final: one table holding every entrant who was still in. */
export const isFinal = (round: Round): boolean => round.tables.length === 1 && round.byes.length === 0;

/** The next round's tables, or null when the bracket is over (its final played, or one entrant left). */
export function eliminationPairing(t: Tournament): Pairing | null {
  const dropped = new Set(t.entrants.filter((e) => e.droppedAfterRound !== null).map((e) => e.userId));
  const last = t.rounds.at(-1);
  if (last && isFinal(last)) return null;
  const pool = last ? advancing(t, last) : t.entrants.filter((e) => e.checkedIn).map((e) => e.userId);
  const alive = seeded(
    t,
    pool.filter((u) => !dropped.has(u)),
  );
  if (alive.length < 2) return null;
  const { tableSize, minTableSize } = t.settings;
  if (alive.length <= tableSize) return { tables: [alive], byes: [] };
  const { sizes, byes: byeCount } = layout(alive.length, tableSize, minTableSize);
  const byes = alive.slice(0, byeCount);
  const tables: string[][] = sizes.map(() => []);
  let k = 0;
  let step = 1;
  for (const u of alive.slice(byeCount)) {
    // Snake across the tables, skipping a full one (the smaller tables fill first on the way back).
    while ((tables[k] as string[]).length >= (sizes[k] as number)) {
      k += step;
      if (k === tables.length || k < 0) {
        step = -step;
        k += step;
      }
    }
    (tables[k] as string[]).push(u);
    k += step;
    if (k === tables.length || k < 0) {
      step = -step;
      k += step;
    }
  }
  return { tables, byes };
}
