/**
 * Which schedule rows may be deleted: decided here once, for both databases (`ScheduleStore.prune`,
 * `PgSchedule.prune`), which only read the rows and delete what this returns.
 *
 * A row's key is what keeps a reminder or a time-out from firing twice: planning a key that exists changes
 * nothing. `TurnTimers.plan` plans the keys of the stage a game is at again on every change, and asks
 * whether the time-out of the turn it is at fired (the computer then plays the rest of it); `/nudge` asks
 * when the game's last nudge was planned (at most one per 12 hours). Keys name a game's turn, so a row can
 * matter again only while its game is active and at that turn. Hence a done row is deleted once it has
 * been done for `SCHEDULE_RETENTION_MS` (kept meanwhile to read what happened), when its game is over, or
 * the game has rows of a later turn (turns only go forward: it is past the row's). Kept for good: rows
 * not done, rows of an active game's latest turn among its rows, and rows without a game (no kind plans
 * one today; one that does will say when its key cannot recur).
 */
import type { Column } from 'drizzle-orm';
import type { GameStatus } from './schema.ts';

export const SCHEDULE_RETENTION_DAYS = 30;
export const SCHEDULE_RETENTION_MS = SCHEDULE_RETENTION_DAYS * 24 * 3_600_000;

/** What the decision reads of a row. */
export interface RetentionRow {
  readonly id: number;
  readonly gameId: number | null;
  readonly doneAt: Date | null;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** Rows done by then are old enough to go, if nothing else keeps them. */
export function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - SCHEDULE_RETENTION_MS);
}

const turnOf = (r: RetentionRow): number | null =>
  typeof r.payload.turn === 'number' && Number.isInteger(r.payload.turn) ? r.payload.turn : null;

/**
 * The ids to delete among `rows`, which must hold every row of each game they name (a game's latest turn
 * is read from them). `statusOf` gives each game's status; a game it lacks is gone.
 */
export function rowsToDelete(
  rows: readonly RetentionRow[],
  statusOf: ReadonlyMap<number, GameStatus>,
  now: Date,
): number[] {
  const cutoff = retentionCutoff(now).getTime();
  const latestTurn = new Map<number, number>();
  for (const r of rows) {
    const turn = turnOf(r);
    if (r.gameId !== null && turn !== null)
      latestTurn.set(r.gameId, Math.max(turn, latestTurn.get(r.gameId) ?? turn));
  }
  return rows
    .filter((r) => {
      if (r.doneAt === null || r.doneAt.getTime() > cutoff || r.gameId === null) return false;
      const status = statusOf.get(r.gameId);
      if (status === undefined || status === 'finished' || status === 'cancelled') return true;
      if (status !== 'active') return false;
      const turn = turnOf(r);
      return turn !== null && turn < (latestTurn.get(r.gameId) ?? turn);
    })
    .map((r) => r.id);
}

/** The columns pruning reads of a schedule row, picked from either dialect's table. */
export function retentionColumns<T extends { id: Column; gameId: Column; doneAt: Column; payload: Column }>(
  table: T,
): Pick<T, 'id' | 'gameId' | 'doneAt' | 'payload'> {
  return { id: table.id, gameId: table.gameId, doneAt: table.doneAt, payload: table.payload };
}

/**
 * `rowsToDelete` over what a backend read: the rows' `retentionColumns` (payload as stored JSON) of a batch
 * of games, and those games' statuses.
 */
export function storedRowsToDelete(
  rows: readonly (Omit<RetentionRow, 'payload'> & { readonly payload: string })[],
  statuses: readonly { readonly id: number; readonly status: string }[],
  now: Date,
): number[] {
  return rowsToDelete(
    rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> })),
    new Map(statuses.map((g) => [g.id, g.status as GameStatus])),
    now,
  );
}
