/**
 * `npm start`: with DISCORD_TOKEN, the bot on Discord; without it, the local table (a Discord-like
 * web page backed by the loopback server). Configuration problems stop here with a message. The
 * games hosted and their slash commands are chosen here and handed down: the table layer never picks
 * them itself.
 */
import 'dotenv/config';
import { hostedGames } from '../commands/index.ts';
import { installedAdapters } from './adapters/installed.ts';
import { type Config, ConfigError, DEFAULT_OPS_HOST, loadConfig, shardingOf } from './config.ts';
import { type Bot, type HostedGames, startBot } from './discord/bot.ts';
import { SHARD_EXIT_GRACE_MS } from './discord/shard-fleet.ts';
import { startShards } from './discord/shard-manager.ts';
import { stopGracefully } from './graceful-stop.ts';
import { startLocal, stopOnSignals } from './local/start-local.ts';
import { createLogger } from './log.ts';
import { startOpsServer } from './ops/ops-server.ts';
import { type OpsSource, ProcessOps } from './ops/process-ops.ts';
import { answerManager, isManagedShard, ManagerOps, rosterOf } from './ops/shard-ops.ts';
import { openPostgresStore, type PostgresStore } from './store/postgres-store.ts';
import { asStore } from './store/sqlite-store.ts';
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
const sharding = shardingOf(config);
if (sharding.mode === 'manager' && config.DISCORD_TOKEN) {
  // The manager only starts and watches the shard processes; each opens the store itself.
  const ops = new ManagerOps();
  await opsServerOrExit(ops);
  try {
    const fleet = await startShards({
      token: config.DISCORD_TOKEN,
      apiUrl: config.DISCORD_API_URL,
      shards: sharding.shards,
      log,
      stopBoundMs: config.STOP_TIMEOUT_MS,
      created: (m) => ops.use(() => rosterOf(m)),
    });
    // Every shard stops in order side by side, each within its own bound; the manager allows for that.
    stopGracefully({
      name: 'shard manager',
      boundMs: config.STOP_TIMEOUT_MS + 2 * SHARD_EXIT_GRACE_MS,
      log,
      stop: () => {
        ops.stopping();
        return fleet.stop();
      },
      running: () => ({ shards: fleet.running.length }),
      abandon: () => fleet.abandon(),
    });
    process.on('SIGHUP', () => void fleet.rollingRestart());
  } catch (e) {
    process.stderr.write(`scarab: cannot start the shards: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
} else await startOne();

async function startOne(): Promise<void> {
  // The installed games (src/adapters/installed.ts), one lobby command each, and the shared commands.
  const hosted: HostedGames = hostedGames(installedAdapters());
  const timing = {
    botDelayMs: config.BOT_DELAY_MS,
    autoPassMinMs: config.AUTO_PASS_MIN_MS,
    autoPassMaxMs: config.AUTO_PASS_MAX_MS,
  };

  if (config.DISCORD_TOKEN) {
    // Health and metrics answer from now on: not ready while the database migrates and the gateway connects.
    const ops = new ProcessOps();
    if (isManagedShard()) answerManager(ops, log);
    await opsServerOrExit(ops);
    const store = config.DATABASE_URL
      ? await openPostgresOrExit(config.DATABASE_URL)
      : openStoreOrExit({ ...process.env, DATABASE_PATH: config.DATABASE_PATH });
    // Listening before the bot starts: a stop asked for meanwhile (the manager stopping a shard that is still
    // starting) waits for the start, then stops in order.
    let bot: Bot | null = null;
    let started: Promise<Bot> | null = null;
    stopGracefully({
      name: 'bot',
      boundMs: config.STOP_TIMEOUT_MS,
      log,
      listenToManager: process.env.SHARDING_MANAGER === 'true',
      async stop() {
        // A Hard computer's thought gets a third of the bound to end; its move, and the rest, the remainder.
        await (await started)?.shutdown({ thinkingMs: Math.floor(config.STOP_TIMEOUT_MS / 3) });
        await asStore(store).close();
      },
      running: () => bot?.running() ?? { botStarting: 1 },
    });
    started = startBot({
      token: config.DISCORD_TOKEN,
      apiUrl: config.DISCORD_API_URL,
      store,
      hosted,
      timing,
      log,
      registerCommands: false,
      thinkingNice: config.THINKING_NICE,
      ops,
      ...(sharding.mode === 'fixed' ? { shards: { ids: sharding.ids, count: sharding.count } } : {}),
    });
    bot = await started;
  } else {
    const store = openStoreOrExit({ ...process.env, DATABASE_PATH: config.DATABASE_PATH });
    try {
      const table = await startLocal({ config, store, hosted, log, timing });
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
}

/** The operator port when OPS_PORT is set (src/ops/README.md); one that cannot listen stops the bot. */
async function opsServerOrExit(source: OpsSource): Promise<void> {
  if (config.OPS_PORT === undefined) return;
  try {
    await startOpsServer({ port: config.OPS_PORT, host: config.OPS_HOST ?? DEFAULT_OPS_HOST, source, log });
  } catch (e) {
    process.stderr.write(`scarab: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  }
}

/** A PostgreSQL that cannot be reached or migrated stops the bot with the reason, before it logs in. */
async function openPostgresOrExit(url: string): Promise<PostgresStore> {
  try {
    return await openPostgresStore(url);
  } catch (e) {
    process.stderr.write(
      `scarab: cannot open the PostgreSQL database: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    process.exit(1);
  }
}
