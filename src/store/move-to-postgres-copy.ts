/**
 * The copy itself, inside the move's PostgreSQL transaction: the target's tables locked and found empty,
 * then every row of every table, streamed from SQLite and inserted a batch at a time, ids kept; then each
 * identity sequence set past every id SQLite ever gave, so a new game never takes an old game's id.
 */
import { sql } from 'drizzle-orm';
import { MoveError } from './move-to-postgres-error.ts';
import { highestIdEver, type MoveSource } from './move-to-postgres-source.ts';
import { MOVED_TABLES, type MovedTable, quoted } from './move-to-postgres-tables.ts';
import type { PgExecutor } from './pg-database.ts';

export interface CopyOptions {
  /** Rows per insert (default 500; fewer for wide tables, PostgreSQL takes at most 65,535 parameters). */
  readonly batchSize?: number;
  readonly onProgress?: (message: string) => void;
}

export interface CopiedTable {
  readonly name: string;
  readonly rows: number;
}

const MAX_PARAMETERS = 65_535;
const PROGRESS_EVERY = 100_000;

export async function copyTables(
  source: MoveSource,
  tx: PgExecutor,
  options: CopyOptions = {},
): Promise<CopiedTable[]> {
  // EXCLUSIVE: a bot or a second move on the target waits for this transaction, and then sees its result.
  await tx.execute(
    sql.raw(`lock table ${MOVED_TABLES.map((t) => quoted(t.name)).join(', ')} in exclusive mode`),
  );
  await refuseUnlessEmpty(tx);
  const copied: CopiedTable[] = [];
  for (const table of MOVED_TABLES) {
    const rows = await copyTable(source, tx, table, options);
    if (table.identity) await setSequencePast(source, tx, table, table.identity);
    copied.push({ name: table.name, rows });
    options.onProgress?.(`copied ${table.name}: ${rows} rows`);
  }
  return copied;
}

async function refuseUnlessEmpty(tx: PgExecutor): Promise<void> {
  const holding: string[] = [];
  for (const table of MOVED_TABLES) {
    const result = await tx.execute<{ found: boolean }>(
      sql.raw(`select exists (select 1 from ${quoted(table.name)}) as found`),
    );
    if (result.rows[0]?.found) holding.push(table.name);
  }
  if (holding.length > 0) {
    throw new MoveError(
      `the PostgreSQL database is not empty (rows in ${holding.join(', ')}): a move only goes into an ` +
        'empty database, so nothing was written. Create a new database for it (or drop this one)',
    );
  }
}

async function copyTable(
  source: MoveSource,
  tx: PgExecutor,
  table: MovedTable,
  options: CopyOptions,
): Promise<number> {
  const perBatch = Math.max(
    1,
    Math.min(options.batchSize ?? 500, Math.floor(MAX_PARAMETERS / table.columns.length)),
  );
  const names = table.columns.map((c) => quoted(c.name)).join(', ');
  const order = table.key.map((c) => quoted(c.name)).join(', ');
  // iterate(): one row in memory at a time, however large the file.
  const rows = source.sqlite
    .prepare(`select ${names} from ${quoted(table.name)} order by ${order}`)
    .raw(true)
    .iterate() as IterableIterator<unknown[]>;
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.insert(table.pg).values(batch);
    count += batch.length;
    if (Math.floor(count / PROGRESS_EVERY) !== Math.floor((count - batch.length) / PROGRESS_EVERY)) {
      options.onProgress?.(`copying ${table.name}: ${count} rows`);
    }
    batch = [];
  };
  for (const raw of rows) {
    const values: Record<string, unknown> = {};
    table.columns.forEach((column, i) => {
      const value = raw[i];
      // drizzle's own reading of the SQLite value (a Date, a boolean), which its PostgreSQL side then writes.
      values[column.key] = value === null ? null : column.sqlite.mapFromDriverValue(value);
    });
    batch.push(values);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return count;
}

async function setSequencePast(
  source: MoveSource,
  tx: PgExecutor,
  table: MovedTable,
  column: string,
): Promise<void> {
  const next = highestIdEver(source, table.name, column) + 1;
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${quoted(table.name)}, ${column}), ${next}, false)`,
  );
}
