import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { KEY_MOMENTS_LEASE_MS, type KeyMomentsBudget } from '../../src/discord/key-moments.ts';
import { fromRoot } from '../../src/paths.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A bot process killed with SIGKILL while it analyses a finished game's key moments (its thinking thread
 * holds the analysis: the kill comes mid-analysis for certain, with no waiting on time). The killed process
 * stored nothing and left its claim on the intent row; when that claim runs out, the restarted bot
 * analyses the game and stores its moments once, and the row is closed.
 */
const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const HOLDS = fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs');
const BUDGET: KeyMomentsBudget = {
  screenPlayouts: 4,
  screenDuels: 4,
  confirm: 2,
  confirmDuels: 20,
  confirmPlayouts: 8,
};
const clock = new ManualClock();
/** The parent bot's thinking threads: held while the game ends, the real ones after the kill. */
const thinking: { script?: string } = { script: HOLDS };
let h: TableHarness;
let child: ChildProcess | null = null;

beforeAll(async () => {
  h = await startTableHarness({ clock, thinking, keyMoments: BUDGET });
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

/** A Valley game of a person against a Normal computer, both moved as Normal, ended by the one move path. */
async function finishGame(): Promise<number> {
  const c = h.loopback.control;
  const alice = c.createUser('alice');
  const lobby = h.store.lobbies.create({
    type: 'valley',
    guildId: c.defaultGuild.id,
    channelId: c.createChannel({ name: 'moments-crash' }).id,
    hostUserId: alice.id,
    seed: 'key-moments-crash',
    seats: [
      { userId: alice.id, displayName: 'alice' },
      { botKind: 'normal', displayName: 'Computer' },
    ],
  });
  const gameId = h.store.startGame(lobby.id).id;
  const rt = h.bot.runtime;
  const adapter = rt.tables.adapterOf(h.store.getGame(gameId));
  for (;;) {
    const game = h.store.getGame(gameId);
    const seat = adapter.game.waitingFor(game.state)[0] as number;
    const action = adapter.computers.move(game.state, seat, 'normal');
    const after = adapter.game.apply(game.state, seat, action);
    if (after.ok && adapter.game.outcome(after.state) !== null) {
      await rt.locks.run(gameId, () => rt.publisher.postBoard(game));
      expect((await rt.table.move(gameId, seat, action, game.version)).ok).toBe(true);
      return gameId;
    }
    h.store.applyAction(gameId, { seat, action, expectedVersion: game.version });
  }
}

/** The intent row and the stored moments, as a second connection reads them (the bot may be dead). */
function read(gameId: number): {
  row: { due_at: number; done_at: number | null; outcome: string | null; payload: string };
  stored: number;
} {
  const db = new Database(h.dbPath, { readonly: true });
  try {
    const row = db
      .prepare('select due_at, done_at, outcome, payload from schedule where key = ?')
      .get(`key-moments:${gameId}`) as ReturnType<typeof read>['row'];
    const { n } = db.prepare('select count(*) as n from key_moments where game_id = ?').get(gameId) as {
      n: number;
    };
    return { row, stored: n };
  } finally {
    db.close();
  }
}

describe('key moments interrupted by SIGKILL', () => {
  it('are analysed again after the claim runs out, and stored once', async () => {
    const gameId = await finishGame();
    await h.quiet();
    // The parent's own claim (its held analysis) is let go by stopping: the row waits for its lease.
    await h.down();
    const first = read(gameId);
    expect(first.row.done_at).toBeNull();
    expect(first.stored).toBe(0);

    const at = first.row.due_at;
    child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        DB_PATH: h.dbPath,
        TOKEN: h.loopback.token,
        API_URL: h.loopback.restApi,
        CLOCK_MS: String(at),
        THINK_SCRIPT: HOLDS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const analysing = new Promise<boolean>((resolve) => {
      child?.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/^thinking \d+$/m.test(output)) resolve(true);
      });
      child?.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child?.once('exit', () => resolve(false));
    });
    expect(await analysing, `child: ${output}`).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = null;
    // The dead process had claimed the row for its lease and stored nothing.
    const held = read(gameId);
    expect(held.stored).toBe(0);
    expect(held.row.done_at).toBeNull();
    expect(held.row.due_at).toBe(at + KEY_MOMENTS_LEASE_MS);
    expect(JSON.parse(held.row.payload).tries).toBe(2);

    delete thinking.script;
    clock.set(at + KEY_MOMENTS_LEASE_MS);
    await h.up();
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    await h.bot.runtime.keyMoments.idle();
    const done = read(gameId);
    expect(done.stored).toBe(1);
    expect(done.row.outcome).toBe('fired');
    expect(JSON.parse(done.row.payload).tries).toBe(3);
    const record = await h.bot.runtime.tables.store.keyMoments.of(gameId);
    expect(record?.decisions).toBeGreaterThan(10);
  }, 240_000);
});
