/**
 * `npm run games -- verify | export <id> [file] | import <file> | move-to-postgres --from <file> --to <url>`:
 * maintenance of stored games. The database is the one the bot uses (DATABASE_PATH, default
 * ./data/scarab.db); the bot may keep running meanwhile, except for a move (stop it first: what it writes
 * after the move's snapshot would stay behind in the file).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import {
  DatabaseOpenError,
  databasePathFromEnv,
  openDatabase,
  type ScarabDatabase,
} from '../store/database.ts';
import { StoreError } from '../store/errors.ts';
import { exportGame, ImportError, importGame } from '../store/export-import.ts';
import { describeTables, MoveError, moveToPostgres } from '../store/move-to-postgres.ts';
import { games } from '../store/schema.ts';
import { olderCatalog, verifyAll } from '../store/verify.ts';
import { eachFlag, UsageError } from './cli-args.ts';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  readonly readStdin: () => string;
}

const USAGE = `usage: npm run games -- <command>
  verify                  replay every stored game and report those whose state differs from their log
  export <id> [file]      write game <id> as one JSON file (default game-<id>.json; - for stdout)
  import <file>           add the game in <file> (- for stdin) under a new id, after replaying it
  move-to-postgres --from <file> --to <postgresql://...>
                          copy every row of the SQLite <file> into an empty PostgreSQL database, in one
                          transaction, and check the copy (rows, checksums, replays, ratings) before committing
The database is DATABASE_PATH (default ./data/scarab.db).`;

/** Every game module registers itself when its folder's index.ts is imported. */
export async function loadGameModules(stderr: (text: string) => void): Promise<void> {
  const gamesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'games');
  for (const entry of readdirSync(gamesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const index = join(gamesDir, entry.name, 'index.ts');
    if (!existsSync(index)) continue;
    try {
      await import(pathToFileURL(index).href);
    } catch (error) {
      // Games of this type will be reported as unknown; the others can still be checked.
      stderr(
        `warning: cannot load the game module ${index}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
}

export async function runGamesCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'verify' && rest.length === 0) return withDatabase(io, (db) => verify(db, io));
    if (command === 'export' && (rest.length === 1 || rest.length === 2)) {
      const id = parseId(rest[0] as string);
      return withDatabase(io, (db) => exportCommand(db, id, rest[1], io));
    }
    if (command === 'import' && rest.length === 1) {
      const data = readJson(rest[0] as string, io);
      return withDatabase(io, (db) => {
        const id = importGame(db, data);
        // Said when it was dealt with a card catalog edited since: it replays with the one it was dealt with.
        const row = db.db.select().from(games).where(eq(games.id, id)).get();
        const note = row ? olderCatalog(row) : null;
        io.stdout(
          `imported game #${(data as { game: { id: number } }).game.id} as game #${id}${note ? ` (${note})` : ''}`,
        );
        return 0;
      });
    }
    if (command === 'move-to-postgres') return await moveCommand(rest, io);
    throw new UsageError(command === undefined ? 'no command given' : `cannot understand: ${args.join(' ')}`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof DatabaseOpenError ||
      error instanceof ImportError ||
      error instanceof StoreError ||
      error instanceof MoveError
    ) {
      io.stderr(`error: ${error.message}`);
      return 1;
    }
    if (error instanceof Error && error.name === 'SqliteError') {
      io.stderr(`error: the database failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function withDatabase(io: CliIo, run: (db: ScarabDatabase) => number): number {
  const db = openDatabase(databasePathFromEnv(io.env));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

function verify(db: ScarabDatabase, io: CliIo): number {
  // The file first: pages no running bot has touched since they were damaged only show up here.
  const integrity = db.sqlite.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  const damaged = integrity.map((r) => r.integrity_check).filter((line) => line !== 'ok');
  for (const line of damaged) io.stdout(`database file: ${line}`);
  const report = verifyAll(db);
  for (const p of report.problems) io.stdout(`game #${p.gameId} (${p.type}): ${p.problem}`);
  // Not a problem: each replays with the catalog it was dealt with; said so that an edit is never a surprise.
  for (const p of report.olderCatalogs) io.stdout(`game #${p.gameId} (${p.type}): consistent, ${p.problem}`);
  const verdict = report.problems.length === 0 ? 'all consistent' : `${report.problems.length} inconsistent`;
  io.stdout(`verified ${report.checked} games: ${verdict}`);
  if (damaged.length > 0) io.stdout('the database file itself is damaged: restore a backup');
  return report.problems.length === 0 && damaged.length === 0 ? 0 : 1;
}

function exportCommand(db: ScarabDatabase, id: number, file: string | undefined, io: CliIo): number {
  const text = `${JSON.stringify(exportGame(db, id), null, 2)}\n`;
  if (file === '-') {
    io.stdout(text.trimEnd());
    return 0;
  }
  const target = fromCaller(io, file ?? `game-${id}.json`);
  try {
    // 'wx': never replace a file someone may still need.
    writeFileSync(target, text, { flag: 'wx' });
  } catch (error) {
    io.stderr(`error: cannot write ${target}: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  io.stdout(`exported game #${id} to ${target}`);
  return 0;
}

async function moveCommand(args: readonly string[], io: CliIo): Promise<number> {
  let from: string | undefined;
  let to: string | undefined;
  eachFlag(args, (flag, value, arg) => {
    if (flag === '--from') from = value();
    else if (flag === '--to') to = value();
    else throw new UsageError(`move-to-postgres: cannot understand '${arg}'`);
  });
  if (from === undefined || to === undefined) {
    throw new UsageError('move-to-postgres needs --from <sqlite file> and --to <postgresql:// URL>');
  }
  const report = await moveToPostgres({ from: fromCaller(io, from), to, onProgress: io.stdout });
  const seconds = (report.millis / 1000).toFixed(1);
  if (report.differences.length > 0) {
    io.stderr(`error: the copy on PostgreSQL differs from ${report.source}:`);
    for (const line of report.differences) io.stderr(`  ${line}`);
    io.stderr(`nothing was kept: ${report.target} is as empty as before, ready for the next move`);
    return 1;
  }
  io.stdout(`moved ${report.source} to ${report.target} in ${seconds} s`);
  for (const line of describeTables(report.tables)) io.stdout(line);
  io.stdout(
    `verified: every table's rows and checksum equal; ${report.games} games replay to their stored ` +
      `state; ratings equal a recompute from ${report.ratedGames} rated games`,
  );
  return 0;
}

/** `npm run` moves to the package root; a file named on the command line is meant from where it was typed. */
function fromCaller(io: CliIo, file: string): string {
  return resolve(io.env.INIT_CWD ?? process.cwd(), file);
}

function parseId(text: string): number {
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(`'${text}' is not a game id (a positive whole number)`);
  }
  return id;
}

function readJson(file: string, io: CliIo): unknown {
  let text: string;
  try {
    text = file === '-' ? io.readStdin() : readFileSync(fromCaller(io, file), 'utf8');
  } catch (error) {
    throw new ImportError(`cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${file} is not JSON: ${error instanceof Error ? error.message : error}`);
  }
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  readStdin: () => readFileSync(0, 'utf8'),
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await loadGameModules(processIo.stderr);
  process.exitCode = await runGamesCli(process.argv.slice(2), processIo);
}
