/**
 * What is due later (`store.schedule`): reminders, time-outs, vacation ends, deferred nudges. Rows, not
 * timers: the bot keeps one timer for the earliest row, and after a restart it finds every overdue row
 * here. Planning is idempotent by key; a row is marked done once, in the transaction of the change it
 * causes when it causes one, so it fires at most once whatever crashes in between. A row that must
 * happen exactly once (a season's podium) is claimed for a lease instead (`claim`) and closed after.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import type { PlannedRow, ScheduledRow, ShardSet } from './records.ts';
import { retentionColumns, retentionCutoff, storedRowsToDelete } from './schedule-retention.ts';
import * as steps from './schedule-steps.ts';
import { games, schedule } from './schema.ts';
import type { StoreCore } from './store-core.ts';

export type { PlannedRow, ScheduledRow, ShardSet } from './records.ts';

/** SQLite's integers are 64-bit: a snowflake (< 2^63) shifts exactly. */
function onShards(shards: ShardSet | undefined): SQL | undefined {
  if (!shards || shards.count <= 1) return undefined;
  const shardOfRow = sql`coalesce((select (cast(${games.guildId} as integer) >> 22) % ${shards.count} from ${games} where ${games.id} = ${schedule.gameId}), 0)`;
  return sql`${shardOfRow} in (${sql.join(
    shards.ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Games read and rows deleted per statement while pruning: far below SQLite's 32766 parameters. */
export const PRUNE_BATCH = 500;

/** Splits `items` into runs of at most `size`. */
export function batches<T>(items: readonly T[], size = PRUNE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Writes a decision of schedule-steps.ts; returns how many rows it changed. */
function write(core: StoreCore, decision: steps.ScheduleChange<object>): number {
  return core.database.db
    .update(schedule)
    .set(decision.set)
    .where(steps.filterWhere(schedule, decision.only))
    .run().changes;
}

export class ScheduleStore {
  constructor(private readonly core: StoreCore) {}

  /** Adds the row unless its key was planned before; true when added. */
  plan(row: PlannedRow): boolean {
    const result = this.core.database.db
      .insert(schedule)
      .values(steps.plannedColumns(row, this.core.now()))
      .onConflictDoNothing({ target: schedule.key })
      .run();
    return steps.changedOne(result.changes);
  }

  /**
   * Adds the rows whose keys were never planned, in one statement; returns those added. Run inside a move's
   * transaction (`alongside.schedule`), so a move and what it makes due commit together.
   */
  planAll(rows: readonly PlannedRow[]): PlannedRow[] {
    if (rows.length === 0) return [];
    const now = this.core.now();
    const added = this.core.database.db
      .insert(schedule)
      .values(rows.map((row) => steps.plannedColumns(row, now)))
      .onConflictDoNothing({ target: schedule.key })
      .returning({ key: schedule.key })
      .all();
    return steps.addedRows(rows, added);
  }

  find(key: string): ScheduledRow | undefined {
    const r = this.core.database.db.select().from(schedule).where(eq(schedule.key, key)).get();
    return r ? steps.scheduledRow(r) : undefined;
  }

  /** Marks a row done only if it is still pending and due no later than `dueBy` (not postponed meanwhile). */
  closeIfDue(id: number, dueBy: Date, outcome: string): boolean {
    return steps.changedOne(write(this.core, steps.closeIfDue(id, dueBy, outcome, this.core.now())));
  }

  /** Moves a pending row's due time (a reminder deferred to the end of quiet hours): still one row. */
  postpone(id: number, dueAt: Date): boolean {
    return steps.changedOne(write(this.core, steps.postpone(id, dueAt)));
  }

  /** Takes a pending row due by `dueBy` until `dueAt`, with a new payload if given (schedule-steps.ts `claim`). */
  claim(id: number, dueBy: Date, dueAt: Date, payload?: Record<string, unknown>): boolean {
    return steps.changedOne(write(this.core, steps.claim(id, dueBy, dueAt, payload)));
  }

  /**
   * Whether some row whose key starts with `prefix` (and ends with `suffix`) fired — not obsolete or
   * cancelled. Asked on every move, so a range over the key's index, never a scan (SQLite's LIKE is
   * case-insensitive and cannot use that index).
   */
  fired(prefix: string, suffix = ''): boolean {
    return steps.anyFired(this.firedKeys(prefix), suffix);
  }

  /** The keys starting with `prefix` of rows that fired: a range over the key's index, as `fired`. */
  firedKeys(prefix: string): string[] {
    return this.core.database.db
      .select({ key: schedule.key })
      .from(schedule)
      .where(and(steps.prefixWhere(schedule, prefix), eq(schedule.outcome, steps.FIRED)))
      .all()
      .map((r) => r.key);
  }

  /** When the newest row whose key starts with `prefix` was planned, if any. */
  lastPlanned(prefix: string): Date | undefined {
    return this.core.database.db
      .select({ createdAt: schedule.createdAt })
      .from(schedule)
      .where(steps.prefixWhere(schedule, prefix))
      .orderBy(desc(schedule.createdAt))
      .limit(1)
      .get()?.createdAt;
  }

  /** The earliest row not done yet (of `shards`' games, when given). */
  next(shards?: ShardSet): ScheduledRow | undefined {
    const r = this.core.database.db
      .select()
      .from(schedule)
      .where(and(steps.filterWhere(schedule, {}), onShards(shards)))
      .orderBy(asc(schedule.dueAt), asc(schedule.id))
      .limit(1)
      .get();
    return r ? steps.scheduledRow(r) : undefined;
  }

  /** Rows due at `now` and not done, earliest first (of `shards`' games, when given). */
  due(now: Date, limit = 100, shards?: ShardSet): ScheduledRow[] {
    return this.core.database.db
      .select()
      .from(schedule)
      .where(and(steps.filterWhere(schedule, { dueBy: now }), onShards(shards)))
      .orderBy(asc(schedule.dueAt), asc(schedule.id))
      .limit(limit)
      .all()
      .map(steps.scheduledRow);
  }

  /**
   * Marks a row done; false when it already was (another run fired it). Call it inside the transaction
   * of the change the row causes (see `ApplyInput.inSameTransaction`), or alone before a message.
   */
  markDone(id: number, outcome: string): boolean {
    return steps.changedOne(write(this.core, steps.markDone(id, outcome, this.core.now())));
  }

  /** A game that ended or lost its channel: nothing of it is due any more. */
  cancelGame(gameId: GameId, outcome = steps.CANCELLED): number {
    return write(this.core, steps.cancelGame(gameId, outcome, this.core.now()));
  }

  /**
   * Deletes the rows `rowsToDelete` (schedule-retention.ts) gives up, game by game among those with a row
   * done before the retention cutoff; returns how many.
   */
  prune(now: Date): number {
    const db = this.core.database.db;
    const gameIds = db
      .selectDistinct({ gameId: schedule.gameId })
      .from(schedule)
      .where(and(isNotNull(schedule.gameId), lte(schedule.doneAt, retentionCutoff(now))))
      .all()
      .map((r) => r.gameId as number);
    let deleted = 0;
    for (const ids of batches(gameIds)) {
      const rows = db
        .select(retentionColumns(schedule))
        .from(schedule)
        .where(inArray(schedule.gameId, ids))
        .all();
      const statuses = db
        .select({ id: games.id, status: games.status })
        .from(games)
        .where(inArray(games.id, ids))
        .all();
      const doomed = storedRowsToDelete(rows, statuses, now);
      for (const chunk of batches(doomed))
        deleted += db.delete(schedule).where(inArray(schedule.id, chunk)).run().changes;
    }
    return deleted;
  }
}
