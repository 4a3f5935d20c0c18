/**
 * `npm start`: with DISCORD_TOKEN, the bot on Discord; without it, the local table (a Discord-like
 * web page backed by the loopback server). Configuration problems stop here with a message.
 */
import 'dotenv/config';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { startBot } from './discord/bot.ts';
import { startLocal, stopOnSignals } from './local/start-local.ts';
import { createLogger } from './log.ts';
import { openStoreOrExit } from './store/startup.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`scarab: ${e.message}\n`);
    process.exit(2);
  }
}

const config = configOrExit();
const log = createLogger(config.LOG_LEVEL);
const store = openStoreOrExit({ ...process.env, DATABASE_PATH: config.DATABASE_PATH });
const timing = {
  botDelayMs: config.BOT_DELAY_MS,
  autoPassMinMs: config.AUTO_PASS_MIN_MS,
  autoPassMaxMs: config.AUTO_PASS_MAX_MS,
};

if (config.DISCORD_TOKEN) {
  const bot = await startBot({
    token: config.DISCORD_TOKEN,
    apiUrl: config.DISCORD_API_URL,
    store,
    timing,
    log,
    registerCommands: false,
  });
  const stop = async () => {
    await bot.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} else {
  try {
    const table = await startLocal({ config, store, log, timing });
    stopOnSignals(table, () => store.database.close(), log);
  } catch (e) {
    process.stderr.write(
      `scarab: cannot start the local table: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    log.debug({ err: e }, 'local table start failed');
    store.database.close();
    process.exit(1);
  }
}
