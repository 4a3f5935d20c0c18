/**
 * The bot alone in a process of its own, for the load benchmark (load.bench.ts): what its process holds
 * is the bot's, not the loopback's (which keeps every message and picture). Started with IPC by the
 * benchmark, with `npm start`'s Node options and `--expose-gc`; it reports its memory after a full
 * collection every `sampleMs`, and stops when told.
 *
 * argv: <token> <rest api url> <database file> <guild id> <sample ms>
 */
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { loadConfig } from '../config.ts';
import { startBot } from '../discord/bot.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';

export interface MemorySample {
  readonly kind: 'memory';
  /** Seconds since the bot was ready. */
  readonly at: number;
  readonly heapUsedMb: number;
  readonly rssMb: number;
  readonly externalMb: number;
}

const [token, apiUrl, dbPath, guildId, sampleMs] = process.argv.slice(2);
if (!token || !apiUrl || !dbPath || !guildId || !sampleMs || !process.send)
  throw new Error('usage: load-bot.ts <token> <api> <db> <guild> <sample ms>, with an IPC channel');
const send = process.send.bind(process);

const database = openDatabase(dbPath);
const bot = await startBot({
  token,
  apiUrl,
  store: new GameStore(database),
  hosted: hostedGames(installedAdapters()),
  // Nobody plays for anyone during the run: only clicks move the games.
  timing: { botDelayMs: 600_000, autoPassMinMs: 600_000, autoPassMaxMs: 600_000 },
  log: pino({ level: 'warn' }, pino.destination(2)),
  registerCommands: { guildId },
  rest: { globalRequestsPerSecond: 1e6 },
  thinkingNice: loadConfig().THINKING_NICE,
});
const started = performance.now();
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const sample = (): MemorySample => {
  // What the bot keeps, not what it has not collected yet.
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return {
    kind: 'memory',
    at: Math.round((performance.now() - started) / 100) / 10,
    heapUsedMb: mb(m.heapUsed),
    rssMb: mb(m.rss),
    externalMb: mb(m.external),
  };
};
const timer = setInterval(() => send(sample()), Number(sampleMs));
send({ kind: 'ready' });
process.on('message', (message: { kind?: string }) => {
  if (message.kind !== 'stop') return;
  clearInterval(timer);
  void bot
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
