/**
 * What the rounds so far add up to, per entrant: points, byes, games, places, and
 * the opponents' points tie-break (README.md, "Standings"). Pure, from the stored rounds.
 */
import type { Round, Tournament } from './model.ts';
import { byePoints, POINT, tablePoints } from './placement-points.ts';

export interface Tally {
  /** Sixtieths of a point: tables with a result, and byes. */
  readonly points: Map<string, number>;
  /**
   * For each game with a result, the mean final points of the others at the table, summed over games; in
   * 3600ths of a point (sixtieths of a mean of up to five sixtieths: a whole number).
   */
  readonly opponents: Map<string, number>;
  readonly games: Map<string, number>;
  readonly byes: Map<string, number>;
  /** Each entrant's place at every table with a result, by table id. */
  readonly places: Map<string, Map<string, number>>;
  /** Every table with a result: its places by user id. */
  readonly results: Map<string, Map<string, number>>;
}

/** The key of an unordered pair of user ids. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

export function tally(t: Tournament, rounds: readonly Round[] = t.rounds): Tally {
  const points = new Map<string, number>();
  const opponents = new Map<string, number>();
  const games = new Map<string, number>();
  const byes = new Map<string, number>();
  const places = new Map<string, Map<string, number>>();
  const results = new Map<string, Map<string, number>>();
  const bye = byePoints(t.settings.tableSize);
  for (const round of rounds) {
    for (const b of round.byes) {
      add(byes, b, 1);
      add(points, b, bye);
    }
    for (const table of round.tables) {
      const result = round.results[table.id];
      if (!result) continue;
      const pts = tablePoints(result.places.map((p) => p.place));
      results.set(table.id, new Map(result.places.map((p) => [p.userId, p.place])));
      result.places.forEach((p, i) => {
        add(points, p.userId, pts[i] as number);
        add(games, p.userId, 1);
        const at = places.get(p.userId) ?? new Map<string, number>();
        places.set(p.userId, at);
        at.set(table.id, p.place);
      });
    }
  }
  for (const round of rounds)
    for (const table of round.tables) {
      const result = round.results[table.id];
      if (!result) continue;
      const finals = result.places.map((p) => points.get(p.userId) ?? 0);
      const total = finals.reduce((a, b) => a + b, 0);
      const others = result.places.length - 1;
      result.places.forEach((p, i) => {
        add(opponents, p.userId, (total - (finals[i] as number)) * (POINT / others));
      });
    }
  return { points, opponents, games, byes, places, results };
}
