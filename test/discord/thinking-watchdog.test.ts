import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { WATCHDOG_GRACE_MS } from '../../src/discord/computer-players.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import { fromRoot } from '../../src/paths.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness, THINKING_LIMIT_MS } from './harness.ts';

/**
 * The watchdog behind the thinking pool, through the real bot: a Hard computer's thought that never
 * settles (the test's thread script takes the job and never answers, and the pool's own limit is one no
 * test reaches) is given up on the bot's clock, the test's, past the limit and the grace: Normal moves.
 */
const HOLDS = fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs');
const clock = new ManualClock();
let h: TableHarness;

beforeAll(async () => {
  h = await startTableHarness({ clock, thinking: { script: HOLDS } });
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const verb = (m: LoopbackMessage, v: string) => controls(m).find((c) => c.verb === v) as Control;

describe('the thinking watchdog', () => {
  it('a Hard computer whose thought never comes moves as Normal once its limit has passed', async () => {
    const d = new Driver(h);
    const alice = h.loopback.control.createUser('alice');
    const opened = await h.loopback.control.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'join');
    const menu = await d.press(alice, lobby, verb(lobby, 'levels'));
    await d.choose(alice, menu, verb(menu, 'level'), '1:hard');
    await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    const waiting = () => h.bot.runtime.tables.waitingFor(h.store.getGame(gameId));
    // Alice ends her turn if she begins (answering what its end asks): then the computer's is due.
    for (let k = 0; k < 10 && waiting().includes(0); k++) {
      const hand = await d.openHand(alice, where);
      const answer = controls(hand).find((c) => c.verb === 'ans');
      if (answer?.kind === 'select') await d.choose(alice, hand, answer, answer.values[0] as string);
      else if (answer) await d.press(alice, hand, answer);
      else await d.endTurn(alice, hand);
    }
    expect(waiting()).toEqual([1]);
    const before = h.store.actionLog(gameId).length;
    const computers = h.bot.runtime.computers;
    // The autopilot's move is due after its short delay; then the thought is asked for and held.
    for (let k = 0; k < 3_000 && computers.thinking === 0; k++) await new Promise((r) => setTimeout(r, 10));
    expect(computers.thinking).toBe(1);
    clock.advance(THINKING_LIMIT_MS + WATCHDOG_GRACE_MS - 1);
    await h.settle();
    expect(h.store.actionLog(gameId)).toHaveLength(before);
    clock.advance(1);
    // Its next decision is held the same way: wait for the watchdog's move and the next thought.
    for (let k = 0; k < 3_000 && h.store.actionLog(gameId).length === before; k++)
      await new Promise((r) => setTimeout(r, 10));
    const moved = h.store.actionLog(gameId).slice(before);
    expect(moved.map((a) => a.seat)).toEqual([1]);
    expect(computers.thoughts).toBe(0);
  }, 120_000);
});
