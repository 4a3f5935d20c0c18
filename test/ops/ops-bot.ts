/**
 * The real bot against a fresh loopback Discord, on SQLite or PostgreSQL, with its operator server on a
 * free port (port 0; the chosen one is `server.port`) — started in two steps so that a test can ask the
 * server before and while the bot starts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Logger, pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { valleyAdapter } from '../../src/adapters/valley/index.ts';
import type { Clock } from '../../src/clock.ts';
import { type Bot, startBot } from '../../src/discord/bot.ts';
import { LoopbackDiscord, type LoopbackOptions } from '../../src/loopback/index.ts';
import type { BudgetOptions } from '../../src/ops/invalid-requests.ts';
import { type OpsServer, startOpsServer } from '../../src/ops/ops-server.ts';
import { ProcessOps } from '../../src/ops/process-ops.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { openPostgresStore } from '../../src/store/postgres-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';
import { FAST, type TableHarness } from '../discord/harness.ts';
import { registerDiceRace } from '../fixtures/dice-race.ts';
import { diceRaceAdapter } from '../fixtures/dice-race-adapter.ts';
import { nextGameSeed } from '../helpers/game-seeds.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.ts';
import { removeDir } from '../remove-dir.ts';

export interface OpsBotOptions {
  readonly backend?: 'sqlite' | 'postgres';
  /** The bot's clock (a ManualClock: the budget's window moves only when the test says). */
  readonly clock?: Clock;
  readonly invalidBudget?: Partial<BudgetOptions>;
  readonly loopback?: LoopbackOptions;
  readonly log?: Logger;
}

export interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
}

export interface PreparedOpsBot {
  readonly loopback: LoopbackDiscord;
  readonly ops: ProcessOps;
  readonly server: OpsServer;
  readonly store: Store;
  /** GET (or another method) on the operator server. */
  ask(path: string, method?: string): Promise<Answer>;
  /** Starts the bot with `ops`; resolves when it is ready. */
  boot(): Promise<Bot>;
  stop(): Promise<void>;
}

export async function prepareOpsBot(o: OpsBotOptions = {}): Promise<PreparedOpsBot> {
  registerDiceRace();
  const log = o.log ?? pino({ level: process.env.E2E_LOG ?? 'silent' });
  const loopback = await LoopbackDiscord.start({
    waitTimeoutMs: 15_000,
    ackDeadlineMs: 10_000,
    limitScale: TEST_LIMIT_SCALE,
    ...o.loopback,
  });
  const now = o.clock ? { now: () => new Date((o.clock as Clock).now()) } : {};
  let dir: string | null = null;
  let database: TestDatabase | null = null;
  let store: Store;
  if (o.backend === 'postgres') {
    database = await createTestDatabase();
    store = await openPostgresStore(database.url, { seeds: nextGameSeed, ...now });
  } else {
    dir = mkdtempSync(join(tmpdir(), 'scarab-ops-'));
    store = new SqliteStore(
      new GameStore(openDatabase(join(dir, 'scarab.db')), { seeds: nextGameSeed, ...now }),
    );
  }
  const ops = new ProcessOps();
  const server = await startOpsServer({ port: 0, host: '127.0.0.1', source: ops, log });
  let bot: Bot | null = null;
  return {
    loopback,
    ops,
    server,
    store,
    async ask(path, method = 'GET') {
      const res = await fetch(`${server.url}${path}`, { method });
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    },
    async boot() {
      const started = await startBot({
        token: loopback.token,
        apiUrl: loopback.restApi,
        store,
        hosted: hostedGames([valleyAdapter(), diceRaceAdapter]),
        timing: FAST,
        log,
        registerCommands: { guildId: loopback.control.defaultGuild.id },
        rest: { timeout: 5_000, retries: 1 },
        limitScale: o.loopback?.limitScale ?? TEST_LIMIT_SCALE,
        ops,
        ...(o.clock ? { clock: o.clock } : {}),
        ...(o.invalidBudget ? { invalidBudget: o.invalidBudget } : {}),
      });
      // Stopped once, whether the test stops it or the cleanup does.
      const stopOnce = started.stop.bind(started);
      let stopping: Promise<void> | null = null;
      started.stop = () => {
        stopping ??= stopOnce();
        return stopping;
      };
      bot = started;
      return started;
    },
    async stop() {
      await bot?.stop();
      await server.close();
      await store.close();
      await loopback.stop();
      await database?.drop();
      if (dir) removeDir(dir);
    },
  };
}

/** The bot's table as the discord tests' Driver needs it. */
export function tableOf(p: PreparedOpsBot, bot: Bot): TableHarness {
  return {
    loopback: p.loopback,
    settle: () => bot.runtime.locks.idle(),
  } as unknown as TableHarness;
}

/** Until nothing is queued and no computer move is due (or a hang guard of `ms`). */
export async function quiet(bot: Bot, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    await bot.runtime.locks.idle();
    if (bot.runtime.autopilot.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`the autopilot still has moves due after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
