import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A timed-out turn is played by the computer at the level the host chose for stand-ins: Hard thinks on the
 * thinking pool. The clock is the test's; the thinking is real, and its limit (the harness's) is one no
 * busy machine reaches: with the bot's 10 s, two busy cores once had Normal move instead (`thoughts` 0).
 */
const HOUR = 3_600_000;
const clock = new ManualClock();
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

const verb = (m: Parameters<typeof controls>[0], v: string) =>
  controls(m).find((c) => c.verb === v) as Control;

describe('the stand-in’s level', () => {
  it('a Hard stand-in plays a timed-out turn on the thinking pool', async () => {
    const opened = await h.loopback.control.as(alice).slash('valley').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'join');
    await d.press(bob, lobby, verb(lobby, 'join'));
    const menu = await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'levels'));
    await d.choose(alice, menu, verb(menu, 'level'), 'stand-in:hard');
    await d.press(alice, d.fresh(lobby), verb(d.fresh(lobby), 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    const before = h.store.getGame(gameId).version;
    expect(h.bot.runtime.computers.thoughts).toBe(0);
    clock.advance(24 * HOUR);
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(h.store.getGame(gameId).version).toBeGreaterThan(before);
    expect(h.bot.runtime.computers.thoughts).toBeGreaterThan(0);
    const posted = h.loopback.control.messages(where).filter((m) => !m.ephemeral);
    expect(posted.some((m) => m.text.includes('time ran out'))).toBe(true);
    // Only against a hang: beside other work on two cores this took 78 s.
  }, 240_000);
});
