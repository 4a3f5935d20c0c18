/**
 * The SQLite side of a move: the file opened read-only (the connection cannot write it, whatever runs on
 * it), after checks that it is a Scarab database whose migrations are exactly the committed ones; an older
 * file would lack columns, a newer one have columns this version cannot copy.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { STATE_REWRITES } from './data-migrations.ts';
import { MIGRATIONS_FOLDER, type ScarabDrizzle } from './database.ts';
import { MoveError, reason } from './move-to-postgres-error.ts';
import * as schema from './schema.ts';

export interface MoveSource {
  readonly path: string;
  readonly sqlite: BetterSqlite3.Database;
  readonly db: ScarabDrizzle;
  close(): void;
}

const SQLITE_HEADER = 'SQLite format 3\0';

export function openSource(path: string): MoveSource {
  const file = resolve(path);
  checkHeader(file);
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new MoveError(`cannot open ${file} read-only: ${reason(error)}`, { cause: error });
  }
  try {
    checkSchema(sqlite, file);
  } catch (error) {
    sqlite.close();
    if (error instanceof MoveError) throw error;
    throw new MoveError(`cannot read ${file}: ${reason(error)}`, { cause: error });
  }
  return { path: file, sqlite, db: drizzle(sqlite, { schema }), close: () => sqlite.close() };
}

function checkHeader(file: string): void {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new MoveError(`${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof MoveError) throw error;
    throw new MoveError(`cannot find the SQLite database ${file}: ${reason(error)}`, { cause: error });
  }
  const header = Buffer.alloc(SQLITE_HEADER.length);
  let read = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      read = readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new MoveError(`cannot read ${file}: ${reason(error)}`, { cause: error });
  }
  // An empty file would open as an empty database: it holds nothing to move, so it is refused as well.
  if (size === 0 || read < header.length || header.toString('latin1') !== SQLITE_HEADER) {
    throw new MoveError(`${file} is not a SQLite database (it does not start with the SQLite header)`);
  }
}

function checkSchema(sqlite: BetterSqlite3.Database, file: string): void {
  const tables = new Set(
    sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
  );
  if (!tables.has('__drizzle_migrations') || !tables.has('games')) {
    throw new MoveError(`${file} is a SQLite database but not Scarab's (it has no games or no migrations)`);
  }
  const applied = sqlite
    .prepare('select created_at from __drizzle_migrations order by created_at')
    .pluck()
    .all()
    .map(Number);
  const committed = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
  const newest = applied.at(-1) ?? 0;
  const expected = committed.at(-1) ?? 0;
  if (newest > expected) {
    throw new MoveError(
      `${file} was migrated by a newer Scarab than this one (${applied.length} migrations, this version ` +
        `knows ${committed.length}): move it with that version`,
    );
  }
  if (newest < expected) {
    throw new MoveError(
      `${file} was made by an older Scarab (${applied.length} of ${committed.length} migrations): start ` +
        'the current bot on it once (or run `npm run games -- verify` with DATABASE_PATH set to it) so ' +
        'its migrations run, stop the bot, then move it',
    );
  }
  // Its games must be of today's state shape, as the target records for itself (data-migrations.ts).
  const done = tables.has('data_migrations')
    ? new Set(sqlite.prepare('select name from data_migrations').pluck().all() as string[])
    : new Set<string>();
  const missing = STATE_REWRITES.filter((m) => !done.has(m.name));
  if (missing.length > 0) {
    throw new MoveError(
      `${file}'s games were stored by an older Scarab (not yet rewritten: ${missing.map((m) => m.name).join(', ')}): ` +
        'start the current bot on it once (or run `npm run games -- verify` with DATABASE_PATH set to it) ' +
        'so they are, stop the bot, then move it',
    );
  }
}

/** The highest id SQLite ever gave in `table` (AUTOINCREMENT remembers deleted rows' ids too), or 0. */
export function highestIdEver(source: MoveSource, table: string, column: string): number {
  const hasSequence = source.sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'")
    .get();
  const remembered = hasSequence
    ? ((source.sqlite.prepare('select seq from sqlite_sequence where name = ?').pluck().get(table) as
        | number
        | undefined) ?? 0)
    : 0;
  const present = source.sqlite
    .prepare(`select coalesce(max("${column}"), 0) from "${table}"`)
    .pluck()
    .get() as number;
  return Math.max(remembered, present);
}
