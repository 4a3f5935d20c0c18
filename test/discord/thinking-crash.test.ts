import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { fromRoot } from '../../src/paths.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A bot killed with SIGKILL while a Hard computer thinks: nothing of the thought was kept, so after a
 * restart the computer thinks again and moves, each of its decisions thought once and applied once. The
 * thought in the killed process is held by the test's thread script (it never answers, and says on its
 * output that it has the job): the kill comes while it thinks, for certain, with no waiting on time.
 */
const CHILD = fileURLToPath(new URL('./helpers/timeout-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const HOLDS = fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs');
const clock = new ManualClock();
/** The parent bot's thinking threads: held too while the game is set up, the real ones after the kill. */
const thinking: { script?: string } = { script: HOLDS };
let h: TableHarness;
let child: ChildProcess | null = null;

beforeAll(async () => {
  h = await startTableHarness({ clock, thinking });
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

const verb = (m: LoopbackMessage, v: string) => controls(m).find((c) => c.verb === v) as Control;

describe('a Hard computer interrupted by SIGKILL', () => {
  it('thinks again after the restart and moves once', async () => {
    const d = new Driver(h);
    const alice: LoopbackUser = h.loopback.control.createUser('alice');
    const opened = await h.loopback.control.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'join');
    const menu = await d.press(alice, lobby, verb(lobby, 'levels'));
    await d.choose(alice, menu, verb(menu, 'level'), '1:hard');
    await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    // Alice ends her turn if she begins (answering what its end asks): then the computer's is due, its
    // thought held here too.
    for (let k = 0; k < 10 && h.bot.runtime.tables.waitingFor(h.store.getGame(gameId)).includes(0); k++) {
      const hand = await d.openHand(alice, where);
      const answer = controls(hand).find((c) => c.verb === 'ans');
      if (answer?.kind === 'select') await d.choose(alice, hand, answer, answer.values[0] as string);
      else if (answer) await d.press(alice, hand, answer);
      else await d.endTurn(alice, hand);
    }
    expect(h.bot.runtime.tables.waitingFor(h.store.getGame(gameId))).toEqual([1]);
    const before = h.store.actionLog(gameId).length;
    // Stopping refuses the held thought; a stopped autopilot makes no move of it.
    await h.down();

    child = spawn(process.execPath, ['--import', TSX, CHILD], {
      env: {
        ...process.env,
        DB_PATH: h.dbPath,
        TOKEN: h.loopback.token,
        API_URL: h.loopback.restApi,
        CLOCK_MS: String(clock.now()),
        THINK_SCRIPT: HOLDS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const thinkingNow = new Promise<boolean>((resolve) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        if (/^thinking \d+$/m.test(output)) resolve(true);
      };
      child?.stdout?.on('data', seen);
      child?.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child?.once('exit', () => resolve(false));
    });
    expect(await thinkingNow, `child: ${output}`).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    child = null;
    // The killed process moved nothing: the thought was all it had (read as a second connection would).
    const db = new Database(h.dbPath, { readonly: true });
    const logged = db.prepare('select count(*) as n from actions where game_id = ?').get(gameId);
    db.close();
    expect(logged).toEqual({ n: before });

    delete thinking.script;
    await h.up();
    await h.quiet();
    const after = h.store.actionLog(gameId).slice(before);
    const computer = after.filter((a) => a.seat === 1);
    expect(after[0]?.seat).toBe(1);
    expect(computer.length).toBeGreaterThan(0);
    // Each of its decisions thought once on the pool (Hard, not Normal's fallback) and applied once.
    expect(h.bot.runtime.computers.thoughts).toBe(computer.length);
    const seqs = h.store.actionLog(gameId).map((a) => a.seq);
    expect(seqs).toEqual(seqs.map((_, k) => k + 1));
  }, 180_000);
});
