/**
 * `npm run bench -- store`: the game store's figures, on a real file database in a temporary directory.
 * - committed actions per second, random legal actions over 1,000 running games (goal >= 5,000/s);
 * - database bytes per finished game;
 * - process start to ready with 100,000 finished + 1,000 running games stored (goal <= 2 s);
 * - resident memory with those 1,000 running games loaded (goal <= 150 MB).
 * The game is a parameter (BENCH_GAME): any registered module works.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import { type AnyGame, getGame } from '../games/registry.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { openStoreOrExit } from '../store/startup.ts';

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

const RUNNING_GAMES = 1_000;
const FINISHED_GAMES = 100_000;
/** Finished games played for real; the 100,000 are copies of these. */
const TEMPLATE_GAMES = 100;
const THROUGHPUT_SECONDS = 10;
const STARTUP_RUNS = 5;

const SELF = fileURLToPath(import.meta.url);
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type Report = (figure: { bench: string; [k: string]: unknown }) => void;

export async function run(report: Report): Promise<void> {
  const game = BENCH_GAME;
  await import(pathToFileURL(game.module).href);
  const module = getGame(game.type);
  const dir = mkdtempSync(join(tmpdir(), 'scarab-store-bench-'));
  try {
    const running = join(dir, 'running.db');
    throughput(report, game, module, running);
    const templates = join(dir, 'finished.db');
    bytesPerFinishedGame(report, game, module, templates);
    const big = join(dir, 'big.db');
    buildBigDatabase(report, game, big, templates, running);
    await startupAndMemory(report, game, big);
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

function startGame(store: GameStore, game: BenchGame, n: number): number {
  const lobby = store.createLobby({
    type: game.type,
    guildId: '900000000000000001',
    channelId: String(800_000_000_000_000_000n + BigInt(n % 200)),
    hostUserId: null,
    seats: seatsFor(game, n),
  });
  return store.startGame(lobby.id).id;
}

function randomMove(module: AnyGame, state: unknown, rng: RngState) {
  const waiting = module.waitingFor(state);
  const seat = waiting[nextInt(rng, waiting.length)] as number;
  const legal = module.legalActions(state, seat);
  return { seat, action: legal[nextInt(rng, legal.length)] as unknown };
}

function throughput(report: Report, game: BenchGame, module: AnyGame, path: string): void {
  const store = new GameStore(openDatabase(path));
  const rng = seedRng('store-bench');
  let started = performance.now();
  const ids = Array.from({ length: RUNNING_GAMES }, (_, n) => startGame(store, game, n));
  const setupMs = performance.now() - started;

  let committed = 0;
  let finished = 0;
  let inStore = 0;
  const latencies: number[] = [];
  started = performance.now();
  const deadline = started + THROUGHPUT_SECONDS * 1_000;
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
        ids[index] = startGame(store, game, RUNNING_GAMES + finished);
      }
    }
  }
  const seconds = (performance.now() - started) / 1_000;
  latencies.sort((a, b) => a - b);
  const quantile = (q: number) => round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0, 3);
  report({
    bench: 'store.actions-per-second',
    game: game.type,
    runningGames: RUNNING_GAMES,
    actionsPerSecond: Math.round(committed / seconds),
    goal: 5_000,
    committed,
    gamesFinished: finished,
    // Without choosing the random move (legalActions), which is the bots' cost, not the store's.
    applyActionPerSecond: Math.round(committed / (inStore / 1_000)),
    applyActionMsP50: quantile(0.5),
    applyActionMsP99: quantile(0.99),
    gamesStartedPerSecond: Math.round(RUNNING_GAMES / (setupMs / 1_000)),
    synchronous: 'NORMAL',
  });
  store.database.close();
}

function bytesPerFinishedGame(report: Report, game: BenchGame, module: AnyGame, path: string): void {
  const store = new GameStore(openDatabase(path));
  store.database.sqlite.exec('VACUUM');
  const empty = fileBytes(store.database.sqlite);
  const rng = seedRng('finished');
  let actions = 0;
  for (let n = 0; n < TEMPLATE_GAMES; n++) {
    const id = startGame(store, game, n);
    for (;;) {
      const current = store.getGame(id);
      if (current.status === 'finished') break;
      store.applyAction(id, { ...randomMove(module, current.state, rng), expectedVersion: current.version });
      actions++;
    }
  }
  store.database.sqlite.exec('VACUUM');
  const bytes = fileBytes(store.database.sqlite) - empty;
  // Each table with its indexes (an index's name starts with its table's, or is SQLite's autoindex).
  const objects = store.database.sqlite
    .prepare('select name, sum(pgsize) as bytes from dbstat group by name')
    .all() as { name: string; bytes: number }[];
  const tables = ['games', 'actions', 'seats'].map((table) => ({
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
    games: TEMPLATE_GAMES,
    bytesPerGame: Math.round(bytes / TEMPLATE_GAMES),
    actionsPerGame: Math.round(actions / TEMPLATE_GAMES),
    ...Object.fromEntries(tables.map((t) => [`${t.name}BytesPerGame`, Math.round(t.bytes / TEMPLATE_GAMES)])),
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
 * 100,000 finished games copied (ids shifted) from the played templates, plus the running games of the
 * throughput run: built with SQL, in bulk, because playing them would take far longer than the benchmark.
 */
function buildBigDatabase(report: Report, game: BenchGame, path: string, templates: string, running: string) {
  const started = performance.now();
  const db = openDatabase(path);
  const sqlite = db.sqlite;
  sqlite.pragma('synchronous = OFF'); // Building only; the child opens it with the real settings.
  sqlite.prepare('attach database ? as t').run(templates);
  sqlite.prepare('attach database ? as r').run(running);
  const copy = sqlite.transaction((offset: number) => {
    sqlite
      .prepare(
        `insert into games select id + cast(:offset as integer), type, status, options, seed, state, version, outcome, guild_id,
         channel_id, thread_id, host_user_id, created_at, updated_at, started_at, finished_at
         from t.games where status = 'finished'`,
      )
      .run({ offset });
    sqlite
      .prepare(
        `insert into seats select game_id + cast(:offset as integer), seat, cast(100000000000000000 + (game_id + cast(:offset as integer)) * 7 % 5000
         + seat as text), bot_kind, display_name from t.seats where game_id in (select id from t.games where
         status = 'finished')`,
      )
      .run({ offset });
    sqlite
      .prepare(
        `insert into actions select game_id + cast(:offset as integer), seq, seat, action, created_at from t.actions
         where game_id in (select id from t.games where status = 'finished')`,
      )
      .run({ offset });
  });
  const perCopy = sqlite
    .prepare("select count(*) from t.games where status = 'finished'")
    .pluck()
    .get() as number;
  // Template ids are below 1,000; copy k gets ids k * 1,000 + template id.
  for (let k = 1; (k - 1) * perCopy < FINISHED_GAMES; k++) copy(k * 1_000);
  sqlite.transaction(() => {
    const base = 100_000_000;
    sqlite
      .prepare(
        `insert into games select id + cast(:base as integer), type, status, options, seed, state, version, outcome, guild_id,
         channel_id, thread_id, host_user_id, created_at, updated_at, started_at, finished_at
         from r.games where status = 'active'`,
      )
      .run({ base });
    sqlite
      .prepare(
        `insert into seats select game_id + cast(:base as integer), seat, user_id, bot_kind, display_name from r.seats
         where game_id in (select id from r.games where status = 'active')`,
      )
      .run({ base });
    sqlite
      .prepare(
        `insert into actions select game_id + cast(:base as integer), seq, seat, action, created_at from r.actions
         where game_id in (select id from r.games where status = 'active')`,
      )
      .run({ base });
  })();
  sqlite.exec('detach database t; detach database r');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const counts = sqlite
    .prepare('select status, count(*) as games from games group by status order by status')
    .all() as { status: string; games: number }[];
  const actions = sqlite.prepare('select count(*) from actions').pluck().get() as number;
  db.close();
  report({
    bench: 'store.big-database',
    game: game.type,
    ...Object.fromEntries(counts.map((c) => [`${c.status}Games`, c.games])),
    actions,
    megabytes: round(statSync(path).size / 2 ** 20, 1),
    buildSeconds: round((performance.now() - started) / 1_000, 1),
  });
}

async function startupAndMemory(report: Report, game: BenchGame, path: string): Promise<void> {
  const baseline: number[] = [];
  const ready: number[] = [];
  let memory: Record<string, number> = {};
  let baselineMemory: Record<string, number> = {};
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const bare = await startChild(game, path, 'baseline');
    baseline.push(bare.readyMs);
    if (i === STARTUP_RUNS - 1) baselineMemory = await bare.memory();
    await bare.stop();
    const child = await startChild(game, path, 'store');
    ready.push(child.readyMs);
    if (i === STARTUP_RUNS - 1) memory = await child.memory();
    await child.stop();
  }
  const median = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0, 0);
  report({
    bench: 'store.start-to-ready',
    game: game.type,
    storedGames: `${FINISHED_GAMES} finished + ${RUNNING_GAMES} running`,
    startToReadyMsMedian: median(ready),
    startToReadyMsRuns: ready.map((x) => round(x, 0)),
    goalMs: 2_000,
    // The same process without opening the store: node, tsx and the game module alone.
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
    goalMb: 150,
    // node + tsx + the game module, no store: what the process weighs before the store adds anything.
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

function startChild(
  game: BenchGame,
  path: string,
  mode: 'baseline' | 'store',
  nodeFlags: readonly string[] = [],
): Promise<Child> {
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, '--expose-gc', '--import', TSX, '--import', game.module, SELF, `--child=${mode}`],
    { env: { ...process.env, DATABASE_PATH: path }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the benchmark child exited early');
    return line.value;
  };
  return nextLine().then((first) => {
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
