/**
 * A bot in a process of its own, for the crash tests of time-outs and season ends: it opens the database,
 * logs in to the parent's loopback Discord, and at start fires whatever is overdue at the clock it is
 * given. The parent kills it with SIGKILL once a time-out's move is committed and its message is still on
 * its way (timeout-crash.test.ts), or once a podium is posted and its answer held (season-end-crash.test.ts).
 * Usage (env): DB_PATH, TOKEN, API_URL, CLOCK_MS.
 */
import { pino } from 'pino';
import { ManualClock } from '../../../src/clock.ts';
import { startBot } from '../../../src/discord/bot.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { installedGames } from '../../helpers/installed-games.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`timeout-child: ${name} is not set`);
  return value;
};

const clock = new ManualClock(Number(env('CLOCK_MS')));
const store = new GameStore(openDatabase(env('DB_PATH')), { now: () => new Date(clock.now()) });
await startBot({
  token: env('TOKEN'),
  apiUrl: env('API_URL'),
  store,
  hosted: installedGames(),
  clock,
  timing: { botDelayMs: 5, autoPassMinMs: 5, autoPassMaxMs: 30 },
  log: pino({ level: 'silent' }),
  registerCommands: false,
  rest: { timeout: 60_000, retries: 0 },
});
console.log('ready');
// Stay up until killed.
setInterval(() => {}, 1 << 30);
