/**
 * A bot in a process of its own, for the crash tests of time-outs, season ends and thinking: it opens the
 * database, logs in to the parent's loopback Discord, and at start fires whatever is overdue at the clock it
 * is given. The parent kills it with SIGKILL once a time-out's move is committed and its message is still on
 * its way (timeout-crash.test.ts), once a podium is posted and its answer held (season-end-crash.test.ts), or
 * while a Hard computer thinks (THINK_SCRIPT: its thinking threads' script, the test's own).
 * Usage (env): DB_PATH, TOKEN, API_URL, CLOCK_MS, and optionally THINK_SCRIPT, and WORDS_ONLY=1 for the
 * installed games with words-only pictures and the smallest key-moments budget (tournament-crash.test.ts:
 * games played by computers, as its parent plays them), and LIMIT_SCALE, the parent loopback's.
 */
import { pino } from 'pino';
import { hostedGames } from '../../../commands/index.ts';
import { ManualClock } from '../../../src/clock.ts';
import { startBot } from '../../../src/discord/bot.ts';
import { openDatabase } from '../../../src/store/database.ts';
import { GameStore } from '../../../src/store/game-store.ts';
import { installedGames } from '../../helpers/installed-games.ts';
import { wordsOnlyAdapters } from '../../helpers/words-only-pictures.ts';
import { SMALL_MOMENTS } from './small-moments.ts';

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
  hosted: process.env.WORDS_ONLY ? hostedGames(wordsOnlyAdapters()) : installedGames(),
  ...(process.env.WORDS_ONLY ? { keyMoments: SMALL_MOMENTS } : {}),
  // The loopback's own scale (LIMIT_SCALE): else the pacer keeps Discord's speed, a second per board edit.
  ...(process.env.LIMIT_SCALE ? { limitScale: Number(process.env.LIMIT_SCALE) } : {}),
  clock,
  timing: { botDelayMs: 5, autoPassMinMs: 5, autoPassMaxMs: 30 },
  log: pino({ level: 'silent' }),
  registerCommands: false,
  rest: { timeout: 60_000, retries: 0 },
  // A held thought must stay held until the kill: a limit no busy machine reaches.
  ...(process.env.THINK_SCRIPT ? { thinking: { script: process.env.THINK_SCRIPT, timeoutMs: 600_000 } } : {}),
});
console.log('ready');
// Stay up until killed.
setInterval(() => {}, 1 << 30);
