/**
 * Checking a copy on PostgreSQL against the SQLite file it came from, on any executor (the move's own
 * transaction before it commits, or a later one): every table row for row in key order, with a count and a
 * checksum per side; every game replayed from its log on PostgreSQL (verify.ts's rules); and the ratings
 * recomputed there from the finished games, in a savepoint rolled back, equal to the copied ones.
 */
import { createHash, type Hash } from 'node:crypto';
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { ratingSnapshot } from '../ratings/pg-queries.ts';
import type { PgRatingBook } from '../ratings/pg-rating-book.ts';
import type { RatingSnapshot } from '../ratings/queries.ts';
import type { MoveSource } from './move-to-postgres-source.ts';
import {
  compareKeys,
  describeKey,
  MOVED_TABLES,
  type MovedTable,
  type NormalRow,
  pgSelect,
  sqliteSelect,
} from './move-to-postgres-tables.ts';
import type { PgExecutor } from './pg-database.ts';
import { actions, games } from './pg-schema.ts';
import type { LoggedActionWithLog } from './replay.ts';
import { games as sqliteGames } from './schema.ts';
import { checkGameLog, verifyGame } from './verify.ts';

export interface TableCheck {
  readonly name: string;
  readonly sqliteRows: number;
  readonly postgresRows: number;
  /** sha256 of the rows in key order, normal form (move-to-postgres-tables.ts), hex. */
  readonly sqliteChecksum: string;
  readonly postgresChecksum: string;
}

export interface CopyCheck {
  readonly tables: readonly TableCheck[];
  /** Games replayed on PostgreSQL. */
  readonly games: number;
  /** Finished games the recompute rated. */
  readonly ratedGames: number;
  /** Empty when the copy is faithful; otherwise one line per difference, for a person to read. */
  readonly differences: readonly string[];
}

/** Rows shown per table, games per move, rating rows: a broken copy is explained, not dumped. */
const EXAMPLES = 5;
const FETCH = 1_000;
const GAME_PAGE = 200;

export async function checkCopy(
  source: MoveSource,
  tx: PgExecutor,
  ratings: PgRatingBook,
  onProgress?: (message: string) => void,
): Promise<CopyCheck> {
  const differences: string[] = [];
  const tables: TableCheck[] = [];
  for (const table of MOVED_TABLES) tables.push(await compareTable(source, tx, table, differences));
  onProgress?.('compared every table row for row');
  const gamesChecked = await replayGames(source, tx, differences);
  onProgress?.(`replayed ${gamesChecked} games on PostgreSQL`);
  const ratedGames = await compareRatings(tx, ratings, differences);
  return { tables, games: gamesChecked, ratedGames, differences };
}

class Side {
  rows = 0;
  readonly hash: Hash = createHash('sha256');
  add(row: NormalRow): string {
    const text = JSON.stringify(row);
    this.hash.update(`${text}\n`);
    this.rows++;
    return text;
  }
}

async function compareTable(
  source: MoveSource,
  tx: PgExecutor,
  table: MovedTable,
  differences: string[],
): Promise<TableCheck> {
  const fromSqlite = source.sqlite.prepare(sqliteSelect(table)).raw(true).iterate() as Iterator<NormalRow>;
  const fromPostgres = postgresRows(tx, table);
  const sqliteSide = new Side();
  const pgSide = new Side();
  let differing = 0;
  const report = (line: string) => {
    if (++differing <= EXAMPLES) differences.push(`${table.name}: ${line}`);
  };
  let a = fromSqlite.next();
  let b = await fromPostgres.next();
  while (!a.done || !b.done) {
    const order = a.done ? 1 : b.done ? -1 : compareKeys(table, a.value, b.value);
    if (order < 0 && !a.done) {
      sqliteSide.add(a.value);
      report(`row (${describeKey(table, a.value)}) is missing on PostgreSQL`);
      a = fromSqlite.next();
    } else if (order > 0 && !b.done) {
      pgSide.add(b.value);
      report(`row (${describeKey(table, b.value)}) is on PostgreSQL but not in the SQLite file`);
      b = await fromPostgres.next();
    } else if (!a.done && !b.done) {
      const left = sqliteSide.add(a.value);
      const right = pgSide.add(b.value);
      if (left !== right)
        report(`row (${describeKey(table, a.value)}) differs: ${columnsDiffering(table, a.value, b.value)}`);
      a = fromSqlite.next();
      b = await fromPostgres.next();
    }
  }
  if (differing > EXAMPLES) differences.push(`${table.name}: ${differing - EXAMPLES} more rows differ`);
  const check: TableCheck = {
    name: table.name,
    sqliteRows: sqliteSide.rows,
    postgresRows: pgSide.rows,
    sqliteChecksum: sqliteSide.hash.digest('hex'),
    postgresChecksum: pgSide.hash.digest('hex'),
  };
  if (check.sqliteRows !== check.postgresRows) {
    differences.push(
      `${table.name}: ${check.sqliteRows} rows in the SQLite file, ${check.postgresRows} on PostgreSQL`,
    );
  } else if (check.sqliteChecksum !== check.postgresChecksum) {
    differences.push(`${table.name}: the checksums differ`);
  }
  return check;
}

/** The table through a cursor in the transaction: a batch of rows in memory at a time. */
async function* postgresRows(tx: PgExecutor, table: MovedTable): AsyncGenerator<NormalRow> {
  const cursor = `move_check_${table.name}`;
  await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for ${pgSelect(table)}`));
  try {
    for (;;) {
      const batch = await tx.execute<Record<string, unknown>>(
        sql.raw(`fetch forward ${FETCH} from ${cursor}`),
      );
      if (batch.rows.length === 0) return;
      for (const row of batch.rows) yield table.columns.map((c) => row[c.name]);
    }
  } finally {
    await tx.execute(sql.raw(`close ${cursor}`));
  }
}

function columnsDiffering(table: MovedTable, a: NormalRow, b: NormalRow): string {
  return table.columns
    .flatMap((c, i) =>
      JSON.stringify(a[i]) === JSON.stringify(b[i])
        ? []
        : [`${c.name} is ${short(a[i])} in the SQLite file, ${short(b[i])} on PostgreSQL`],
    )
    .join('; ');
}

/** Every game on PostgreSQL against its log there, a page of games (and their logs) at a time. */
async function replayGames(source: MoveSource, tx: PgExecutor, differences: string[]): Promise<number> {
  let checked = 0;
  let problems = 0;
  let after = 0;
  for (;;) {
    const page = await tx
      .select()
      .from(games)
      .where(gt(games.id, after))
      .orderBy(asc(games.id))
      .limit(GAME_PAGE);
    if (page.length === 0) break;
    after = page.at(-1)?.id ?? after;
    const logs = new Map<number, LoggedActionWithLog[]>();
    const logged = await tx
      .select({
        gameId: actions.gameId,
        seq: actions.seq,
        seat: actions.seat,
        action: actions.action,
        log: actions.log,
      })
      .from(actions)
      .where(
        inArray(
          actions.gameId,
          page.map((g) => g.id),
        ),
      )
      .orderBy(asc(actions.gameId), asc(actions.seq));
    for (const { gameId, ...action } of logged) {
      const log = logs.get(gameId) ?? [];
      log.push(action);
      logs.set(gameId, log);
    }
    for (const row of page) {
      checked++;
      const problem = checkGameLog(row, logs.get(row.id) ?? []);
      if (problem === null) continue;
      if (++problems > EXAMPLES) continue;
      differences.push(`game #${row.id} (${row.type}) on PostgreSQL: ${problem}${inSource(source, row.id)}`);
    }
  }
  if (problems > EXAMPLES) differences.push(`${problems - EXAMPLES} more games do not replay on PostgreSQL`);
  return checked;
}

/** Whether the SQLite file has the problem too: then the copy is faithful, and the file needs repair. */
function inSource(source: MoveSource, gameId: number): string {
  const row = source.db.select().from(sqliteGames).where(eq(sqliteGames.id, gameId)).get();
  if (!row) return '';
  return verifyGame(source.db, row) === null
    ? ''
    : ' (the SQLite file has this problem too: see `npm run games -- verify` on it)';
}

/** Thrown to roll a savepoint back. */
class Undo extends Error {}

/** Ratings recomputed on PostgreSQL from the finished games, then rolled back: they must be the copied ones. */
async function compareRatings(tx: PgExecutor, ratings: PgRatingBook, differences: string[]): Promise<number> {
  let copied: RatingSnapshot | undefined;
  let recomputed: RatingSnapshot | undefined;
  let ratedGames = 0;
  try {
    await tx.transaction(async (savepoint) => {
      copied = await ratingSnapshot(savepoint);
      ratedGames = (await ratings.recomputeInTransaction(savepoint)).ratedGames;
      recomputed = await ratingSnapshot(savepoint);
      throw new Undo();
    });
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
  }
  if (!copied || !recomputed) throw new Error('the ratings were not compared');
  const lines = [
    ...rowDifferences(
      'ratings',
      copied.ratings,
      recomputed.ratings,
      (r) => `${r.gameType} ${r.scope} ${r.userId}`,
    ),
    ...rowDifferences(
      'rating_changes',
      copied.changes,
      recomputed.changes,
      (r) => `game #${r.gameId} ${r.scope} ${r.userId}`,
    ),
  ];
  if (lines.length > 0) {
    differences.push(
      ...lines.slice(0, EXAMPLES),
      'the copied ratings differ from a recompute on PostgreSQL; if `npm run ratings -- check` fails on the ' +
        'SQLite file too, run `npm run ratings -- recompute` on it (bot stopped), then move it again',
    );
  }
  return ratedGames;
}

function rowDifferences<T>(
  name: string,
  copied: readonly T[],
  recomputed: readonly T[],
  key: (row: T) => string,
): string[] {
  const left = new Map(copied.map((r) => [key(r), JSON.stringify(r)]));
  const right = new Map(recomputed.map((r) => [key(r), JSON.stringify(r)]));
  const lines: string[] = [];
  for (const k of new Set([...left.keys(), ...right.keys()])) {
    if (left.get(k) === right.get(k)) continue;
    lines.push(`${name} ${k}: copied ${left.get(k) ?? 'nothing'}, recomputed ${right.get(k) ?? 'nothing'}`);
  }
  return lines;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
