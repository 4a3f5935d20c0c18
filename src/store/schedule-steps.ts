/**
 * What the schedule decides, whichever database holds it: the row a plan inserts and how a row reads
 * back, which rows a close, a postponement or a game's cancellation may touch and what it writes there,
 * how a key prefix is matched, and when a time-out's row fired twice. Both backends (schedule-store.ts,
 * pg-schedule.ts) only run these, as lobby-steps.ts and game-steps.ts are run for lobbies and moves.
 *
 * A close stays one conditional UPDATE (no read first): under PostgreSQL's row locks two shards racing
 * for a row see one update succeed and the other find it done, so a row fires at most once. The decision
 * is therefore a `ScheduleChange`: the values to write and the rows they may be written to (`RowFilter`),
 * and `filterWhere` is the one translation of such a filter into a WHERE, for either dialect's table
 * (drizzle's operators render in the dialect of the columns they are given).
 */
import { and, type Column, eq, gte, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import type { PlannedRow, ScheduledRow } from './records.ts';

/** The outcome of a row whose change happened (a time-out played, a reminder sent). */
export const FIRED = 'fired';
/** The outcome `cancelGame` gives by default. */
export const CANCELLED = 'cancelled';

/** The columns of a new row; its id is the database's, and a key planned before keeps its row. */
export function plannedColumns(row: PlannedRow, now: Date) {
  return {
    key: row.key,
    gameId: row.gameId,
    kind: row.kind,
    dueAt: row.dueAt,
    payload: JSON.stringify(row.payload),
    createdAt: now,
  };
}

/** A row as stored (payload as JSON text), as both tables read. */
export interface StoredScheduleRow {
  readonly id: number;
  readonly key: string;
  readonly gameId: number | null;
  readonly kind: string;
  readonly dueAt: Date;
  readonly payload: string;
  readonly doneAt: Date | null;
  readonly outcome: string | null;
}

/** A stored row as the store returns it. */
export function scheduledRow(r: StoredScheduleRow): ScheduledRow {
  return {
    id: r.id,
    key: r.key,
    gameId: r.gameId,
    kind: r.kind,
    dueAt: r.dueAt,
    payload: JSON.parse(r.payload) as Record<string, unknown>,
    doneAt: r.doneAt,
    outcome: r.outcome,
  };
}

/**
 * Keys starting with `prefix`, as a range (`from` ≤ key < `below`) that the unique index on `key` answers
 * directly (SQLite's LIKE is case-insensitive and cannot use it). Compared in code-point order: PostgreSQL's
 * key column is `COLLATE "C"` so that it orders as SQLite does.
 */
export function keyRange(prefix: string): { readonly from: string; readonly below: string } {
  return { from: prefix, below: `${prefix}\u{10ffff}` };
}

/** Whether one of the fired rows' keys read (those in `keyRange(prefix)`, closed as `FIRED`) ends with `suffix`. */
export function anyFired(keys: readonly string[], suffix = ''): boolean {
  return keys.some((key) => key.endsWith(suffix));
}

/** Of the rows a plan offered, those the insert reports added (their keys never planned before), in order. */
export function addedRows(
  rows: readonly PlannedRow[],
  added: readonly { readonly key: string }[],
): PlannedRow[] {
  const keys = new Set(added.map((r) => r.key));
  return rows.filter((row) => keys.has(row.key));
}

/** Which rows a change may touch: always pending ones, of one id or of one game, due by a time if given. */
export interface RowFilter {
  readonly id?: number;
  readonly gameId?: GameId;
  /** Only rows due no later than this (a row postponed meanwhile is left alone). */
  readonly dueBy?: Date;
}

/** Values to write to the rows `only` admits. */
export interface ScheduleChange<Set> {
  readonly set: Set;
  readonly only: RowFilter;
}

type Closing = { readonly doneAt: Date; readonly outcome: string };

/** Closes row `id` with `outcome` if it is still pending (a second close finds it done and changes nothing). */
export function markDone(id: number, outcome: string, now: Date): ScheduleChange<Closing> {
  return { set: { doneAt: now, outcome }, only: { id } };
}

/** Closes row `id` only if it is pending and due no later than `dueBy` (not postponed since it was read). */
export function closeIfDue(id: number, dueBy: Date, outcome: string, now: Date): ScheduleChange<Closing> {
  return { set: { doneAt: now, outcome }, only: { id, dueBy } };
}

/** Moves a pending row's due time (a reminder deferred to the end of quiet hours): still one row. */
export function postpone(id: number, dueAt: Date): ScheduleChange<{ readonly dueAt: Date }> {
  return { set: { dueAt }, only: { id } };
}

/**
 * Takes a pending row due no later than `dueBy`, moving it to `dueAt` (and replacing its payload when given):
 * a lease. A row taken until `dueAt` is due again then, so a process that died holding it is replaced; two
 * processes taking it at once see one update succeed (the other finds it due later), and its holder renews
 * it, writes what it did, or lets it go until a retry with the same call and its lease as `dueBy`.
 */
export function claim(
  id: number,
  dueBy: Date,
  dueAt: Date,
  payload?: Record<string, unknown>,
): ScheduleChange<{ readonly dueAt: Date; readonly payload?: string }> {
  return {
    set: payload === undefined ? { dueAt } : { dueAt, payload: JSON.stringify(payload) },
    only: { id, dueBy },
  };
}

/** A game that ended or lost its channel: every row of it still pending closes with `outcome`. */
export function cancelGame(gameId: GameId, outcome: string, now: Date): ScheduleChange<Closing> {
  return { set: { doneAt: now, outcome }, only: { gameId } };
}

/** A change applied to exactly one row reports true; one that found nothing to touch, false. */
export function changedOne(rowCount: number | null | undefined): boolean {
  return rowCount === 1;
}

/**
 * The row a move fires (`alongside.fireRow`) closes in the move's transaction; if it was closed already,
 * another run fired it, and the move must not be written twice: throws, which rolls the move back.
 */
export function checkFiredOnce(closed: boolean, rowId: number, gameId: GameId): void {
  if (!closed) throw new Error(`scheduled row ${rowId} of game #${gameId} fired twice`);
}

/** The schedule table's columns the filters read, in either dialect. */
export interface ScheduleColumns {
  readonly id: Column;
  readonly key: Column;
  readonly gameId: Column;
  readonly dueAt: Column;
  readonly doneAt: Column;
}

/** `filter` as a WHERE on `table`: the one place the rule "pending, this id or game, due by" is written. */
export function filterWhere(table: ScheduleColumns, filter: RowFilter): SQL | undefined {
  return and(
    filter.id === undefined ? undefined : eq(table.id, filter.id),
    filter.gameId === undefined ? undefined : eq(table.gameId, filter.gameId),
    isNull(table.doneAt),
    filter.dueBy === undefined ? undefined : lte(table.dueAt, filter.dueBy),
  );
}

/** `keyRange(prefix)` as a WHERE on `table`. */
export function prefixWhere(table: ScheduleColumns, prefix: string): SQL | undefined {
  const range = keyRange(prefix);
  return and(gte(table.key, range.from), lt(table.key, range.below));
}
