import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A bot killed with SIGKILL between a time-out's move and its message: the move was committed in the
 * transaction that closed the time-out, so after a restart it is neither lost nor applied again; the
 * message it was sending is lost (at most once), and the game goes on.
 */
const HOUR = 3_600_000;
const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const clock = new ManualClock();
let h: TableHarness;
let child: ChildProcess | null = null;
let gameId: number;
let where: string;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  const d = new Driver(h);
  const alice = h.loopback.control.createUser('alice');
  const bob: LoopbackUser = h.loopback.control.createUser('bob');
  ({ gameId, where } = await startGameByLobby(d, alice, [bob]));
  await h.quiet();
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

/** The rows and the log as a second connection reads them (the bot's process may be dead). */
function read<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(h.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe('a time-out interrupted by SIGKILL', () => {
  it('is applied exactly once', async () => {
    const v0 = h.store.getGame(gameId).version;
    const turn = (h.store.getGame(gameId).state as ValleyState).turn.number;
    await h.down();
    // Only the time-out is to fire in the child: the reminder is taken as sent.
    {
      const db = new Database(h.dbPath);
      db.prepare("update schedule set done_at = 0, outcome = 'fired' where kind = 'remind'").run();
      db.close();
    }
    // Its public line never gets an answer: the child is killed while it waits for one.
    const hang = h.loopback.control.faults.delay('POST /channels/:channelId/messages', 60_000);
    const at = clock.now() + 25 * HOUR;
    child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        DB_PATH: h.dbPath,
        TOKEN: h.loopback.token,
        API_URL: h.loopback.restApi,
        CLOCK_MS: String(at),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // The child starts a bot (tsx, discord.js, the store) beside the rest of the suite on two cores: the
    // wait is a bound against a hang, polled every 50 ms, not a measure of the machine's speed.
    let fired = false;
    for (let k = 0; k < 2_400 && !fired && child.exitCode === null; k++) {
      await sleep(50);
      fired =
        read<{ n: number }>(
          "select count(*) as n from schedule where kind = 'timeout' and outcome = 'fired'",
        )[0]?.n === 1;
    }
    const schedule = read<{ key: string; outcome: string | null; due_at: number }>(
      'select key, outcome, due_at from schedule',
    );
    expect(fired, `child: ${output}\nschedule: ${JSON.stringify(schedule)}`).toBe(true);
    // The move and the row's closing are one transaction: both are there.
    expect(read<{ n: number }>('select count(*) as n from actions where game_id = ?', gameId)[0]?.n).toBe(
      v0 + 1,
    );
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = null;
    hang.remove();

    clock.set(at);
    await h.up();
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    // Nothing fired twice: one time-out row, fired once; the computer finished that turn from where
    // the dead process left it.
    const rows = read<{ outcome: string }>(
      "select outcome from schedule where kind = 'timeout' and key like ?",
      `timeout:${gameId}:${turn}:%`,
    );
    expect(rows.map((r) => r.outcome)).toEqual(['fired']);
    const state = h.store.getGame(gameId).state as ValleyState;
    expect(state.turn.number).toBe(turn + 1);
    const log = h.store.actionLog(gameId);
    expect(log.slice(0, v0 + 1).map((a) => a.seq)).toEqual(Array.from({ length: v0 + 1 }, (_, k) => k + 1));
    // The public line was lost with the process (at most once): a time-out fired again would post it.
    const lines = h.loopback.control.messages(where).filter((m) => m.text.includes('time ran out'));
    expect(lines).toEqual([]);
  }, 240_000);
});
