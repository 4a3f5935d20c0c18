/**
 * A player's record over their finished games: counts and scores from each game's outcome, and, for
 * games that know what "sets" are, which ones the player collects most. Casual games count here too;
 * ratings are the place where only rated games count.
 */
import { and, eq, inArray, notExists, type SQL } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { ScarabDrizzle } from '../store/database.ts';
import { readStoredParts } from '../store/lookups.ts';
import { UNCOUNTED_MARKS } from '../store/records.ts';
import { gameMessages, games, seatHolders, seats } from '../store/schema.ts';
import { joinState } from '../store/state-parts.ts';
import { holderCount, playedGame, playedRows } from './played-games.ts';
import type { PlayedGame, PlayedQuery } from './rating-records.ts';

export type { PlayedGame, PlayedQuery } from './rating-records.ts';

/**
 * The user's finished games, oldest first: those they held a seat in at the end, and those whose seat they
 * held for part of the game only (seat-history.ts), each once.
 */
export function finishedGamesOf(db: ScarabDrizzle, q: PlayedQuery): PlayedGame[] {
  const filters = (userId: SQL): SQL[] => {
    const where = [userId, eq(games.status, 'finished'), eq(games.type, q.gameType)];
    if (q.guildId !== null) where.push(eq(games.guildId, q.guildId));
    // A game brought in by an import (unless the operator said so) or a lesson counts for nobody (records.ts).
    where.push(
      notExists(
        db
          .select({ one: gameMessages.gameId })
          .from(gameMessages)
          .where(and(eq(gameMessages.gameId, games.id), inArray(gameMessages.kind, [...UNCOUNTED_MARKS]))),
      ),
    );
    return where;
  };
  const columns = {
    gameId: games.id,
    finishedAt: games.finishedAt,
    outcome: games.outcome,
    state: games.state,
  };
  const holding = db
    .select({ ...columns, seat: seats.seat, holders: holderCount(games.id, seats.seat) })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(...filters(eq(seats.userId, q.userId))))
    .all();
  const held = db
    .select({ ...columns, seat: seatHolders.seat, holders: holderCount(games.id, seatHolders.seat) })
    .from(seatHolders)
    .innerJoin(games, eq(games.id, seatHolders.gameId))
    .where(and(...filters(eq(seatHolders.userId, q.userId))))
    .all();
  const rows = playedRows([...holding, ...held]);
  return rows.map((r) => {
    const stateJson = r.state;
    return playedGame(r, () => {
      if (stateJson === null) return null;
      // Its shared parts first (src/store/state-parts.ts), read once per process.
      readStoredParts(db, [stateJson]);
      return joinState(stateJson);
    });
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
  /** Every finished game they held a seat in, for all of it or part of it. */
  readonly games: number;
  /**
   * Of `games`, those whose seat changed hands during play (they left it, or took it over): counted as
   * played, but their result is the seat's, so they count in none of the figures below.
   */
  readonly shared: number;
  /** Games at rank 1, shared victories included. */
  readonly wins: number;
  /** 0 to 1, of the games they played whole; null without any. */
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
  const whole = played.filter((g) => g.whole);
  const n = whole.length;
  const wins = whole.filter((g) => g.rank === 1).length;
  const scores = whole.map((g) => g.score);
  const bySet = new Map<string, { games: number; distinct: number }>();
  if (setsOf) {
    for (const g of whole) {
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
    games: played.length,
    shared: played.length - n,
    wins,
    winRate: n ? wins / n : null,
    averageScore: n ? scores.reduce((a, b) => a + b, 0) / n : null,
    bestScore: n ? Math.max(...scores) : null,
    favouriteSets,
  };
}
