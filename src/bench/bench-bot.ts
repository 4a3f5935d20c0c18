/**
 * The real bot on the loopback, as the Discord benchmarks run it: a file database in a temporary folder,
 * every installed game, commands registered in the loopback's guild, timers that never fire during a
 * run, and no client-side rate limit of its own (the loopback keeps Discord's).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { loadConfig } from '../config.ts';
import { type Bot, type BotOptions, startBot } from '../discord/bot.ts';
import { LoopbackDiscord } from '../loopback/index.ts';
import { openDatabase, type ScarabDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';

export interface BenchBot {
  readonly loopback: LoopbackDiscord;
  readonly database: ScarabDatabase;
  readonly store: GameStore;
  readonly bot: Bot;
  /** Stops the bot and the loopback and deletes the folder. */
  stop(): Promise<void>;
}

/** `extra`: what a benchmark changes of the bot's own options (key moments' budget in a quick run). */
export async function startBenchBot(
  name: string,
  extra: Pick<BotOptions, 'keyMoments'> = {},
): Promise<BenchBot> {
  const dir = mkdtempSync(join(tmpdir(), `scarab-${name}-`));
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 10_000 });
  const database = openDatabase(join(dir, 'bench.db'));
  const store = new GameStore(database);
  const bot = await startBot({
    token: loopback.token,
    apiUrl: loopback.restApi,
    store,
    hosted: hostedGames(installedAdapters()),
    timing: { botDelayMs: 60_000, autoPassMinMs: 60_000, autoPassMaxMs: 60_000 },
    log: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
    registerCommands: { guildId: loopback.control.defaultGuild.id },
    rest: { globalRequestsPerSecond: 1e6 },
    // As `npm start` runs it.
    thinkingNice: loadConfig().THINKING_NICE,
    ...extra,
  });
  return {
    loopback,
    database,
    store,
    bot,
    async stop() {
      await bot.stop();
      database.close();
      await loopback.stop();
      // A closed database's checkpoint worker may still be closing its connection: retry briefly.
      rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
    },
  };
}
