/**
 * Opening the database: the one place for the path, the pragmas and the migrations. Every failure becomes a
 * `DatabaseOpenError` with a message a person running the bot can act on, and nothing here ever writes to
 * a file that is not already a SQLite database.
 */
import { accessSync, closeSync, constants, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { fromRoot } from '../paths.ts';
import { type Checkpointer, SAFETY_NET_PAGES, startCheckpointer } from './checkpointer.ts';
import * as schema from './schema.ts';
import { runSqliteDataMigrations } from './sqlite-data-migrations.ts';

export type ScarabDrizzle = BetterSQLite3Database<typeof schema>;

export interface ScarabDatabase {
  /** The raw connection: for synchronous transactions (`sqlite.transaction(fn).immediate()`) and pragmas. */
  readonly sqlite: BetterSqlite3.Database;
  readonly db: ScarabDrizzle;
  /** As given (':memory:' for a private in-memory database). */
  readonly path: string;
  close(): void;
}

export const DEFAULT_DATABASE_PATH = './data/scarab.db';
export const MIGRATIONS_FOLDER = fromRoot('src', 'store', 'migrations');

/**
 * How long a writer waits for another connection's write lock before failing with SQLITE_BUSY. Writes are
 * sub-millisecond, so anything near this limit means a stuck process, not contention.
 */
export const BUSY_TIMEOUT_MS = 5_000;

const SQLITE_HEADER = 'SQLite format 3\0';

export class DatabaseOpenError extends Error {
  constructor(
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseOpenError';
  }
}

export function databasePathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.DATABASE_PATH?.trim();
  return fromEnv ? fromEnv : DEFAULT_DATABASE_PATH;
}

export interface OpenDatabaseOptions {
  /** Another migrations folder (tests of older schemas); defaults to the committed one. */
  readonly migrationsFolder?: string;
  /** WAL checkpoints on a worker thread (default: yes, for a file); see checkpointer.ts. */
  readonly backgroundCheckpoints?: boolean;
  /** Where a failing background checkpoint is reported; default: a process warning. */
  readonly onBackgroundError?: (message: string) => void;
}

export function openDatabase(path: string, options: OpenDatabaseOptions = {}): ScarabDatabase {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) checkFileBeforeOpening(path);

  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(path);
  } catch (error) {
    throw new DatabaseOpenError(path, `cannot open the database ${describe(path)}: ${reason(error)}`, {
      cause: error,
    });
  }
  try {
    applyPragmas(sqlite, inMemory);
    const db = drizzle(sqlite, { schema });
    const folder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
    runMigrations(sqlite, db, folder);
    // Games stored by older rules are replayed into today's state shape once (data-migrations.ts), which
    // writes today's columns: a database migrated only so far (tests of older schemas) waits for the rest.
    if (folder === MIGRATIONS_FOLDER)
      for (const problem of runSqliteDataMigrations(sqlite, Date.now))
        process.emitWarning(`a stored game was left in an older shape: ${problem}`);
    let checkpointer: Checkpointer | null = null;
    if (!inMemory && options.backgroundCheckpoints !== false) {
      sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
      const onError = options.onBackgroundError ?? ((message: string) => process.emitWarning(message));
      checkpointer = startCheckpointer(resolve(path), BUSY_TIMEOUT_MS, onError);
    }
    return {
      sqlite,
      db,
      path,
      close: () => {
        checkpointer?.stop();
        sqlite.close();
      },
    };
  } catch (error) {
    sqlite.close();
    if (error instanceof DatabaseOpenError) throw error;
    throw new DatabaseOpenError(path, `cannot use the database ${describe(path)}: ${reason(error)}`, {
      cause: error,
    });
  }
}

function applyPragmas(sqlite: BetterSqlite3.Database, inMemory: boolean): void {
  // First, so that switching the journal mode waits for a lock held by another process instead of failing.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
  if (!inMemory && mode !== 'wal') {
    throw new Error(`the file system refused write-ahead logging (journal_mode is '${String(mode)}')`);
  }
  // NORMAL in WAL mode: a commit survives a crash of this process (it is in the WAL, in the OS's hands);
  // only a power cut or OS crash can lose the last commits since a checkpoint, never corrupt. See README.md.
  sqlite.pragma('synchronous = NORMAL');
  // Off while migrating (see runMigrations), on for everything else.
  sqlite.pragma('foreign_keys = OFF');
}

/**
 * drizzle-kit rebuilds a table (create new, copy, drop old, rename) for many schema changes, and its
 * `PRAGMA foreign_keys=OFF` is ignored inside the migrator's transaction. So migrations run with foreign
 * keys off, and when any ran, the result is checked once they are back on (a full scan: only then).
 */
function runMigrations(sqlite: BetterSqlite3.Database, db: ScarabDrizzle, folder: string): void {
  const before = appliedMigrationCount(sqlite);
  try {
    migrate(db, { migrationsFolder: folder });
  } catch (error) {
    throw new Error(`migrating the schema failed (the migrations were rolled back): ${reason(error)}`, {
      cause: error,
    });
  }
  sqlite.pragma('foreign_keys = ON');
  if (appliedMigrationCount(sqlite) === before) return;
  const broken = sqlite.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) {
    throw new Error(
      `${broken.length} rows break a foreign key after migrating: ${JSON.stringify(broken[0])}`,
    );
  }
}

function appliedMigrationCount(sqlite: BetterSqlite3.Database): number {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return 0;
  return sqlite.prepare('select count(*) from __drizzle_migrations').pluck().get() as number;
}

/**
 * SQLite happily turns a file it cannot read as a database into a fresh one in some cases (and reports
 * others only at the first query), so the path is checked first with plain file-system calls.
 */
function checkFileBeforeOpening(path: string): void {
  const dir = dirname(resolve(path));
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new DatabaseOpenError(
      path,
      `cannot create the directory ${dir} for the database: ${reason(error)}`,
      {
        cause: error,
      },
    );
  }
  try {
    // SQLite creates the -wal and -shm files next to the database, so the directory must be writable too.
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new DatabaseOpenError(path, `the database directory ${dir} is not writable: ${reason(error)}`, {
      cause: error,
    });
  }

  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile())
      throw new DatabaseOpenError(path, `the database path ${describe(path)} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw error;
    if (isErrno(error, 'ENOENT')) return; // A new database: SQLite creates it.
    throw new DatabaseOpenError(path, `cannot read the database file ${describe(path)}: ${reason(error)}`, {
      cause: error,
    });
  }

  const header = Buffer.alloc(SQLITE_HEADER.length);
  let read: number;
  try {
    const fd = openSync(path, constants.O_RDWR);
    try {
      read = readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new DatabaseOpenError(
      path,
      `cannot read and write the database file ${describe(path)}: ${reason(error)}`,
      { cause: error },
    );
  }
  // An empty file is a valid empty database; anything else must start with SQLite's magic string.
  if (size > 0 && (read < header.length || header.toString('latin1') !== SQLITE_HEADER)) {
    throw new DatabaseOpenError(
      path,
      `${describe(path)} is not a SQLite database (it does not start with the SQLite header); ` +
        'refusing to touch it. Point DATABASE_PATH elsewhere or move the file away.',
    );
  }
}

function describe(path: string): string {
  return `'${resolve(path)}'`;
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') {
    return `${error.message} (the file is damaged; it was left as it is: restore a backup or move it away)`;
  }
  return error.message;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
