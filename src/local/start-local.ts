import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { AutopilotTiming } from '../discord/autopilot.ts';
import { type Bot, type HostedGames, startBot } from '../discord/bot.ts';
import { LoopbackDiscord } from '../loopback/index.ts';
import type { GameStore } from '../store/game-store.ts';
import { LocalApi } from './api.ts';
import { PageFeeds } from './feed.ts';
import { LocalWorld } from './local-world.ts';
import { Pace } from './pace.ts';
import { lobbyHint, tableState } from './table-state.ts';
import { startWebServer } from './web-server.ts';
import { WorldArchive } from './world-archive.ts';

export interface LocalOptions {
  config: Pick<Config, 'PORT' | 'THINKING_NICE'>;
  store: GameStore;
  log: Logger;
  /**
   * Given to the bot, whose autopilot reads `botDelayMs` at every computer move: the pace chosen on
   * the page (or saved with the table) changes this object.
   */
  timing: AutopilotTiming;
  /** The games hosted and their slash commands, chosen by the caller (`src/main.ts`: the installed ones). */
  hosted: HostedGames;
  /** Where the address is announced; default stdout. Tests pass a no-op. */
  print?: (line: string) => void;
  /**
   * Discord's 3 s to acknowledge an interaction, by default. Tests on a busy machine give the bot
   * longer, since what they check is not its speed.
   */
  ackDeadlineMs?: number;
  /** Discord's per-channel rate-limit windows this many times shorter, in the loopback and the bot: tests only. */
  limitScale?: number;
}

export interface LocalTable {
  /** The page: `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly world: LocalWorld;
  readonly bot: Bot;
  readonly loopback: LoopbackDiscord;
  /** The computer players' pace, which the page sets. */
  readonly pace: Pace;
  /** Stops the page, the bot and the loopback; the store stays open (its owner closes it). */
  stop(): Promise<void>;
}

/**
 * The local table: the loopback Discord on an internal port, its guild and users brought back from the
 * database, the real bot logged into it as into Discord, and the page that plays a small Discord client.
 */
export async function startLocal(o: LocalOptions): Promise<LocalTable> {
  const web = await startWebServer(o.config.PORT, o.log);
  let loopback: LoopbackDiscord | null = null;
  let world: LocalWorld | null = null;
  try {
    loopback = await LoopbackDiscord.start({
      botName: 'Scarab',
      defaultGuild: false,
      ...(o.ackDeadlineMs === undefined ? {} : { ackDeadlineMs: o.ackDeadlineMs }),
      ...(o.limitScale === undefined ? {} : { limitScale: o.limitScale }),
      // A person waits for each answer; tests of the page wait longer than a test of the loopback would.
      waitTimeoutMs: 15_000,
      onInternalError: (error) => o.log.error({ err: error }, 'loopback Discord: internal error'),
    });
    const archive = new WorldArchive(o.store.database.sqlite);
    const restored = new LocalWorld(loopback, archive, o.log);
    world = restored;
    const pace = new Pace(o.timing, archive);
    const lobbyCommands = o.hosted.adapters.list.map((a) => a.lobbyCommand.name);
    const hint = lobbyHint(lobbyCommands);
    const bot = await startBot({
      token: loopback.token,
      apiUrl: loopback.restApi,
      store: o.store,
      hosted: o.hosted,
      timing: o.timing,
      log: o.log,
      registerCommands: { guildId: restored.guildId },
      thinkingNice: o.config.THINKING_NICE,
      ...(o.limitScale === undefined ? {} : { limitScale: o.limitScale }),
    });
    await loopback.control.waitForCommands(lobbyCommands);
    const feeds = new PageFeeds(restored, () => tableState(restored, pace, lobbyCommands), o.log);
    web.ready({
      api: new LocalApi(restored, feeds, pace, o.log, lobbyCommands),
      world: restored,
      closeStreams: () => feeds.closeAll(),
    });
    const print = o.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print(`Scarab local table: open ${web.url} in a browser. ${hint}`);
    print('(No DISCORD_TOKEN, so Discord is simulated on this machine. Ctrl+C stops.)');
    const parts = { url: web.url, world: restored, bot, loopback, pace };
    let stopping: Promise<void> | null = null;
    return {
      ...parts,
      stop() {
        stopping ??= (async () => {
          await web.stop();
          await bot.stop();
          parts.world.close();
          await parts.loopback.stop();
        })();
        return stopping;
      },
    };
  } catch (error) {
    world?.close();
    await loopback?.stop();
    await web.stop();
    throw error;
  }
}

/** For `npm start`: Ctrl+C or a TERM signal stops everything and closes the database. */
export function stopOnSignals(table: LocalTable, closeStore: () => void, log: Logger): void {
  const stop = (signal: string) => {
    log.info({ signal }, 'local table: stopping');
    table
      .stop()
      .then(() => {
        closeStore();
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'local table: could not stop cleanly');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
