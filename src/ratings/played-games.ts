/**
 * A person's finished games as /stats reads them, whichever backend holds them (player-stats.ts and
 * pg-queries.ts read the rows): a game whose seat they held for part of it only (a handover,
 * src/store/seat-history.ts) is theirs as played, not as won or scored.
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Outcome, Seat } from '../games/kernel/types.ts';
import type { PlayedGame } from './rating-records.ts';

/** How many holders the seat's history keeps (0: it never changed hands, its holder held it throughout). */
export function holderCount(gameId: Column, seat: Column): SQL<number> {
  return sql<number>`(select count(*) from seat_holders h where h.game_id = ${gameId} and h.seat = ${seat})`.mapWith(
    Number,
  );
}

/** A finished game's row as both backends read it. */
export interface PlayedRow {
  readonly gameId: number;
  readonly finishedAt: Date | null;
  readonly outcome: string | null;
  readonly state: string | null;
  readonly seat: Seat;
  readonly holders: number;
}

/** Each game and seat once (a person is a seat's holder now and in its history), oldest first. */
export function playedRows(rows: readonly PlayedRow[]): PlayedRow[] {
  const seen = new Map<string, PlayedRow>();
  for (const r of rows) if (!seen.has(`${r.gameId}:${r.seat}`)) seen.set(`${r.gameId}:${r.seat}`, r);
  return [...seen.values()].sort(
    (a, b) => (a.finishedAt?.getTime() ?? 0) - (b.finishedAt?.getTime() ?? 0) || a.gameId - b.gameId,
  );
}

/** The row as a played game: its seat's place and score; `whole` unless the seat changed hands. */
export function playedGame(r: PlayedRow, state: () => unknown): PlayedGame {
  if (r.outcome === null) throw new Error(`finished game #${r.gameId} has no outcome`);
  const outcome = JSON.parse(r.outcome) as Outcome;
  const result = outcome.results.find((x) => x.seat === r.seat);
  if (!result) throw new Error(`game #${r.gameId} has no result for seat ${r.seat}`);
  return {
    gameId: r.gameId,
    finishedAt: r.finishedAt,
    seat: r.seat,
    score: result.score,
    rank: result.rank,
    players: outcome.results.length,
    whole: r.holders <= 1,
    state,
  };
}
