import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import type { Clock } from '../../src/clock.ts';
import type { AutopilotTiming } from '../../src/discord/autopilot.ts';
import { type Bot, type BotOptions, startBot } from '../../src/discord/bot.ts';
import { LoopbackDiscord, type LoopbackOptions } from '../../src/loopback/index.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { nextGameSeed } from '../helpers/game-seeds.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { TEST_LIMIT_SCALE } from '../helpers/limit-scale.ts';
import { removeDir } from '../remove-dir.ts';

/**
 * The real bot (discord.js, store, renderer) against a fresh loopback Discord, on a database file in
 * a temporary folder so a test can restart the bot on the same data.
 */
export interface TableHarness {
  loopback: LoopbackDiscord;
  bot: Bot;
  store: GameStore;
  dbPath: string;
  /** The timing the running bot reads at each move it arms (and again after a restart): a test may change it. */
  timing: AutopilotTiming;
  /** Stops the bot and closes the database, then starts both again on the same file. */
  restart(): Promise<void>;
  /** Stops the bot and closes the database; the loopback keeps running (another process may use both). */
  down(): Promise<void>;
  /** Starts the bot and opens the database again after `down`. */
  up(): Promise<void>;
  /** Waits until the bot has finished everything queued for its games. */
  settle(): Promise<void>;
  /**
   * Like settle, and also until no computer move or automatic pass is still due. Computer turns are
   * paced by Discord's per-channel rate limits (5 posts and 5 edits per 5 s, TEST_LIMIT_SCALE times
   * faster unless the test keeps Discord's speed): the deadline allows for Discord's speed on a busy machine.
   */
  quiet(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Hard computer's limit in tests: a thought over its limit is given up and Normal moves, which a test of
 * Hard play must never see merely because the machine is busy (it once did, with the bot's 10 s). Tests
 * about the limit set their own.
 */
export const THINKING_LIMIT_MS = 10 * 60_000;

export const FAST: AutopilotTiming = { botDelayMs: 5, autoPassMinMs: 5, autoPassMaxMs: 30 };

export async function startTableHarness(
  options: {
    timing?: Partial<AutopilotTiming>;
    loopback?: LoopbackOptions;
    adapters?: readonly AnyAdapter[];
    /** The bot's and the store's time (the loopback keeps real time for Discord's own deadlines). */
    clock?: Clock;
    /** The thinking pool's options: by default a limit no busy machine reaches (THINKING_LIMIT_MS). */
    thinking?: BotOptions['thinking'];
    /** What finished games' key moments spend (the bot's own budget unless given). */
    keyMoments?: BotOptions['keyMoments'];
  } = {},
): Promise<TableHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'scarab-e2e-'));
  const dbPath = join(dir, 'scarab.db');
  // Discord's 3 s acknowledgement deadline is kept by the bot (it defers first; see the benchmark's
  // ack latency); tests allow 10 s so that two busy CI cores cannot fail an interaction by accident.
  const loopback = await LoopbackDiscord.start({
    waitTimeoutMs: 15_000,
    ackDeadlineMs: 10_000,
    limitScale: TEST_LIMIT_SCALE,
    ...options.loopback,
  });
  const timing = { ...FAST, ...options.timing };
  let database: ScarabDatabase;
  const boot = async () => {
    database = openDatabase(dbPath);
    const clock = options.clock;
    const store = new GameStore(database, {
      seeds: nextGameSeed,
      ...(clock ? { now: () => new Date(clock.now()) } : {}),
    });
    const bot = await startBot({
      token: loopback.token,
      apiUrl: loopback.restApi,
      store,
      hosted: options.adapters ? hostedGames(options.adapters) : installedGames(),
      ...(options.clock ? { clock: options.clock } : {}),
      timing,
      log: pino({ level: process.env.E2E_LOG ?? 'silent' }),
      registerCommands: { guildId: loopback.control.defaultGuild.id },
      rest: { timeout: 5_000, retries: 1 },
      // One scale for the bot's pacer and the loopback's limiter: a bot that overran a limit meets the 429.
      limitScale: options.loopback?.limitScale ?? TEST_LIMIT_SCALE,
      thinking: { timeoutMs: THINKING_LIMIT_MS, ...options.thinking },
      ...(options.keyMoments ? { keyMoments: options.keyMoments } : {}),
    });
    return { store, bot };
  };
  let current = await boot();
  const h: TableHarness = {
    loopback,
    get bot() {
      return current.bot;
    },
    get store() {
      return current.store;
    },
    dbPath,
    timing,
    async restart() {
      await current.bot.stop();
      database.close();
      current = await boot();
    },
    async down() {
      await current.bot.stop();
      database.close();
    },
    async up() {
      current = await boot();
    },
    async settle() {
      await current.bot.runtime.locks.idle();
    },
    async quiet(ms = 90_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        await current.bot.runtime.locks.idle();
        // Rows planned due now (a turn DM, a reminder deferred to now) run before the table is quiet.
        await current.bot.runtime.scheduler.tick();
        await current.bot.runtime.locks.idle();
        if (current.bot.runtime.autopilot.pending === 0) return;
        if (Date.now() > deadline) throw new Error(`the autopilot still has moves due after ${ms / 1000} s`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async stop() {
      await current.bot.stop();
      database.close();
      await loopback.stop();
      removeDir(dir);
    },
  };
  return h;
}
