/**
 * Seats whose person keeps timing out (`store.absences`): how many turns in a row the computer played
 * for them, and the vote on replacing them for good. The counter changes in the transaction of the
 * move that causes it (a time-out's, or the person's own), so a crash cannot count a turn twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import type { Tally, VoteChoice } from './records.ts';
import { seats, seatVotes } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export type { Tally, VoteChoice } from './records.ts';

export class AbsenceStore {
  constructor(private readonly core: StoreCore) {}

  timeoutsInARow(gameId: GameId, seat: Seat): number {
    return (
      this.core.database.db
        .select({ n: seats.timeoutsInARow })
        .from(seats)
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
        .get()?.n ?? 0
    );
  }

  /** One more timed-out turn; returns the count. Call it inside the time-out move's transaction. */
  countTimeout(gameId: GameId, seat: Seat): number {
    this.core.database.db
      .update(seats)
      .set({ timeoutsInARow: sql`${seats.timeoutsInARow} + 1` })
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)))
      .run();
    return this.timeoutsInARow(gameId, seat);
  }

  /** The person played (or the others chose to wait): the count and any vote start again. */
  reset(gameId: GameId, seat: Seat): void {
    this.core.transaction(() => {
      this.core.database.db
        .update(seats)
        .set({ timeoutsInARow: 0 })
        .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat), sql`${seats.timeoutsInARow} > 0`))
        .run();
      this.core.database.db
        .delete(seatVotes)
        .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)))
        .run();
    });
  }

  /** Records (or changes) one voter's choice; returns the tally. */
  vote(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice): Tally {
    return this.core.transaction(() => {
      this.core.database.db
        .insert(seatVotes)
        .values({ gameId, seat, voterId, choice, createdAt: this.core.now() })
        .onConflictDoUpdate({
          target: [seatVotes.gameId, seatVotes.seat, seatVotes.voterId],
          set: { choice, createdAt: this.core.now() },
        })
        .run();
      return this.tally(gameId, seat);
    });
  }

  tally(gameId: GameId, seat: Seat): Tally {
    const rows = this.core.database.db
      .select({ choice: seatVotes.choice })
      .from(seatVotes)
      .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)))
      .all();
    return {
      replace: rows.filter((r) => r.choice === 'replace').length,
      wait: rows.filter((r) => r.choice === 'wait').length,
    };
  }
}
