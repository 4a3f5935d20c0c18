import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { type PositionSpec, position } from '../../src/games/valley/position.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { TWO_GOLD } from '../valley/table.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** The private hand through Discord on prepared positions: paying by picking cards, a turn that goes on. */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ timing: { autoPassMinMs: 100, autoPassMaxMs: 200 } });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

/** A new game of alice (seat 0, to move) and bob, set to `spec`; returns its thread. */
async function prepared(spec: Omit<PositionSpec, 'players'>): Promise<{ where: string; gameId: number }> {
  const started = await startGameByLobby(d, alice, [bob]);
  const raw = new BetterSqlite3(h.dbPath);
  raw
    .prepare('update games set state = ? where id = ?')
    .run(JSON.stringify(position({ players: 2, ...spec })), started.gameId);
  raw.close();
  h.store.clearCache();
  await h.loopback.control.as(alice).slash('board', {}, { channelId: started.where }).reply();
  await h.settle();
  return started;
}

describe('the private hand on Discord', () => {
  it('with more ways to pay than a menu holds, the cards picked pay; cards not needed are refused', async () => {
    const { where, gameId } = await prepared({
      hands: [TWO_GOLD, ['shabti']],
      decks: [['urn', 'urn', 'urn', 'urn', 'urn'], ['urn']],
      pyramid: ['boat', null, null, null, null, null],
      stock: ['urn', 'urn'],
    });
    let hand = await d.openHand(alice, where);
    hand = await d.press(alice, hand, controls(hand).find((x) => x.verb === 'buyslot' && x.arg === '0')!);
    const menu = controls(hand).find((x) => x.verb === 'pay')!;
    expect(menu.values).toHaveLength(8);
    const c = h.loopback.control;
    // Four cards where three pay: refused with the reason, nothing bought.
    await c.as(alice).select(hand, menu.customId, menu.values.slice(0, 4)).reply();
    await h.settle();
    hand = d.fresh(hand);
    expect(hand.text).toMatch(/is not needed to pay for Boat/);
    expect(h.store.getGame(gameId).version).toBe(0);
    // The last three of the eight: a payment no 25-option menu of combinations would have reached.
    hand = await d.press(alice, hand, controls(hand).find((x) => x.verb === 'buyslot' && x.arg === '0')!);
    const again = controls(hand).find((x) => x.verb === 'pay')!;
    await c.as(alice).select(hand, again.customId, again.values.slice(-3)).reply();
    await h.settle();
    const s = h.store.getGame(gameId).state as ValleyState;
    expect(s.players[0]!.play.map((x) => s.cards[x])).toEqual(TWO_GOLD.slice(-3));
    // What the moves said (the state keeps no log): the store keeps each move's lines with it.
    const said = h.store.actionLog(gameId).flatMap((a) => a.said);
    expect(said.some((l) => en(l.text).includes('bought Boat'))).toBe(true);
  });

  it('after others decide, a player whose hand cannot be redrawn is mentioned on a new board', async () => {
    const { where, gameId } = await prepared({
      hands: [
        ['statue-of-isis', 'urn', 'urn'],
        ['boat', 'shabti'],
      ],
      decks: [['urn', 'urn', 'urn', 'urn', 'urn'], ['urn']],
      pyramid: ['imseti-canopic-jar', 'chariot', 'censer', 'shabti', 'urn', 'book-of-the-dead'],
      stock: ['statue-of-horus', 'statue-of-horus'],
    });
    let hand = await d.openHand(alice, where);
    hand = await d.press(alice, hand, controls(hand).find((x) => x.verb === 'buyslot' && x.arg === '0')!);
    const pay = controls(hand).find((x) => x.verb === 'act' && x.kind === 'select')!;
    await d.choose(alice, hand, pay, pay.values[0]!);
    const board = d.latest(where, 'respond');
    // Her hand's token is gone (15 minutes passed, or the bot restarted) while bob may react.
    h.bot.runtime.hands.forget(gameId);
    const toBob = h.loopback.control
      .as(bob)
      .visibleChannels()
      .filter((ch) => ch.type === 1)
      .flatMap((ch) => h.loopback.control.messages(ch.id))
      .at(-1)!;
    await d.press(bob, toBob, controls(toBob).find((x) => x.verb === 'ans' && x.label === 'Pass')!);
    for (let k = 0; k < 200 && (h.store.getGame(gameId).state as ValleyState).stack.length > 0; k++)
      await sleep(10);
    await h.settle();
    const newest = d.latest(where, 'hand');
    expect(newest.id).not.toBe(board.id);
    expect(newest.text).toMatch(/everyone has answered: your turn goes on/);
    expect(newest.notified).toEqual([alice.id]);
    expect(controls(h.loopback.control.message(board.id)!)).toEqual([]); // the older board is retired
  });
});
