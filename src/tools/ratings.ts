/**
 * `npm run ratings -- recompute | check`: ratings rebuilt from the finished games. The database is the one
 * the bot uses (DATABASE_PATH, default ./data/scarab.db). Both run in one transaction, so the bot may keep
 * running: it waits for the write lock for a moment and then carries on from the recomputed ratings.
 */

import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { RatingSnapshot } from '../ratings/queries.ts';
import { RatingBook, type RecomputeReport } from '../ratings/rating-book.ts';
import {
  DatabaseOpenError,
  databasePathFromEnv,
  openDatabase,
  type ScarabDatabase,
} from '../store/database.ts';

export interface RatingsCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
}

const USAGE = `usage: npm run ratings -- <command>
  recompute   rebuild every rating from the finished games, and say what changed
  check       recompute without saving; exit 1 if the stored ratings differ
The database is DATABASE_PATH (default ./data/scarab.db).`;

/** Recomputing never reads a game's state, so no game module needs to be loaded. */
export function runRatingsCli(args: readonly string[], io: RatingsCliIo): number {
  const [command, ...rest] = args;
  if ((command !== 'recompute' && command !== 'check') || rest.length > 0) {
    io.stderr(
      `${command === undefined ? 'no command given' : `cannot understand: ${args.join(' ')}`}\n${USAGE}`,
    );
    return 2;
  }
  let database: ScarabDatabase;
  try {
    database = openDatabase(databasePathFromEnv(io.env), { backgroundCheckpoints: false });
  } catch (error) {
    if (!(error instanceof DatabaseOpenError)) throw error;
    io.stderr(`error: ${error.message}`);
    return 1;
  }
  try {
    const book = new RatingBook(database);
    const keep = command === 'recompute';
    const sqlite = database.sqlite;
    sqlite.exec('BEGIN IMMEDIATE');
    let report: RecomputeReport;
    let diff: Differences;
    try {
      const before = book.snapshot();
      report = book.recomputeInTransaction();
      diff = differences(before, book.snapshot());
      // A check leaves the file exactly as it was.
      sqlite.exec(keep ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
    io.stdout(`${report.ratedGames} rated games, ${report.ratings} ratings (players × scopes)`);
    if (diff.same) {
      io.stdout('the stored ratings equal the recomputed ones');
      return 0;
    }
    io.stdout(
      `${keep ? 'recomputed; before, ' : ''}${diff.ratings} ratings and ${diff.changes} rating changes differed from the recomputed ones`,
    );
    if (diff.example) io.stdout(`first difference: ${diff.example}`);
    return keep ? 0 : 1;
  } catch (error) {
    if (error instanceof Error && error.name === 'SqliteError') {
      io.stderr(`error: the database failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    database.close();
  }
}

interface Differences {
  readonly same: boolean;
  readonly ratings: number;
  readonly changes: number;
  readonly example: string | null;
}

function differences(before: RatingSnapshot, after: RatingSnapshot): Differences {
  const rows = <T>(list: readonly T[], key: (row: T) => string) => new Map(list.map((r) => [key(r), r]));
  const ratingKey = (r: RatingSnapshot['ratings'][number]) => `${r.gameType} ${r.scope} ${r.userId}`;
  const changeKey = (r: RatingSnapshot['changes'][number]) => `game #${r.gameId} ${r.scope} ${r.userId}`;
  const count = <T>(a: readonly T[], b: readonly T[], key: (row: T) => string): [number, string | null] => {
    const left = rows(a, key);
    const right = rows(b, key);
    let n = 0;
    let example: string | null = null;
    for (const k of new Set([...left.keys(), ...right.keys()])) {
      if (isDeepStrictEqual(left.get(k), right.get(k))) continue;
      n++;
      example ??= `${k}: stored ${JSON.stringify(left.get(k) ?? null)}, recomputed ${JSON.stringify(right.get(k) ?? null)}`;
    }
    return [n, example];
  };
  const [ratings, e1] = count(before.ratings, after.ratings, ratingKey);
  const [changes, e2] = count(before.changes, after.changes, changeKey);
  return { same: ratings === 0 && changes === 0, ratings, changes, example: e1 ?? e2 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = runRatingsCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
  });
}
