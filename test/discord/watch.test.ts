import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { type Control, controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Watch: anyone in the channel gets a private copy of the public board that follows the game, without a
 * seat; it never shows a hand.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
  carol = h.loopback.control.createUser('carol');
});
afterAll(async () => {
  await h?.stop();
});

describe('watching a game', () => {
  it('someone without a seat watches privately; the view follows each move and shows no hand', async () => {
    const { where, gameId } = await startGameByLobby(d, alice, [bob]);
    await h.quiet();
    const board = d.latest(where, 'hand');
    const watchButton = controls(board).find((c) => c.verb === 'watch') as Control;
    expect(watchButton.label).toBe('Watch');
    const view = await d.press(carol, board, watchButton);
    expect(view.ephemeral).toBe(true);
    expect(view.text).toContain(`👁 **Watching** game #${gameId}`);
    expect(view.attachments[0]?.description).toBe(board.attachments[0]?.description);
    expect(controls(view)).toEqual([]);
    expect(view.mentions.users).toEqual([]);

    const game = h.store.getGame(gameId);
    const seat = h.bot.runtime.tables.view(game, null).turn.seat;
    const mover = game.seats[seat]?.userId === alice.id ? alice : bob;
    await d.playFirstAction(mover, await d.openHand(mover, where));
    await h.quiet();
    expect(h.store.getGame(gameId).version).toBeGreaterThan(game.version);
    const now = d.fresh(view);
    const latest = d.latest(where, 'hand');
    expect(now.attachments[0]?.description).toBe(latest.attachments[0]?.description);
    expect(now.attachments[0]?.description).not.toBe(view.attachments[0]?.description);
    // The watcher's copy is the public board: the mover's hand picture is nowhere in it.
    expect(now.attachments.map((a) => a.filename)).toEqual(latest.attachments.map((a) => a.filename));
    expect(h.bot.runtime.publisher.watchers.size).toBe(1);
  }, 60_000);
});
