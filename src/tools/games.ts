/**
 * `npm run games -- verify | export <id> [file] | import <file> [--count-in-stats] | move-to-postgres --from
 * <file> --to <url> | forget <user id>`: maintenance of stored games, and forgetting a person who asked
 * (src/discord/forget-person.ts, as `/privacy` does). The database is the one the bot uses (DATABASE_URL when
 * set, else DATABASE_PATH, default ./data/scarab.db), through the `Store` contract; the bot may keep running
 * meanwhile, except for a move (stop it first: what it writes after the move's snapshot would stay behind in
 * the file).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { forgetPerson } from '../discord/forget-person.ts';
import { listGames } from '../games/registry.ts';
import { catalogNote } from '../store/catalog-pins.ts';
import { DatabaseOpenError, type ScarabDatabase } from '../store/database.ts';
import { StoreError } from '../store/errors.ts';
import {
  type GameExport,
  ImportError,
  prepareImport,
  recordOf,
  STORED_COMPUTER_KINDS,
} from '../store/export-import.ts';
import { MAX_RECORD_BYTES, parseRecordBytes, tooLarge } from '../store/game-record-schema.ts';
import { describeTables, MoveError, moveToPostgres } from '../store/move-to-postgres.ts';
import { openPostgresStore } from '../store/postgres-store.ts';
import { SqliteStore } from '../store/sqlite-store.ts';
import { openStore } from '../store/startup.ts';
import type { Store } from '../store/store.ts';
import { eachFlag, UsageError } from './cli-args.ts';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Standard input whole (bytes, or text already decoded). */
  readonly readStdin: () => Uint8Array | string;
}

const USAGE = `usage: npm run games -- <command>
  verify                  replay every stored game and report those whose state differs from their log
  export <id> [file]      write game <id> as one JSON file (default game-<id>.json; - for stdout)
  import <file> [--count-in-stats]
                          add the game in <file> (- for stdin) under a new id, after checking every field
                          and replaying it; refused if the database holds the game already. An imported
                          game counts in nobody's statistics or ratings unless --count-in-stats says so
                          (then it is rated as a lobby would have rated it)
  move-to-postgres --from <file> --to <postgresql://...>
                          copy every row of the SQLite <file> into an empty PostgreSQL database, in one
                          transaction, and check the copy (rows, checksums, replays, ratings) before committing
  forget <user id>        forget a person (their Discord id) as /privacy's delete does: their seats in running
                          games pass to computer players (the running bot tells each table), their seats in
                          finished games read "a former player", their settings, votes, reminders and
                          ratings are deleted, and every rating is recomputed without them
The database is the bot's: DATABASE_URL (PostgreSQL) when set, else DATABASE_PATH (default ./data/scarab.db),
from the environment or .env.`;

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
    if (command === 'verify' && rest.length === 0) return await withStore(io, (store) => verify(store, io));
    if (command === 'export' && (rest.length === 1 || rest.length === 2)) {
      const id = parseId(rest[0] as string);
      return await withStore(io, (store) => exportCommand(store, id, rest[1], io));
    }
    if (command === 'import') {
      const { file, countInStats } = importArgs(rest);
      // Read and checked before the database opens: a refused file touches nothing.
      const data = readRecord(file, io);
      const imported = prepareImport(data, {
        countInStats,
        // The adapters (and the drawing code they bring) are loaded only for a record seating a computer.
        ...(seatsComputers(data) ? { computerKinds: await installedComputerKinds() } : {}),
      });
      return await withStore(io, async (store) => {
        const id = await store.importGame(imported);
        const counts = countInStats
          ? 'it counts in statistics and ratings (--count-in-stats)'
          : 'it counts in nobody’s statistics or ratings (--count-in-stats to count it)';
        // Said when it was dealt with a card catalog edited since: it replays with the one it was dealt with.
        const module = listGames().find((g) => g.id === imported.columns.type);
        const note = module ? catalogNote(module, imported.columns.options) : null;
        io.stdout(
          `imported game #${imported.originalId} as game #${id}${note ? ` (${note})` : ''}; ${counts}`,
        );
        return 0;
      });
    }
    if (command === 'move-to-postgres') return await moveCommand(rest, io);
    if (command === 'forget' && rest.length === 1) {
      const userId = parseUserId(rest[0] as string);
      return await withStore(io, (store) => forgetCommand(store, userId, io));
    }
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

function importArgs(args: readonly string[]): { file: string; countInStats: boolean } {
  let file: string | undefined;
  let countInStats = false;
  for (const arg of args) {
    if (arg === '--count-in-stats') countInStats = true;
    else if (arg.startsWith('--') || file !== undefined)
      throw new UsageError(`import: cannot understand '${arg}'`);
    else file = arg;
  }
  if (file === undefined) throw new UsageError('import needs a file (- for stdin)');
  return { file, countInStats };
}

function seatsComputers(data: unknown): boolean {
  const seats = (data as { seats?: unknown } | null)?.seats;
  return Array.isArray(seats) && seats.some((s) => (s as { botKind?: unknown } | null)?.botKind != null);
}

/** The kinds of computer each installed game seats (its adapter's), and the players' older names. */
async function installedComputerKinds(): Promise<(type: string) => readonly string[] | undefined> {
  // Loaded here only: the adapters bring their pictures' code, which the other verbs do without.
  const { installedAdapters } = await import('../adapters/installed.ts');
  const kinds = new Map(
    installedAdapters().map((a) => [
      a.game.id,
      [...new Set([...a.computers.kinds, ...(a.computers.thinks ?? []), ...STORED_COMPUTER_KINDS])],
    ]),
  );
  return (type) => kinds.get(type);
}

/**
 * The store the bot would open (src/main.ts): PostgreSQL when DATABASE_URL is set, else the SQLite file at
 * DATABASE_PATH; every verb goes through the `Store` contract, so it works on both.
 */
async function withStore(io: CliIo, run: (store: Store) => Promise<number> | number): Promise<number> {
  const url = io.env.DATABASE_URL;
  if (url !== undefined && url !== '' && !/^postgres(ql)?:\/\//.test(url))
    throw new UsageError('DATABASE_URL must be a postgres:// (or postgresql://) URL');
  let store: Store;
  try {
    store = url ? await openPostgresStore(url) : new SqliteStore(openStore(io.env));
  } catch (error) {
    if (error instanceof DatabaseOpenError || !url) throw error;
    io.stderr(
      `error: cannot open the PostgreSQL database: ${error instanceof Error ? error.message : error}`,
    );
    return 1;
  }
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

async function verify(store: Store, io: CliIo): Promise<number> {
  // The file first: pages no running bot has touched since they were damaged only show up here.
  const damaged = store instanceof SqliteStore ? damagedPages(store.sync.database) : [];
  for (const line of damaged) io.stdout(`database file: ${line}`);
  const report = await store.verifyGames();
  for (const p of report.problems) io.stdout(`game #${p.gameId} (${p.type}): ${p.problem}`);
  // Not a problem: each replays with the catalog it was dealt with; said so that an edit is never a surprise.
  for (const p of report.olderCatalogs) io.stdout(`game #${p.gameId} (${p.type}): consistent, ${p.problem}`);
  const verdict = report.problems.length === 0 ? 'all consistent' : `${report.problems.length} inconsistent`;
  io.stdout(`verified ${report.checked} games: ${verdict}`);
  if (damaged.length > 0) io.stdout('the database file itself is damaged: restore a backup');
  return report.problems.length === 0 && damaged.length === 0 ? 0 : 1;
}

function damagedPages(db: ScarabDatabase): string[] {
  const integrity = db.sqlite.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
  return integrity.map((r) => r.integrity_check).filter((line) => line !== 'ok');
}

/** The game and its log as of one moment: read again while a bot moved it between the two reads. */
async function exportOf(store: Store, id: number): Promise<GameExport> {
  for (let attempt = 0; attempt < 10; attempt++) {
    store.clearCache();
    const game = await store.getGame(id);
    const log = await store.actionLog(id);
    if (log.length === game.version) return recordOf(game, log);
  }
  throw new ImportError(`game #${id} kept moving while it was read: try again`);
}

async function exportCommand(store: Store, id: number, file: string | undefined, io: CliIo): Promise<number> {
  const text = `${JSON.stringify(await exportOf(store, id), null, 2)}\n`;
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

/** A Discord user id: a snowflake, 17 to 20 digits (Discord's first ids, of 2015, have 17). */
function parseUserId(text: string): string {
  if (!/^\d{17,20}$/.test(text) || BigInt(text) >= 2n ** 64n)
    throw new UsageError(
      `'${text}' is not a Discord user id (a snowflake: 17 to 20 digits, e.g. 80351110224678912)`,
    );
  return text;
}

async function forgetCommand(store: Store, userId: string, io: CliIo): Promise<number> {
  const { report, handedOver, lobbies } = await forgetPerson(store, userId, {
    // The running bot's scheduler fires these rows (it tells each table); a stopped bot, at its next start.
    plan: (row) => store.schedule.plan(row),
    now: () => Date.now(),
  });
  io.stdout(
    `forgot ${userId}: ${report.games} game(s) now name them "a former player"` +
      ` (${handedOver.length} running game(s) handed to a computer player, ${lobbies.length} lobby(ies) left);` +
      ` deleted their settings (${report.settings ? 'yes' : 'none stored'}), ${report.votes} vote(s),` +
      ` ${report.scheduleRows} scheduled row(s), ${report.ratings} rating(s) and ${report.ratingChanges} rating` +
      ` change(s); ${report.ratedGames === null ? 'no rating changes without them' : `ratings recomputed from ${report.ratedGames} rated game(s)`}`,
  );
  for (const h of handedOver)
    io.stdout(`  game #${h.gameId}: seat ${h.seat + 1} is now played by the computer player ${h.computer}`);
  return 0;
}

function parseId(text: string): number {
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
    throw new UsageError(`'${text}' is not a game id (a positive whole number)`);
  }
  return id;
}

/** The record's bytes, a file's size checked before it is read: a flood is refused at once. */
function readRecord(file: string, io: CliIo): unknown {
  let bytes: Uint8Array;
  try {
    if (file === '-') {
      const input = io.readStdin();
      bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
    } else {
      const path = fromCaller(io, file);
      const { size } = statSync(path);
      if (size > MAX_RECORD_BYTES) throw tooLarge(file, size);
      bytes = readFileSync(path);
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  }
  return parseRecordBytes(bytes, file);
}

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  readStdin: () => readFileSync(0),
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The bot's own configuration (src/main.ts): DATABASE_URL or DATABASE_PATH from the environment or .env.
  await import('dotenv/config');
  await loadGameModules(processIo.stderr);
  process.exitCode = await runGamesCli(process.argv.slice(2), processIo);
}
