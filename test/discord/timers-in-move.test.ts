import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A move and what it makes due commit together: the next player's reminder and time-out are written in
 * the move's transaction, so no failure between the commit and the board (a database call that fails,
 * a crash) can leave a turn without its clock.
 */
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

describe('the turn timers of a move', () => {
  it('are written in its transaction: a store that refuses every later plan loses none of them', async () => {
    const { gameId, where } = await startGameByLobby(d, alice, [bob]);
    await h.quiet();
    const store = h.bot.runtime.tables.store;
    const game = await store.getGame(gameId);
    expect(game.turnLimitMinutes).toBe(24 * 60);
    const seat = h.bot.runtime.tables.view(game, null).turn.seat;
    const mover = game.seats[seat]?.userId === alice.id ? alice : bob;
    const hand = await d.openHand(mover, where);

    const plan = store.schedule.plan;
    const refused: string[] = [];
    store.schedule.plan = async (row) => {
      refused.push(row.key);
      throw new Error('the database went away after the commit');
    };
    try {
      await d.playFirstAction(mover, hand);
      await h.quiet();
    } finally {
      store.schedule.plan = plan;
    }
    const after = await store.getGame(gameId);
    expect(after.version).toBeGreaterThan(game.version);
    const v = h.bot.runtime.tables.view(after, null);
    const stage = `${gameId}:${v.turn.number}:${v.decision ?? 'turn'}:${v.turn.seat}`;
    const reminder = await store.schedule.find(`remind:${stage}`);
    const timeout = await store.schedule.find(`timeout:${stage}`);
    expect(reminder?.doneAt).toBeNull();
    expect(timeout?.dueAt.getTime()).toBe(clock.now() + 24 * 3_600_000);
    // Nothing was planned outside the move's transaction for it.
    expect(refused).toEqual([]);
  }, 60_000);
});
