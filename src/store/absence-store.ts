/**
 * Seats whose person keeps timing out (`store.absences`): how many turns in a row the computer played
 * for them, and the vote on replacing them for good. The counter changes in the transaction of the
 * move that causes it (a time-out's, or the person's own), so a crash cannot count a turn twice.
 */
import { and, eq } from 'drizzle-orm';
import type { Seat } from '../games/kernel/types.ts';
import * as steps from './absence-steps.ts';
import type { GameId } from './errors.ts';
import type { Tally, VoteChoice } from './records.ts';
import { seats, seatVotes } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export type { Tally, VoteChoice } from './records.ts';

const seatKey = (gameId: GameId, seat: Seat) => and(eq(seats.gameId, gameId), eq(seats.seat, seat));

export class AbsenceStore {
  constructor(private readonly core: StoreCore) {}

  /** The seat's run as stored; undefined for a seat the game does not have. */
  private run(gameId: GameId, seat: Seat): number | undefined {
    return this.core.database.db
      .select({ n: seats.timeoutsInARow })
      .from(seats)
      .where(seatKey(gameId, seat))
      .get()?.n;
  }

  /** Writes the run absence-steps.ts decided, if it says to; returns the run. */
  private write(gameId: GameId, seat: Seat, change: steps.RunChange): number {
    if (change.write)
      this.core.database.db
        .update(seats)
        .set({ timeoutsInARow: change.run })
        .where(seatKey(gameId, seat))
        .run();
    return change.run;
  }

  timeoutsInARow(gameId: GameId, seat: Seat): number {
    return this.run(gameId, seat) ?? 0;
  }

  /** One more timed-out turn; returns the count. Call it inside the time-out move's transaction. */
  countTimeout(gameId: GameId, seat: Seat): number {
    return this.core.transaction(() =>
      this.write(gameId, seat, steps.timeoutCounted(this.run(gameId, seat))),
    );
  }

  /** The person played (or the others chose to wait): the count and any vote start again. */
  reset(gameId: GameId, seat: Seat): void {
    this.core.transaction(() => {
      this.write(gameId, seat, steps.runReset(this.run(gameId, seat)));
      this.core.database.db
        .delete(seatVotes)
        .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)))
        .run();
    });
  }

  /** Records (or changes) one voter's choice; returns the tally. */
  vote(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice): Tally {
    return this.core.transaction(() => {
      const { row, replacing } = steps.voteRow(gameId, seat, voterId, choice, this.core.now());
      this.core.database.db
        .insert(seatVotes)
        .values(row)
        .onConflictDoUpdate({ target: steps.VOTE_KEY.map((k) => seatVotes[k]), set: replacing })
        .run();
      return this.tally(gameId, seat);
    });
  }

  tally(gameId: GameId, seat: Seat): Tally {
    return steps.tallyOf(
      this.core.database.db
        .select({ choice: seatVotes.choice })
        .from(seatVotes)
        .where(and(eq(seatVotes.gameId, gameId), eq(seatVotes.seat, seat)))
        .all(),
    );
  }
}
