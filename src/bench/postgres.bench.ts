/**
 * `npm run bench -- postgres`: PostgreSQL beside SQLite, in the same run (issue #17), on a throwaway
 * server (src/tools/postgres-server.ts) with every durability setting off; SQLite keeps its own
 * (WAL, synchronous=NORMAL), so the comparison is of the round trips, not of the disks.
 * - postgres.actions-per-second: committed actions/s through the `Store` contract, the same Valley games
 *   (same seeds, same moves) on each backend, several games interleaved; one action at a time, then
 *   several games' actions in flight at once (what one bot's many players do);
 * - postgres.click: click → callback p50/p99 through the real bot on the loopback, one click at a time,
 *   with a SQLite store and with a PostgreSQL store;
 * - postgres.shards: 400 live games on PostgreSQL, their servers spread over both shards of two, played by
 *   one bot (one shard) and by two bots (shard 0 and shard 1 of two, each with its own store), under the
 *   same click load: click → callback p50/p99 and moves/s. Both bots run in this one process, beside the
 *   loopback and the players, so this measures what sharding costs or saves per move, not more CPUs.
 * Without PostgreSQL binaries one figure says why and the benchmark ends (SCARAB_REQUIRE_POSTGRES=1, as in
 * CI: it fails instead).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { type Bot, startBot } from '../discord/bot.ts';
import { nextInt, type RngState, seedRng } from '../games/kernel/rng.ts';
import { type AnyGame, getGame } from '../games/registry.ts';
import '../games/valley/index.ts';
import { LoopbackDiscord, type LoopbackUser, type ShardTuple } from '../loopback/index.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { openPostgresStore } from '../store/postgres-store.ts';
import { SqliteStore } from '../store/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import {
  findPostgresBinaries,
  type PostgresServer,
  REQUIRE_POSTGRES_ENV,
  startPostgresServer,
} from '../tools/postgres-server.ts';
import { clickOnce, gameSettled, openTable, percentile, round, type Table } from './bot-clicks.ts';

type Report = (figure: BenchFigure) => void;

interface Sizes {
  /** Part (a): games played side by side, and the actions committed on each backend per mode. */
  readonly storeGames: number;
  readonly storeActions: number;
  /** Part (a), concurrent mode: actions in flight at once (each on a game of its own). */
  readonly inFlight: number;
  /** Part (b): games on the table, and clicks measured one at a time. */
  readonly clickGames: number;
  readonly clickSamples: number;
  /** Part (c): live games, their servers (half on each shard), players clicking at once, moves made. */
  readonly shardGames: number;
  readonly shardGuilds: number;
  readonly shardPlayers: number;
  /** Moves before the measured ones: each game's first touch (its cache, its first images) is not the steady state. */
  readonly shardWarmup: number;
  readonly shardMoves: number;
}

const FULL: Sizes = {
  storeGames: 40,
  storeActions: 10_000,
  inFlight: 8,
  clickGames: 200,
  clickSamples: 300,
  shardGames: 400,
  shardGuilds: 8,
  shardPlayers: 16,
  shardWarmup: 400,
  shardMoves: 1_500,
};

const QUICK: Sizes = {
  storeGames: 10,
  storeActions: 300,
  inFlight: 4,
  clickGames: 10,
  clickSamples: 20,
  shardGames: 40,
  shardGuilds: 4,
  shardPlayers: 4,
  shardWarmup: 10,
  shardMoves: 60,
};

/**
 * A game is moved at most once per this many milliseconds: a move writes up to three times in its
 * channel (the board edited or a new one sent, the old one's buttons removed) and Discord, like the
 * loopback, allows 5 sends and 5 edits per 5 s per channel; faster, the clicks would measure its queue.
 */
const THINK_MS = 3_000;

const SILENT = pino({ level: 'silent' });
const TIMING = { botDelayMs: 60_000, autoPassMinMs: 60_000, autoPassMaxMs: 60_000 };

export async function run(report: Report, { quick }: BenchOptions): Promise<void> {
  const sizes = quick ? QUICK : FULL;
  const binaries = findPostgresBinaries();
  let server: PostgresServer;
  try {
    if ('missing' in binaries) throw new Error(binaries.missing);
    server = await startPostgresServer(binaries.binDir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env[REQUIRE_POSTGRES_ENV] === '1') {
      throw new Error(`${REQUIRE_POSTGRES_ENV}=1 but PostgreSQL cannot start: ${reason}`, { cause: error });
    }
    report({ bench: 'postgres', skipped: reason });
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'scarab-pg-bench-'));
  try {
    report({
      bench: 'postgres.server',
      note: 'the throwaway server: initdb, then start to accepting connections (fsync, full-page writes and synchronous commit off)',
      initdbMs: round(server.timings.initdbMs, 0),
      startMs: round(server.timings.startMs, 0),
    });
    await storeThroughput(report, sizes, server, dir);
    await clickLatency(report, sizes, server, dir);
    await shardLayouts(report, sizes, server);
  } finally {
    await server.stop();
    // A closed database's checkpoint worker may still be closing its connection: retry briefly.
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
}

/** A new, empty database on the server (each part starts from nothing, as a fresh SQLite file does). */
async function freshDatabase(server: PostgresServer, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return server.url(name);
}

function sqliteStore(path: string): Store {
  return new SqliteStore(new GameStore(openDatabase(path)));
}

// ── (a) committed actions per second through the Store contract ─────────────────────────────────────

/**
 * A slot is one game at a time: when its game finishes the next one starts there, with the next seed. The
 * seeds and each game's move choices depend only on the slot and generation, never on timing, so every
 * backend and mode plays exactly the same games.
 */
interface Slot {
  readonly index: number;
  generation: number;
  gameId: number;
  rng: RngState;
}

async function openSlot(store: Store, slot: number, generation: number): Promise<Slot> {
  const lobby = await store.lobbies.create({
    type: 'valley',
    guildId: '900000000000000001',
    channelId: String(800_000_000_000_000_000n + BigInt(slot)),
    hostUserId: null,
    // People, not computer players: the user index holds realistic rows and finished games get rated.
    seats: [0, 1, 2].map((i) => ({
      userId: String(100_000_000_000_000_000n + BigInt(3 * slot + i)),
      displayName: `Player ${i}`,
    })),
    seed: `pg-bench-${slot}-${generation}`,
  });
  const started = await store.startGame(lobby.id);
  return {
    index: slot,
    generation,
    gameId: started.id,
    rng: seedRng(`pg-bench-moves-${slot}-${generation}`),
  };
}

interface ThroughputResult {
  readonly actionsPerSecond: number;
  readonly applyActionMsP50: number;
  readonly applyActionMsP99: number;
  readonly gamesFinished: number;
  readonly gamesStartedPerSecond: number;
}

async function playActions(
  store: Store,
  module: AnyGame,
  sizes: Sizes,
  inFlight: number,
): Promise<ThroughputResult> {
  let started = performance.now();
  const slots: Slot[] = [];
  for (let s = 0; s < sizes.storeGames; s++) slots.push(await openSlot(store, s, 0));
  const setupMs = performance.now() - started;
  let finished = 0;
  const latencies: number[] = [];
  // Lane w plays the slots congruent to w, in turn, and a fixed share of the actions: lanes never share a
  // game (no version clash), and what each game is dealt never depends on which lane ran faster.
  const lane = async (w: number) => {
    const mine = slots.map((_, s) => s).filter((s) => s % inFlight === w);
    const share = Math.floor(sizes.storeActions / inFlight);
    for (let k = 0; k < share && mine.length > 0; k++) {
      const slot = slots[mine[k % mine.length] as number] as Slot;
      const current = await store.getGame(slot.gameId);
      const waiting = module.waitingFor(current.state);
      const seat = waiting[nextInt(slot.rng, waiting.length)] as number;
      const legal = module.legalActions(current.state, seat);
      const action = legal[nextInt(slot.rng, legal.length)] as unknown;
      const t0 = performance.now();
      const applied = await store.applyAction(slot.gameId, {
        seat,
        action,
        expectedVersion: current.version,
      });
      latencies.push(performance.now() - t0);
      if (applied.finished) {
        finished++;
        slots[slot.index] = await openSlot(store, slot.index, slot.generation + 1);
      }
    }
  };
  started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, (_, w) => lane(w)));
  const seconds = (performance.now() - started) / 1_000;
  return {
    actionsPerSecond: Math.round(latencies.length / seconds),
    applyActionMsP50: percentile(latencies, 50),
    applyActionMsP99: percentile(latencies, 99),
    gamesFinished: finished,
    gamesStartedPerSecond: Math.round(sizes.storeGames / (setupMs / 1_000)),
  };
}

async function storeThroughput(
  report: Report,
  sizes: Sizes,
  server: PostgresServer,
  dir: string,
): Promise<void> {
  const module = getGame('valley');
  for (const inFlight of [1, sizes.inFlight]) {
    const sqlite = sqliteStore(join(dir, `actions-${inFlight}.db`));
    const onSqlite = await playActions(sqlite, module, sizes, inFlight).finally(() => sqlite.close());
    const postgres = await openPostgresStore(await freshDatabase(server, `actions_${inFlight}`));
    const onPostgres = await playActions(postgres, module, sizes, inFlight).finally(() => postgres.close());
    report({
      bench: 'postgres.actions-per-second',
      note:
        inFlight === 1
          ? 'committed Valley actions/s through the Store contract, one at a time (getGame, choose, applyAction), same games and moves on both'
          : `the same with ${inFlight} games' actions in flight at once (one bot's many players); SQLite runs each at once anyway`,
      game: 'valley',
      players: 3,
      games: sizes.storeGames,
      actions: sizes.storeActions,
      inFlight,
      sqliteActionsPerSecond: onSqlite.actionsPerSecond,
      postgresActionsPerSecond: onPostgres.actionsPerSecond,
      sqliteApplyActionMsP50: onSqlite.applyActionMsP50,
      sqliteApplyActionMsP99: onSqlite.applyActionMsP99,
      postgresApplyActionMsP50: onPostgres.applyActionMsP50,
      postgresApplyActionMsP99: onPostgres.applyActionMsP99,
      gamesFinished: onPostgres.gamesFinished,
      sqliteGamesStartedPerSecond: onSqlite.gamesStartedPerSecond,
      postgresGamesStartedPerSecond: onPostgres.gamesStartedPerSecond,
    });
    if (onSqlite.gamesFinished !== onPostgres.gamesFinished) {
      throw new Error(
        `the backends played different games: ${onSqlite.gamesFinished} vs ${onPostgres.gamesFinished} finished`,
      );
    }
  }
}

// ── (b) click → callback through the real bot, SQLite beside PostgreSQL ─────────────────────────────

async function startBenchBot(
  loopback: LoopbackDiscord,
  store: Store,
  shards: { ids: number[]; count: number },
): Promise<Bot> {
  return startBot({
    token: loopback.token,
    apiUrl: loopback.restApi,
    store,
    hosted: hostedGames(installedAdapters()),
    timing: TIMING,
    log: SILENT,
    registerCommands: false,
    rest: { globalRequestsPerSecond: 1e6 },
    shards,
  });
}

async function clickLatency(
  report: Report,
  sizes: Sizes,
  server: PostgresServer,
  dir: string,
): Promise<void> {
  const figures: Record<string, number> = {};
  for (const backend of ['sqlite', 'postgres'] as const) {
    const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 10_000 });
    const store =
      backend === 'sqlite'
        ? sqliteStore(join(dir, 'click.db'))
        : await openPostgresStore(await freshDatabase(server, 'click'));
    let bot: Bot | undefined;
    try {
      bot = await startBenchBot(loopback, store, { ids: [0], count: 1 });
      const c = loopback.control;
      const tables: Table[] = [];
      for (let g = 0; g < sizes.clickGames; g++) {
        const users = [c.createUser(`p${g}a`), c.createUser(`p${g}b`)];
        const channel = c.createChannel({ name: `table-${g}` });
        tables.push(
          await openTable(store, bot, {
            guildId: c.defaultGuild.id,
            channelId: channel.id,
            users,
            seed: `pg-click-${g}`,
          }),
        );
      }
      const ack: number[] = [];
      const done: number[] = [];
      // A hand allows one entomb a turn: the turns in between are ended (untimed) until each game's
      // next entomb, so every sample is the same click however many samples there are per game.
      for (let k = 0; done.length < sizes.clickSamples && k < 4 * sizes.clickSamples; k++) {
        const timing = await clickOnce(c, tables[k % tables.length] as Table);
        if (timing?.verb === 'entomb') {
          ack.push(timing.ackMs);
          done.push(timing.doneMs);
        }
        await bot.runtime.locks.idle();
      }
      Object.assign(figures, {
        [`${backend}Samples`]: done.length,
        [`${backend}AckP50Ms`]: percentile(ack, 50),
        [`${backend}AckP99Ms`]: percentile(ack, 99),
        [`${backend}DoneP50Ms`]: percentile(done, 50),
        [`${backend}DoneP99Ms`]: percentile(done, 99),
      });
    } finally {
      await bot?.stop();
      await store.close();
      await loopback.stop();
    }
  }
  report({
    bench: 'postgres.click',
    note: 'click (entomb from the hand) → ack (deferUpdate callback) and → done (hand edited: commit + render), one click at a time through the real bot and the loopback, as discord.bench.ts',
    games: sizes.clickGames,
    ...figures,
  });
}

// ── (c) one shard against two, on PostgreSQL, under the same click load ─────────────────────────────

interface LoadResult {
  readonly moves: number;
  /** The moves by kind: entombs, turns ended, questions answered. */
  readonly clicks: Record<string, number>;
  readonly skipped: number;
  readonly failed: number;
  readonly movesPerSecond: number;
  readonly ackP50Ms: number;
  readonly ackP99Ms: number;
  readonly doneP50Ms: number;
  readonly doneP99Ms: number;
}

async function shardLayout(sizes: Sizes, server: PostgresServer, shardCount: 1 | 2): Promise<LoadResult> {
  const loopback = await LoopbackDiscord.start({
    defaultGuild: false,
    waitTimeoutMs: 30_000,
    // Discord's 3 s would fail a slow click outright; here a slow click is a figure, not an error.
    ackDeadlineMs: 30_000,
  });
  const url = await freshDatabase(server, `shards_${shardCount}`);
  const stores: Store[] = [];
  const bots: Bot[] = [];
  try {
    const c = loopback.control;
    // The same servers in both layouts: half of them on each shard of two (for one shard, all on it).
    const guilds = Array.from({ length: sizes.shardGuilds }, (_, k) => {
      const onShard: ShardTuple = [k % 2, 2];
      const channels = Array.from(
        { length: Math.ceil(sizes.shardGames / sizes.shardGuilds) },
        (_, i) => `table-${i}`,
      );
      return c.createGuild(`server ${k}`, channels, { onShard });
    });
    for (let shard = 0; shard < shardCount; shard++) {
      const store = await openPostgresStore(url);
      stores.push(store);
      bots.push(await startBenchBot(loopback, store, { ids: [shard], count: shardCount }));
    }
    const tables: Table[] = [];
    for (let g = 0; g < sizes.shardGames; g++) {
      const k = g % sizes.shardGuilds;
      const { guild, channels } = guilds[k] as (typeof guilds)[number];
      const channel = channels[Math.floor(g / sizes.shardGuilds)];
      if (!channel) throw new Error('fewer channels than games');
      const owner = shardCount === 1 ? 0 : k % 2;
      const users: LoopbackUser[] = [0, 1].map((i) =>
        c.createUser({ username: `p${g}-${i}`, guildIds: [guild.id] }),
      );
      tables.push(
        await openTable(stores[owner] as Store, bots[owner] as Bot, {
          guildId: guild.id,
          channelId: channel.id,
          users,
          seed: `pg-shards-${g}`,
        }),
      );
    }
    for (const bot of bots) await bot.runtime.locks.idle();

    // Players take the table idle longest; one not moved for THINK_MS yet is waited for.
    // Staggered as if the load had always run: the first round is paced like every later one.
    const started = performance.now();
    const lastMove = new Map<Table, number>(
      tables.map((t, i) => [t, started - THINK_MS + (i * THINK_MS) / tables.length]),
    );
    const queue = [...tables];
    const verbs: Record<string, number> = {};
    const ack: number[] = [];
    const done: number[] = [];
    let issued = 0;
    let skipped = 0;
    let failed = 0;
    let measuredFrom = Number.NaN;
    const player = async () => {
      while (issued < sizes.shardWarmup + sizes.shardMoves) {
        const table = queue.shift();
        if (!table) return;
        const measured = issued >= sizes.shardWarmup;
        if (issued === sizes.shardWarmup) measuredFrom = performance.now();
        issued++;
        const wait = (lastMove.get(table) ?? 0) + THINK_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await gameSettled(table);
        try {
          const timing = await clickOnce(c, table);
          if (measured && timing) {
            ack.push(timing.ackMs);
            done.push(timing.doneMs);
            verbs[timing.verb] = (verbs[timing.verb] ?? 0) + 1;
          } else if (measured) skipped++;
        } catch (error) {
          // Counted, and the first one shown: a figure made of failures should say why.
          if (measured && failed++ === 0) console.error('postgres.shards: a click failed:', error);
        }
        lastMove.set(table, performance.now());
        queue.push(table);
      }
    };
    await Promise.all(Array.from({ length: sizes.shardPlayers }, player));
    const seconds = (performance.now() - measuredFrom) / 1_000;
    if (c.internalErrors().length > 0) throw new Error('the loopback reported internal errors');
    return {
      moves: done.length,
      clicks: verbs,
      skipped,
      failed,
      movesPerSecond: round(done.length / seconds, 1),
      ackP50Ms: percentile(ack, 50),
      ackP99Ms: percentile(ack, 99),
      doneP50Ms: percentile(done, 50),
      doneP99Ms: percentile(done, 99),
    };
  } finally {
    for (const bot of bots) await bot.stop();
    for (const store of stores) await store.close();
    await loopback.stop();
  }
}

async function shardLayouts(report: Report, sizes: Sizes, server: PostgresServer): Promise<void> {
  for (const shardCount of [1, 2] as const) {
    const result = await shardLayout(sizes, server, shardCount);
    report({
      bench: 'postgres.shards',
      note:
        shardCount === 1
          ? `one bot, one shard, one PostgresStore: ${sizes.shardPlayers} players clicking at once over the live games (each game at most one move per ${THINK_MS / 1_000} s: entomb, else end the turn or answer); click → ack/done and moves/s`
          : `the same load and games with two bots in this process, shards 0 and 1 of 2, each with its own PostgresStore`,
      shards: shardCount,
      liveGames: sizes.shardGames,
      servers: sizes.shardGuilds,
      players: sizes.shardPlayers,
      warmupMoves: sizes.shardWarmup,
      // What the think time allows at most: moves/s near it means the bot kept up.
      movesPerSecondCeiling: round(sizes.shardGames / (THINK_MS / 1_000), 1),
      ...result,
    });
  }
}
