/**
 * What a person playing computers waits for: a two-player Valley game against Easy at the local table's
 * "Instant" pace (no computer delay), the auto-pass range as configured by default (2–8 s), the real bot
 * on the loopback at Discord's own rate limits. Measured: from the person's end of turn being acknowledged
 * to the next moment the game waits for them again, minus any time they spend answering a question out of
 * turn. The person reads the board for READING_MS before their first click, as a person does. Goal (read,
 * not asserted): a median of at most 1.5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { loadConfig } from '../config.ts';
import { startBot } from '../discord/bot.ts';
import { getGame } from '../games/registry.ts';
import { LoopbackDiscord } from '../loopback/index.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { clickOnce, percentile, round } from './bot-clicks.ts';

const INSTANT = { botDelayMs: 0, autoPassMinMs: 2_000, autoPassMaxMs: 8_000 };
/** How long the person looks at the board before their turn's first click (not counted as waiting). */
const READING_MS = 3_000;

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const turns = quick ? 3 : 20;
  const dir = mkdtempSync(join(tmpdir(), 'scarab-computer-wait-'));
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 30_000 });
  const database = openDatabase(join(dir, 'bench.db'));
  const store = new GameStore(database);
  const bot = await startBot({
    token: loopback.token,
    apiUrl: loopback.restApi,
    store,
    hosted: hostedGames(installedAdapters()),
    timing: { ...INSTANT },
    log: pino({ level: 'silent' }),
    registerCommands: { guildId: loopback.control.defaultGuild.id },
    thinkingNice: loadConfig().THINKING_NICE,
  });
  const c = loopback.control;
  const waits: number[] = [];
  try {
    const person = c.createUser('solo');
    const channel = c.createChannel({ name: 'solo-table' });
    const lobby = await store.lobbies.create({
      type: 'valley',
      guildId: c.defaultGuild.id,
      channelId: channel.id,
      hostUserId: person.id,
      seats: [
        { userId: person.id, displayName: person.username },
        { botKind: 'easy', displayName: 'Computer' },
      ],
      seed: 'computer-wait-1',
    });
    const started = await store.startGame(lobby.id);
    await bot.runtime.publisher.postBoard(started);
    // The computer may move first: nothing else wakes it before the person's first move.
    await bot.runtime.autopilot.poke(started);
    const table = { gameId: started.id, channelId: channel.id, users: [person], bot };
    const valley = getGame('valley');
    /** Whether the game waits for the person now (their turn, or a question they can do more than pass). */
    const awaited = async () => {
      const g = await store.getGame(started.id);
      if (g.status !== 'active') return true;
      return valley.waitingFor(g.state).includes(0) && bot.runtime.tables.view(g, 0).autoPass === null;
    };
    const untilAwaited = async () => {
      while (!(await awaited())) await new Promise((r) => setTimeout(r, 5));
      await bot.runtime.locks.idle();
    };
    const turnSeat = async () =>
      ((await store.getGame(started.id)).state as { turn: { seat: number } }).turn.seat;
    /** Time waited since the person's turn passed to the computer, or null during the person's own turn. */
    let waited: number | null = null;
    let from = 0;
    while (waits.length < turns) {
      if ((await store.getGame(started.id)).status !== 'active') break;
      await untilAwaited();
      if (waited !== null) {
        waited += performance.now() - from;
        if ((await turnSeat()) === 0) {
          waits.push(waited);
          waited = null;
          // Progress on stderr: a slow run (the random waits before the fix) shows it is alive.
          console.error(`computer-wait: turn ${waits.length}/${turns}: ${round(waits.at(-1) ?? 0)} ms`);
          // A person reads the board before moving: clicking at once would have the two players' boards
          // meet Discord's 5 new messages per 5 s, which no person playing meets.
          await new Promise((r) => setTimeout(r, READING_MS));
        }
      }
      const click = await clickOnce(c, table);
      from = performance.now();
      // Nothing to click: a window still waits for the computer too; look again.
      if (!click) await new Promise((r) => setTimeout(r, 5));
      // The click that passed the turn on (an end of turn, or the answer that finished it) starts the wait.
      else if (waited === null && (await turnSeat()) !== 0) waited = 0;
    }
  } finally {
    await bot.stop();
    database.close();
    await loopback.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
  report({
    bench: 'computer-wait',
    what: "a person's end of turn → their next turn, 2 players against Easy at Instant",
    samples: waits.length,
    p50ms: percentile(waits, 50),
    maxMs: round(Math.max(...waits)),
    goalP50ms: 1_500,
  });
}
