/**
 * Moving house: a SQLite file's every row into an empty PostgreSQL database (`npm run games --
 * move-to-postgres`). The file is opened read-only and read in one read transaction, so what is copied and
 * what it is checked against are the same snapshot. On PostgreSQL (migrated first) everything happens in
 * one transaction: lock and refuse a non-empty target, copy (move-to-postgres-copy.ts), check the copy
 * (move-to-postgres-verify.ts), and commit only if nothing differs; a difference or an error rolls it all
 * back, leaving the target as empty as it was. Once committed, a fresh `PostgresStore` reads the games back;
 * if it cannot, the move takes its rows back out (TRUNCATE), so a refused move never leaves a target that
 * the next move would refuse as not empty.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { copyTables } from './move-to-postgres-copy.ts';
import { MoveError, reason } from './move-to-postgres-error.ts';
import { type MoveSource, openSource } from './move-to-postgres-source.ts';
import { MOVED_TABLES, quoted } from './move-to-postgres-tables.ts';
import { type CopyCheck, checkCopy, type TableCheck } from './move-to-postgres-verify.ts';
import { PgCore } from './pg-core.ts';
import { openPgDatabase, type PgExecutor } from './pg-database.ts';
import { PostgresStore } from './postgres-store.ts';
import { GAME_STATUSES } from './schema.ts';

export { MoveError } from './move-to-postgres-error.ts';
export type { CopyCheck, TableCheck } from './move-to-postgres-verify.ts';

export interface MoveOptions {
  /** The SQLite file. */
  readonly from: string;
  /** A `postgresql://` URL of an empty (or not yet migrated) database. */
  readonly to: string;
  /** Rows per insert (default 500). */
  readonly batchSize?: number;
  readonly onProgress?: (message: string) => void;
  /** For tests: runs in the move's transaction between the copy and its check (to damage the copy). */
  readonly beforeCheck?: (tx: PgExecutor) => Promise<void>;
  /** For tests: runs after the commit, before the read-back (to damage what was committed). */
  readonly afterCommit?: (db: PgExecutor) => Promise<void>;
}

export interface MoveReport extends CopyCheck {
  /** Committed: the target holds the copy. False when something differed: then it holds nothing new. */
  readonly moved: boolean;
  /** The URL without its password. */
  readonly target: string;
  readonly source: string;
  readonly millis: number;
}

/** Throws `MoveError` for bad input (file, URL, a non-empty target); differences come back in the report. */
export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const started = performance.now();
  return withBothSides(options, async (source, core, target) => {
    class Differs extends Error {
      constructor(readonly check: CopyCheck) {
        super('the copy differs');
      }
    }
    let check: CopyCheck;
    try {
      check = await core.transaction(async (tx) => {
        await copyTables(source, tx, options);
        await options.beforeCheck?.(tx);
        const result = await checkCopy(source, tx, core.ratings, options.onProgress);
        if (result.differences.length > 0) throw new Differs(result);
        return result;
      });
    } catch (error) {
      if (error instanceof MoveError) throw error;
      if (!(error instanceof Differs)) {
        // A row PostgreSQL refuses (a check SQLite did not enforce), a lost connection: all rolled back.
        throw new MoveError(`the move failed and was rolled back, nothing was committed: ${reason(error)}`, {
          cause: error,
        });
      }
      return {
        ...error.check,
        moved: false,
        target,
        source: source.path,
        millis: performance.now() - started,
      };
    }
    await options.afterCommit?.(core.db);
    const differences = await readBack(new PostgresStore(core), check);
    if (differences.length > 0) {
      await emptyTarget(core, target);
      return {
        ...check,
        differences,
        moved: false,
        target,
        source: source.path,
        millis: performance.now() - started,
      };
    }
    return {
      ...check,
      differences,
      moved: true,
      target,
      source: source.path,
      millis: performance.now() - started,
    };
  });
}

/**
 * The check of `moveToPostgres` on a copy made earlier (what is there now against the file), in a
 * transaction that is rolled back: nothing on either side changes.
 */
export async function checkMoved(
  options: Pick<MoveOptions, 'from' | 'to' | 'onProgress'>,
): Promise<CopyCheck> {
  return withBothSides(options, async (source, core) => {
    class Done extends Error {
      constructor(readonly check: CopyCheck) {
        super('checked');
      }
    }
    try {
      await core.transaction(async (tx) => {
        throw new Done(await checkCopy(source, tx, core.ratings, options.onProgress));
      });
    } catch (error) {
      if (error instanceof Done) return error.check;
      throw error;
    }
    throw new Error('unreachable');
  });
}

async function withBothSides<T>(
  options: Pick<MoveOptions, 'from' | 'to'>,
  run: (source: MoveSource, core: PgCore, target: string) => Promise<T>,
): Promise<T> {
  const target = withoutPassword(options.to);
  if (!/^postgres(ql)?:\/\//.test(options.to)) {
    throw new MoveError(`'${target}' is not a PostgreSQL URL (postgresql://user:password@host/database)`);
  }
  // The file first: a bad file is refused before anything touches the target.
  const source = openSource(options.from);
  try {
    let core: PgCore;
    try {
      core = new PgCore(await openPgDatabase(options.to, { poolSize: 2 }));
    } catch (error) {
      throw new MoveError(`cannot connect to and migrate PostgreSQL at ${target}: ${reason(error)}`, {
        cause: error,
      });
    }
    try {
      // One read transaction: the copy and its check see the same snapshot, even if a bot still writes.
      source.sqlite.exec('begin');
      try {
        return await run(source, core, target);
      } finally {
        source.sqlite.exec('commit');
      }
    } finally {
      await core.connection.close();
    }
  } finally {
    source.close();
  }
}

/** After the commit, through the store the bot will use: every game is there and the newest one loads. */
async function readBack(store: PostgresStore, check: CopyCheck): Promise<string[]> {
  const expected = check.tables.find((t) => t.name === 'games')?.sqliteRows ?? 0;
  const counted = await store.countGames(GAME_STATUSES);
  const differences: string[] = [];
  if (counted !== expected)
    differences.push(`PostgresStore counts ${counted} games, the file has ${expected}`);
  const [newest] = await store.listGames(GAME_STATUSES, 1);
  if (newest) {
    try {
      await store.getGame(newest.id);
    } catch (error) {
      differences.push(`PostgresStore cannot read game #${newest.id} back: ${reason(error)}`);
    }
  }
  return differences;
}

/** Takes a committed copy back out: the target is as empty as before the move (its sequences too). */
async function emptyTarget(core: PgCore, target: string): Promise<void> {
  try {
    await core.db.execute(
      sql.raw(`truncate table ${MOVED_TABLES.map((t) => quoted(t.name)).join(', ')} restart identity`),
    );
  } catch (error) {
    throw new MoveError(
      `the copy committed to ${target} does not read back, and removing it failed: drop and recreate that ` +
        `database before moving again (${reason(error)})`,
      { cause: error },
    );
  }
}

/** For messages and the summary: the password in the user part or in a `password=` parameter hidden. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@').replace(/([?&]password=)[^&]*/i, '$1***');
}

export function describeTables(tables: readonly TableCheck[]): string[] {
  const width = Math.max(...tables.map((t) => t.name.length));
  return tables.map(
    (t) =>
      `  ${t.name.padEnd(width)}  ${String(t.postgresRows).padStart(9)} rows  sha256 ${t.postgresChecksum.slice(0, 16)}` +
      (t.sqliteChecksum === t.postgresChecksum && t.sqliteRows === t.postgresRows ? '  =' : '  differs'),
  );
}
