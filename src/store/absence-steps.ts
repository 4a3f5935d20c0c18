/**
 * What the absences decide, whichever database holds them: what a timed-out turn and a reset do to a
 * seat's run of time-outs, the row a vote writes and what it replaces, and the tally. Both backends
 * (absence-store.ts, pg-players.ts) read the seat's run inside their transaction (PostgreSQL counting a
 * time-out under the seat's row lock), call these and only write what they return, as lobby-steps.ts is
 * used for lobbies.
 */
import type { Seat } from '../games/kernel/types.ts';
import type { GameId } from './errors.ts';
import type { Tally, VoteChoice } from './records.ts';

/** A seat's run after a change, and whether it must be written (false: the row keeps what it has). */
export interface RunChange {
  readonly run: number;
  readonly write: boolean;
}

/**
 * One more timed-out turn for a seat whose run is `run` (undefined: the game has no such seat, which
 * reads as 0 and gets no row).
 */
export function timeoutCounted(run: number | undefined): RunChange {
  return run === undefined ? { run: 0, write: false } : { run: run + 1, write: true };
}

/**
 * The person played (or the others chose to wait): the run starts again, written only when it was not 0
 * already. The seat's votes are cleared in any case (`reset` always deletes them).
 */
export function runReset(run: number | undefined): RunChange {
  return { run: 0, write: run !== undefined && run > 0 };
}

/** The columns that name a vote: one per voter on a seat, so a new vote replaces the voter's earlier one. */
export const VOTE_KEY = ['gameId', 'seat', 'voterId'] as const;

/** The vote row to write, and what it changes in the voter's earlier vote on the seat if there is one. */
export function voteRow(gameId: GameId, seat: Seat, voterId: string, choice: VoteChoice, now: Date) {
  return {
    row: { gameId, seat, voterId, choice, createdAt: now },
    replacing: { choice, createdAt: now },
  };
}

/** The tally of the seat's votes as read (every voter's latest choice). */
export function tallyOf(votes: readonly { readonly choice: string }[]): Tally {
  return {
    replace: votes.filter((v) => v.choice === 'replace').length,
    wait: votes.filter((v) => v.choice === 'wait').length,
  };
}
