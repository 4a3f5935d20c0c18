import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** Ending a turn is one control; ordering the top of the discard pile is a step of it, when it can matter. */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

describe('ending the turn on Discord', () => {
  it('one control; choosing the order of the top cards ends the turn with exactly that order', async () => {
    const { where, gameId } = await startGameByLobby(d, alice, [bob]);
    const state = () => h.store.getGame(gameId).state as ValleyState;
    const seat = state().turn.seat;
    const mover = h.store.getGame(gameId).seats[seat]?.userId === alice.id ? alice : bob;
    let hand = await d.openHand(mover, where);
    const ends = controls(hand).filter(
      (x) => x.verb === 'end' || (x.verb === 'act' && x.label.startsWith('End turn')),
    );
    expect(ends).toHaveLength(1);
    // A new game's hand holds several kinds of starter and three Urns are owned: the order can matter.
    const menu = ends[0]!;
    expect(menu.kind).toBe('select');
    expect(menu.values).toContain('order');

    hand = await d.choose(mover, hand, menu, 'order');
    const chosen: number[] = [];
    for (let step = 0; step < 5; step++) {
      const next = controls(hand).find((x) => x.verb === 'order' && x.kind === 'select');
      if (!next) break;
      expect(hand.text).toMatch(/Ending your turn/);
      const pick = next.values.at(-1)!;
      chosen.push(Number(pick));
      hand = await d.choose(mover, hand, next, pick);
      if (state().turn.seat !== seat || state().stack.length > 0) break; // the order was complete
      const now = controls(hand).find((x) => x.label === 'End turn with this order');
      if (chosen.length >= 2 && now) {
        hand = await d.press(mover, hand, now);
        break;
      }
    }
    await h.quiet();
    expect(chosen.length).toBeGreaterThanOrEqual(1);
    const s = state();
    const pile = s.players[seat]!.discard;
    // The chosen cards (or identical copies of them) are on top, in the chosen order.
    const top = pile.slice(-chosen.length).reverse();
    expect(top.map((c) => s.cards[c])).toEqual(chosen.map((c) => s.cards[c]));
  });
});
