/**
 * A player's record over their finished games: counts and scores from each game's outcome, and, for
 * games that know what "sets" are, which ones the player collects most. Casual games count here too;
 * ratings are the place where only rated games count.
 */
import { and, asc, eq, notExists, type SQL } from 'drizzle-orm';
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { ScarabDrizzle } from '../store/database.ts';
import { readStoredParts } from '../store/lookups.ts';
import { IMPORTED_MARK } from '../store/records.ts';
import { gameMessages, games, seats } from '../store/schema.ts';
import { joinState } from '../store/state-parts.ts';
import type { PlayedGame, PlayedQuery } from './rating-records.ts';

export type { PlayedGame, PlayedQuery } from './rating-records.ts';

/** The user's finished games, oldest first (games where their seat was handed over are not theirs). */
export function finishedGamesOf(db: ScarabDrizzle, q: PlayedQuery): PlayedGame[] {
  const where: SQL[] = [eq(seats.userId, q.userId), eq(games.status, 'finished'), eq(games.type, q.gameType)];
  if (q.guildId !== null) where.push(eq(games.guildId, q.guildId));
  // A game brought in by an import counts for nobody unless the operator said so (records.ts).
  where.push(
    notExists(
      db
        .select({ one: gameMessages.gameId })
        .from(gameMessages)
        .where(and(eq(gameMessages.gameId, games.id), eq(gameMessages.kind, IMPORTED_MARK))),
    ),
  );
  const rows = db
    .select({
      gameId: games.id,
      finishedAt: games.finishedAt,
      outcome: games.outcome,
      state: games.state,
      seat: seats.seat,
    })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(...where))
    .orderBy(asc(games.finishedAt), asc(games.id))
    .all();
  return rows.map((r) => {
    if (r.outcome === null) throw new Error(`finished game #${r.gameId} has no outcome`);
    const outcome = JSON.parse(r.outcome) as Outcome;
    const result = outcome.results.find((x) => x.seat === r.seat);
    if (!result) throw new Error(`game #${r.gameId} has no result for seat ${r.seat}`);
    const stateJson = r.state;
    return {
      gameId: r.gameId,
      finishedAt: r.finishedAt,
      seat: r.seat,
      score: result.score,
      rank: result.rank,
      players: outcome.results.length,
      state: () => {
        if (stateJson === null) return null;
        // Its shared parts first (src/store/state-parts.ts), read once per process.
        readStoredParts(db, [stateJson]);
        return joinState(stateJson);
      },
    };
  });
}

/** A set the player scored with in one game, and how many different cards of it they had. */
export interface SetInGame {
  readonly set: string;
  readonly distinct: number;
}

export interface FavouriteSet {
  readonly set: string;
  /** Games in which the player's tomb held this set. */
  readonly games: number;
  /** Different cards of it, summed over those games. */
  readonly distinct: number;
}

export interface PlayerRecord {
  readonly games: number;
  /** Games at rank 1, shared victories included. */
  readonly wins: number;
  /** 0 to 1; null without games. */
  readonly winRate: number | null;
  readonly averageScore: number | null;
  readonly bestScore: number | null;
  /** Most often collected first; at most `FAVOURITE_SETS`. */
  readonly favouriteSets: readonly FavouriteSet[];
}

export const FAVOURITE_SETS = 3;

/** `setsOf` reads a game's final state (a game without sets passes nothing and gets no favourites). */
export function summarize(
  played: readonly PlayedGame[],
  setsOf?: (state: unknown, seat: Seat) => readonly SetInGame[],
): PlayerRecord {
  const n = played.length;
  const wins = played.filter((g) => g.rank === 1).length;
  const scores = played.map((g) => g.score);
  const bySet = new Map<string, { games: number; distinct: number }>();
  if (setsOf) {
    for (const g of played) {
      for (const s of setsOf(g.state(), g.seat)) {
        const entry = bySet.get(s.set) ?? { games: 0, distinct: 0 };
        entry.games++;
        entry.distinct += s.distinct;
        bySet.set(s.set, entry);
      }
    }
  }
  const favouriteSets = [...bySet.entries()]
    .map(([set, v]) => ({ set, ...v }))
    .sort((a, b) => b.games - a.games || b.distinct - a.distinct || a.set.localeCompare(b.set))
    .slice(0, FAVOURITE_SETS);
  return {
    games: n,
    wins,
    winRate: n ? wins / n : null,
    averageScore: n ? scores.reduce((a, b) => a + b, 0) / n : null,
    bestScore: n ? Math.max(...scores) : null,
    favouriteSets,
  };
}
