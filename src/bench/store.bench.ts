/**
 * `npm run bench -- store`: the game store's figures, on a real file database in a temporary directory.
 * - committed actions per second, random legal actions over 1,000 running games (goal >= 5,000/s);
 * - database bytes per finished game;
 * - process start to ready with 100,000 finished + 1,000 running games stored (goal <= 2 s);
 * - resident memory with those 1,000 running games loaded (goal <= 150 MB).
 * The game is a parameter (BENCH_GAME): any registered module works. Every game is written by `GameStore`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import { type AnyGame, getGame } from '../games/registry.ts';
import { openDatabase, type ScarabDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { actions, games, seats } from '../store/schema.ts';
import { openStoreOrExit } from '../store/startup.ts';
import type { BenchOptions } from '../tools/bench.ts';
import { compiled } from './compiled.ts';

interface BenchGame {
  readonly type: string;
  /** Imported for its side effect of registering the module. */
  readonly module: string;
  readonly players: number;
}

const VALLEY: BenchGame = {
  type: 'valley',
  module: fileURLToPath(new URL('../games/valley/index.ts', import.meta.url)),
  players: 3,
};
const DICE_RACE: BenchGame = {
  type: 'dice-race',
  module: fileURLToPath(new URL('../../test/fixtures/register-dice-race.ts', import.meta.url)),
  players: 3,
};
export const BENCH_GAME: BenchGame = process.env.STORE_BENCH_GAME === 'dice-race' ? DICE_RACE : VALLEY;

interface Sizes {
  readonly runningGames: number;
  readonly finishedGames: number;
  /** Finished games played for real; the others are copies of these. */
  readonly templateGames: number;
  readonly throughputSeconds: number;
  readonly startupRuns: number;
}

const FULL: Sizes = {
  runningGames: 1_000,
  finishedGames: 100_000,
  templateGames: 100,
  throughputSeconds: 10,
  startupRuns: 5,
};
const QUICK: Sizes = {
  runningGames: 50,
  finishedGames: 500,
  templateGames: 5,
  throughputSeconds: 1,
  startupRuns: 1,
};

const SELF = fileURLToPath(import.meta.url);
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type Report = (figure: { bench: string; [k: string]: unknown }) => void;

export async function run(report: Report, { quick }: BenchOptions): Promise<void> {
  const sizes = quick ? QUICK : FULL;
  const game = BENCH_GAME;
  await import(pathToFileURL(game.module).href);
  const module = getGame(game.type);
  const dir = mkdtempSync(join(tmpdir(), 'scarab-store-bench-'));
  try {
    const running = join(dir, 'running.db');
    throughput(report, game, sizes, module, running);
    const templates = join(dir, 'finished.db');
    bytesPerFinishedGame(report, game, sizes, module, templates);
    const big = join(dir, 'big.db');
    buildBigDatabase(report, game, sizes, big, templates, running);
    await startupAndMemory(report, game, sizes, big);
  } finally {
    // A closed database's checkpoint worker may still be closing its connection: retry briefly.
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
}

function seatsFor(game: BenchGame, n: number) {
  // People, not computer players: the user index then holds realistic numbers of rows.
  return Array.from({ length: game.players }, (_, i) => ({
    userId: String(100_000_000_000_000_000n + BigInt((n * game.players + i) % 5_000)),
    displayName: `Player ${i}`,
  }));
}

function startGame(store: GameStore, game: BenchGame, n: number, rated: boolean | null = null): number {
  const lobby = store.lobbies.create({
    type: game.type,
    guildId: '900000000000000001',
    channelId: String(800_000_000_000_000_000n + BigInt(n % 200)),
    hostUserId: null,
    seats: seatsFor(game, n),
    rated,
  });
  return store.startGame(lobby.id).id;
}

function randomMove(module: AnyGame, state: unknown, rng: RngState) {
  const waiting = module.waitingFor(state);
  const seat = waiting[nextInt(rng, waiting.length)] as number;
  const legal = module.legalActions(state, seat);
  return { seat, action: legal[nextInt(rng, legal.length)] as unknown };
}

function throughput(report: Report, game: BenchGame, sizes: Sizes, module: AnyGame, path: string): void {
  const store = new GameStore(openDatabase(path));
  const rng = seedRng('store-bench');
  let started = performance.now();
  const ids = Array.from({ length: sizes.runningGames }, (_, n) => startGame(store, game, n));
  const setupMs = performance.now() - started;

  let committed = 0;
  let finished = 0;
  let inStore = 0;
  const latencies: number[] = [];
  started = performance.now();
  const deadline = started + sizes.throughputSeconds * 1_000;
  while (performance.now() < deadline) {
    for (let batch = 0; batch < 100; batch++) {
      const index = nextInt(rng, ids.length);
      const id = ids[index] as number;
      const current = store.getGame(id);
      const move = randomMove(module, current.state, rng);
      const t0 = performance.now();
      const applied = store.applyAction(id, { ...move, expectedVersion: current.version });
      const t = performance.now() - t0;
      inStore += t;
      if (committed % 10 === 0) latencies.push(t);
      committed++;
      if (applied.finished) {
        finished++;
        ids[index] = startGame(store, game, sizes.runningGames + finished);
      }
    }
  }
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0, 3);
  report({
    bench: 'store.actions-per-second',
    game: game.type,
    runningGames: sizes.runningGames,
    actionsPerSecond: Math.round(committed / seconds),
    goal: 5_000,
    committed,
    gamesFinished: finished,
    // Without choosing the random move (legalActions), which is the bots' cost, not the store's.
    applyActionPerSecond: Math.round(committed / (inStore / 1_000)),
    applyActionMsP50: quantile(0.5),
    applyActionMsP99: quantile(0.99),
    gamesStartedPerSecond: Math.round(sizes.runningGames / (setupMs / 1_000)),
    synchronous: 'NORMAL',
  });
  store.database.close();
}

function bytesPerFinishedGame(
  report: Report,
  game: BenchGame,
  sizes: Sizes,
  module: AnyGame,
  path: string,
): void {
  const store = new GameStore(openDatabase(path));
  store.database.sqlite.exec('VACUUM');
  const empty = fileBytes(store.database.sqlite);
  const rng = seedRng('finished');
  let actionCount = 0;
  for (let n = 0; n < sizes.templateGames; n++) {
    // Casual: their copies have no rating rows, and a rated game without them would be inconsistent.
    const id = startGame(store, game, n, false);
    for (;;) {
      const current = store.getGame(id);
      if (current.status === 'finished') break;
      store.applyAction(id, { ...randomMove(module, current.state, rng), expectedVersion: current.version });
      actionCount++;
    }
  }
  store.database.sqlite.exec('VACUUM');
  const bytes = fileBytes(store.database.sqlite) - empty;
  // Each table with its indexes (an index's name starts with its table's, or is SQLite's autoindex).
  const objects = store.database.sqlite
    .prepare('select name, sum(pgsize) as bytes from dbstat group by name')
    .all() as { name: string; bytes: number }[];
  const tables = ['games', 'actions', 'seats', 'state_parts'].map((table) => ({
    name: table,
    bytes: objects
      .filter(
        (o) =>
          o.name === table ||
          o.name.startsWith(`${table}_`) ||
          o.name.startsWith(`sqlite_autoindex_${table}_`),
      )
      .reduce((sum, o) => sum + o.bytes, 0),
  }));
  report({
    bench: 'store.bytes-per-finished-game',
    game: game.type,
    games: sizes.templateGames,
    bytesPerGame: Math.round(bytes / sizes.templateGames),
    actionsPerGame: Math.round(actionCount / sizes.templateGames),
    ...Object.fromEntries(
      tables.map((t) => [`${t.name}BytesPerGame`, Math.round(t.bytes / sizes.templateGames)]),
    ),
    averageStateBytes: Math.round(
      store.database.sqlite
        .prepare("select avg(length(state)) from games where status = 'finished'")
        .pluck()
        .get() as number,
    ),
  });
  store.database.close();
}

function fileBytes(sqlite: GameStore['database']['sqlite']): number {
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  const size = sqlite.pragma('page_size', { simple: true }) as number;
  return pages * size;
}

/**
 * The finished games (copies of the played templates, ids shifted, seats spread over 5,000 users) plus the
 * running games of the throughput run, in one file. Every row was written by `GameStore`; only the copying
 * is done in bulk, because playing 100,000 games would take far longer than the benchmark. The copies name
 * every column of `schema.ts` (`copyRows`), so a migration that adds a column cannot leave them behind.
 */
function buildBigDatabase(
  report: Report,
  game: BenchGame,
  sizes: Sizes,
  path: string,
  templates: string,
  running: string,
) {
  const started = performance.now();
  const database = openDatabase(path);
  const { sqlite } = database;
  sqlite.pragma('synchronous = OFF'); // Building only; the child opens it with the real settings.
  sqlite.prepare('attach database ? as t').run(templates);
  sqlite.prepare('attach database ? as r').run(running);
  const maxId = (schema: string) =>
    sqlite.prepare(`select max(id) from ${schema}.games`).pluck().get() as number;
  // 10^k above n: copies' ids keep the original's digits, which makes them easy to read.
  const above = (n: number) => 10 ** String(n).length;
  const perCopy = sqlite.prepare('select count(*) from t.games').pluck().get() as number;
  const stride = above(maxId('t'));
  // A bigint binds as an INTEGER (a number would bind as a REAL and turn the user ids into floats).
  const copy = sqlite.transaction((offset: bigint) => {
    copyRows(database, games, 't', { id: sql`${games.id} + ${offset}` });
    copyRows(database, seats, 't', {
      gameId: sql`${seats.gameId} + ${offset}`,
      userId: sql`case when ${seats.userId} is null then null
        else cast(100000000000000000 + (${seats.gameId} + ${offset}) * 7 % 5000 + ${seats.seat} as text) end`,
    });
    copyRows(database, actions, 't', { gameId: sql`${actions.gameId} + ${offset}` });
  });
  // The parts the states share (state-parts.ts), once: copies refer to the same ones.
  for (const schema of ['t', 'r'])
    sqlite.exec(
      `insert or ignore into main.state_parts (hash, json) select hash, json from ${schema}.state_parts`,
    );
  // Copy k gets ids k * stride + template id.
  for (let k = 1; (k - 1) * perCopy < sizes.finishedGames; k++) copy(BigInt(k * stride));
  // Games that finished during the throughput run come along.
  const base = BigInt(above(maxId('main')));
  sqlite.transaction(() => {
    copyRows(database, games, 'r', { id: sql`${games.id} + ${base}` });
    copyRows(database, seats, 'r', { gameId: sql`${seats.gameId} + ${base}` });
    copyRows(database, actions, 'r', { gameId: sql`${actions.gameId} + ${base}` });
  })();
  sqlite.exec('detach database t; detach database r');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const counts = sqlite
    .prepare('select status, count(*) as games from games group by status order by status')
    .all() as { status: string; games: number }[];
  const actionCount = sqlite.prepare('select count(*) from actions').pluck().get() as number;
  database.close();
  report({
    bench: 'store.big-database',
    game: game.type,
    ...Object.fromEntries(counts.map((c) => [`${c.status}Games`, c.games])),
    actions: actionCount,
    megabytes: round(statSync(path).size / 2 ** 20, 1),
    buildSeconds: round((performance.now() - started) / 1_000, 1),
  });
}

/**
 * `insert into <table> select <every column> from <attached>.<table>`, with the column list taken from the
 * schema and some columns replaced by expressions (in which a column refers to the attached table's).
 */
function copyRows<T extends SQLiteTable>(
  database: ScarabDatabase,
  table: T,
  from: string,
  replace: Partial<Record<keyof T['_']['columns'], SQL>>,
): void {
  const columns = Object.entries(getTableColumns(table)) as [keyof T['_']['columns'], SQLiteColumn][];
  const name = sql.identifier(getTableName(table));
  const list = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map(([key, column]) => replace[key] ?? sql.identifier(column.name)),
    sql`, `,
  );
  database.db.run(sql`insert into ${name} (${list}) select ${values} from ${sql.identifier(from)}.${name}`);
}

async function startupAndMemory(report: Report, game: BenchGame, sizes: Sizes, path: string): Promise<void> {
  const baseline: number[] = [];
  const ready: number[] = [];
  let memory: Record<string, number> = {};
  let baselineMemory: Record<string, number> = {};
  for (let i = 0; i < sizes.startupRuns; i++) {
    const bare = await startChild(game, path, 'baseline');
    baseline.push(bare.readyMs);
    if (i === sizes.startupRuns - 1) baselineMemory = await bare.memory();
    await bare.stop();
    const child = await startChild(game, path, 'store');
    ready.push(child.readyMs);
    if (i === sizes.startupRuns - 1) memory = await child.memory();
    await child.stop();
  }
  const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0, 0);
  report({
    bench: 'store.start-to-ready',
    game: game.type,
    storedGames: `${sizes.finishedGames} finished + ${sizes.runningGames} running`,
    startToReadyMsMedian: median(ready),
    startToReadyMsRuns: ready.map((x) => round(x, 0)),
    goalMs: 2_000,
    // The same process without opening the store (for Valley, the compiled bundle's modules alone).
    baselineMsMedian: median(baseline),
  });
  // V8's young generation (up to 3 x 16 MB semi-spaces by default) stays committed once a burst of
  // allocations has grown it; a smaller one is a deployment choice (NODE_OPTIONS), measured here for it.
  const small = await startChild(game, path, 'store', ['--max-semi-space-size=2']);
  const smallMemory = await small.memory();
  await small.stop();
  report({
    bench: 'store.memory',
    game: game.type,
    ...memory,
    goalMb: 130,
    goalMbBeforeLoading: 100,
    // The same process with no store open: what it weighs before the store adds anything.
    baselineRssMb: baselineMemory.rssMb,
    rssMbWithMaxSemiSpace2Mb: smallMemory.rssMb,
  });
}

interface Child {
  readonly readyMs: number;
  /** In store mode, loads every running game first. */
  memory(): Promise<Record<string, number>>;
  /** Ends the child and waits for it, so that runs never overlap. */
  stop(): Promise<void>;
}

/**
 * This file bundled by esbuild, as `npm start` bundles the bot: the child then weighs what the bot's
 * process weighs, without tsx's loader (~30 MB). Only for Valley, which the bundle's registry knows; the
 * benchmark's test game is registered from its TypeScript file, under tsx.
 */
let bundled: Promise<string> | null = null;
function compiledChild(): Promise<string> {
  bundled ??= compiled(SELF, 'store-bench.mjs');
  return bundled;
}

async function startChild(
  game: BenchGame,
  path: string,
  mode: 'baseline' | 'store',
  nodeFlags: readonly string[] = [],
): Promise<Child> {
  const entry =
    game.type === 'valley' ? [await compiledChild()] : ['--import', TSX, '--import', game.module, SELF];
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, '--expose-gc', ...entry, `--child=${mode}`],
    {
      env: { ...process.env, DATABASE_PATH: path },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the benchmark child exited early');
    return line.value;
  };
  return await nextLine().then((first) => {
    if (first !== 'ready') throw new Error(`the benchmark child said '${first}'`);
    const readyMs = performance.now() - started;
    return {
      readyMs,
      memory: async () => {
        child.stdin?.write('memory\n');
        return JSON.parse(await nextLine()) as Record<string, number>;
      },
      stop: () =>
        new Promise<void>((resolve) => {
          child.on('close', () => resolve());
          child.stdin?.end();
        }),
    };
  });
}

/** In the child: what the bot does at startup, then on request what it holds with every running game loaded. */
async function child(mode: string): Promise<void> {
  const store = mode === 'store' ? openStoreOrExit() : null;
  process.stdout.write('ready\n');
  const gc = (globalThis as { gc?: () => void }).gc;
  const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'memory') continue;
    gc?.();
    const before = process.memoryUsage();
    const running = store?.listGames(['active'], 10_000) ?? [];
    const t0 = performance.now();
    for (const g of running) store?.getGame(g.id);
    const loadMs = performance.now() - t0;
    gc?.();
    const after = process.memoryUsage();
    const figures = {
      loadedGames: store?.cachedGames ?? 0,
      loadAllMs: round(loadMs, 0),
      rssMbBeforeLoading: mb(before.rss),
      rssMb: mb(after.rss),
      heapTotalMb: mb(after.heapTotal),
      heapUsedMb: mb(after.heapUsed),
      heapKbPerGame: round((after.heapUsed - before.heapUsed) / 1024 / Math.max(1, running.length), 1),
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  }
  store?.database.close();
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

const childMode = process.argv.find((a) => a.startsWith('--child='))?.slice('--child='.length);
if (childMode && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await child(childMode);
