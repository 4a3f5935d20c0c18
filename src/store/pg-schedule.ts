/**
 * `ScheduleStore` on PostgreSQL. Every close is one conditional UPDATE (`done_at IS NULL`): under row
 * locks two shards racing for a row see one update succeed and the other find it done, so a row still
 * fires at most once. Key prefixes are the SQLite store's range, compared in SQLite's byte order whatever
 * the database's locale: the key column is `COLLATE "C"` (pg-schema.ts), so its unique index answers them.
 */
import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { GameId } from './errors.ts';
import type { PgCore } from './pg-core.ts';
import type { PgExecutor } from './pg-database.ts';
import { games, schedule } from './pg-schema.ts';
import type { PlannedRow, ScheduledRow, ShardSet } from './records.ts';
import { retentionColumns, retentionCutoff, storedRowsToDelete } from './schedule-retention.ts';
import * as steps from './schedule-steps.ts';
import { batches } from './schedule-store.ts';

export type { ShardSet } from './records.ts';

/**
 * `numeric`, not `bigint`: a snowflake may not fit a signed int8 in years to come, and text that is not a
 * number counts as 0, as SQLite's `cast(… as integer)` of it does (no error where SQLite gave none).
 */
function onShards(shards: ShardSet | undefined): SQL | undefined {
  if (!shards || shards.count <= 1) return undefined;
  const snowflake = sql`coalesce(substring(${games.guildId} from '^[0-9]+')::numeric, 0)`;
  const shard = sql`mod(div(${snowflake}, 4194304), ${shards.count})`;
  const shardOfRow = sql`coalesce((select ${shard} from ${games} where ${games.id} = ${schedule.gameId}), 0)`;
  return sql`${shardOfRow} in (${sql.join(
    shards.ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** Writes a decision of schedule-steps.ts on `db` (the pool, or a transaction); returns how many rows it changed. */
async function write(db: PgExecutor, decision: steps.ScheduleChange<object>): Promise<number> {
  const result = await db
    .update(schedule)
    .set(decision.set)
    .where(steps.filterWhere(schedule, decision.only));
  return result.rowCount ?? 0;
}

/** `ScheduleStore.markDone` on `db` (the pool, or the transaction of the change the row causes). */
export async function markDone(db: PgExecutor, id: number, outcome: string, now: Date): Promise<boolean> {
  return steps.changedOne(await write(db, steps.markDone(id, outcome, now)));
}

/** `ScheduleStore.planAll` on `db` (the transaction of the move that makes the rows due): one statement. */
export async function planAll(db: PgExecutor, rows: readonly PlannedRow[], now: Date): Promise<PlannedRow[]> {
  if (rows.length === 0) return [];
  const added = await db
    .insert(schedule)
    .values(rows.map((row) => steps.plannedColumns(row, now)))
    .onConflictDoNothing({ target: schedule.key })
    .returning({ key: schedule.key });
  return steps.addedRows(rows, added);
}

/** `ScheduleStore.cancelGame` on `db`; returns how many rows it closed. */
export async function cancelRows(
  db: PgExecutor,
  gameId: GameId,
  outcome: string,
  now: Date,
): Promise<number> {
  return write(db, steps.cancelGame(gameId, outcome, now));
}

export class PgSchedule {
  constructor(private readonly core: PgCore) {}

  async plan(row: PlannedRow): Promise<boolean> {
    const result = await this.core.db
      .insert(schedule)
      .values(steps.plannedColumns(row, this.core.now()))
      .onConflictDoNothing({ target: schedule.key });
    return steps.changedOne(result.rowCount);
  }

  async find(key: string): Promise<ScheduledRow | undefined> {
    const [r] = await this.core.db.select().from(schedule).where(eq(schedule.key, key));
    return r ? steps.scheduledRow(r) : undefined;
  }

  async closeIfDue(id: number, dueBy: Date, outcome: string): Promise<boolean> {
    return steps.changedOne(await write(this.core.db, steps.closeIfDue(id, dueBy, outcome, this.core.now())));
  }

  async postpone(id: number, dueAt: Date): Promise<boolean> {
    return steps.changedOne(await write(this.core.db, steps.postpone(id, dueAt)));
  }

  async claim(id: number, dueBy: Date, dueAt: Date, payload?: Record<string, unknown>): Promise<boolean> {
    return steps.changedOne(await write(this.core.db, steps.claim(id, dueBy, dueAt, payload)));
  }

  async fired(prefix: string, suffix = ''): Promise<boolean> {
    return steps.anyFired(await this.firedKeys(prefix), suffix);
  }

  async firedKeys(prefix: string): Promise<string[]> {
    const rows = await this.core.db
      .select({ key: schedule.key })
      .from(schedule)
      .where(and(steps.prefixWhere(schedule, prefix), eq(schedule.outcome, steps.FIRED)));
    return rows.map((r) => r.key);
  }

  async lastPlanned(prefix: string): Promise<Date | undefined> {
    const [row] = await this.core.db
      .select({ createdAt: schedule.createdAt })
      .from(schedule)
      .where(steps.prefixWhere(schedule, prefix))
      .orderBy(desc(schedule.createdAt))
      .limit(1);
    return row?.createdAt;
  }

  async next(shards?: ShardSet): Promise<ScheduledRow | undefined> {
    const [r] = await this.core.db
      .select()
      .from(schedule)
      .where(and(steps.filterWhere(schedule, {}), onShards(shards)))
      .orderBy(asc(schedule.dueAt), asc(schedule.id))
      .limit(1);
    return r ? steps.scheduledRow(r) : undefined;
  }

  async due(now: Date, limit = 100, shards?: ShardSet): Promise<ScheduledRow[]> {
    const rows = await this.core.db
      .select()
      .from(schedule)
      .where(and(steps.filterWhere(schedule, { dueBy: now }), onShards(shards)))
      .orderBy(asc(schedule.dueAt), asc(schedule.id))
      .limit(limit);
    return rows.map(steps.scheduledRow);
  }

  markDone(id: number, outcome: string): Promise<boolean> {
    return markDone(this.core.db, id, outcome, this.core.now());
  }

  cancelGame(gameId: GameId, outcome = steps.CANCELLED): Promise<number> {
    return write(this.core.db, steps.cancelGame(gameId, outcome, this.core.now()));
  }

  /** `ScheduleStore.prune`: the same reads, the same decision (schedule-retention.ts). */
  async prune(now: Date): Promise<number> {
    const db = this.core.db;
    const gameIds = (
      await db
        .selectDistinct({ gameId: schedule.gameId })
        .from(schedule)
        .where(and(isNotNull(schedule.gameId), lte(schedule.doneAt, retentionCutoff(now))))
    ).map((r) => r.gameId as number);
    let deleted = 0;
    for (const ids of batches(gameIds)) {
      const rows = await db
        .select(retentionColumns(schedule))
        .from(schedule)
        .where(inArray(schedule.gameId, ids));
      const statuses = await db
        .select({ id: games.id, status: games.status })
        .from(games)
        .where(inArray(games.id, ids));
      const doomed = storedRowsToDelete(rows, statuses, now);
      for (const chunk of batches(doomed))
        deleted += (await db.delete(schedule).where(inArray(schedule.id, chunk))).rowCount ?? 0;
    }
    return deleted;
  }
}
