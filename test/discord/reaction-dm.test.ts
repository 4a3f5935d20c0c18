import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { position } from '../../src/games/valley/position.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, dmsTo as dmsOf, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A reaction window: alice buys while bob holds Boat. The public note pings nobody; bob alone gets a
 * private message with the choice; carol, who cannot react, is passed automatically.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness({ timing: { autoPassMinMs: 100, autoPassMaxMs: 200 } });
  d = new Driver(h);
  const c = h.loopback.control;
  [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => c.createUser(n)) as [
    LoopbackUser,
    LoopbackUser,
    LoopbackUser,
  ];
  ({ where, gameId } = await startGameByLobby(d, alice, [bob, carol]));
  // Plant a prepared position (seats 0, 1, 2 = alice, bob, carol) in the stored game.
  const s: ValleyState = position({
    players: 3,
    hands: [
      ['statue-of-isis', 'urn', 'urn'],
      ['boat', 'shabti'],
      ['shabti', 'urn'],
    ],
    decks: [['urn', 'urn', 'urn', 'urn', 'urn'], ['urn'], ['urn']],
    pyramid: ['imseti-canopic-jar', 'chariot', 'censer', 'shabti', 'urn', 'book-of-the-dead'],
    stock: ['statue-of-horus', 'statue-of-horus'],
    boneyard: ['urn'],
  });
  const raw = new BetterSqlite3(h.dbPath);
  raw.prepare('update games set state = ? where id = ?').run(JSON.stringify(s), gameId);
  raw.close();
  h.store.clearCache();
  await c.as(alice).slash('board', {}, { channelId: where }).reply();
  await h.settle();
});
afterAll(async () => {
  await h?.stop();
});

const dmsTo = (user: LoopbackUser): LoopbackMessage[] => dmsOf(h, user);

describe('a reaction window on Discord', () => {
  it('pings nobody in public, tells the holder privately, and passes the others automatically', async () => {
    let hand = await d.openHand(alice, where);
    hand = await d.press(alice, hand, controls(hand).find((x) => x.verb === 'buyslot' && x.arg === '0')!);
    const pay = controls(hand).find((x) => x.verb === 'act' && x.kind === 'select')!;
    const waiting = await d.choose(alice, hand, pay, pay.values[0]!);
    await h.settle();
    // While others may react, the buyer's hand says so once (no "Waiting: Waiting…") and offers no move.
    expect(waiting.text).toMatch(/⏳ Waiting for reactions to the purchase\./);
    expect(waiting.text).not.toMatch(/Waiting: Waiting/);
    expect(
      controls(waiting)
        .filter((x) => x.verb === 'act' || x.verb === 'buyslot')
        .map((x) => x.label),
    ).toEqual([]);
    // The window shows on the board itself (an edit, which pings nobody) and names nobody.
    const note = d.latest(where, 'respond');
    expect(note.text).toMatch(/Waiting for reactions to the purchase/);
    const windowLine = note.text.split('\n').find((l) => l.startsWith('⏳'));
    expect(windowLine).toMatch(/Anyone who can react finds the choice behind \*\*Respond\*\*/);
    expect(windowLine).not.toMatch(/bob|carol|<@/);
    expect(note.notified).not.toContain(bob.id);
    expect(note.notified).not.toContain(carol.id);

    const toBob = dmsTo(bob);
    expect(toBob).toHaveLength(1);
    expect(toBob[0]?.text).toMatch(/you may react now/);
    const choices = controls(toBob[0]!).filter((x) => x.verb === 'ans');
    expect(choices.map((x) => x.label)).toEqual([
      'Pass',
      'Discard Boat and take a card from the base of the pyramid',
    ]);
    expect(dmsTo(carol)).toEqual([]);

    // Carol is passed by the autopilot; bob takes the Chariot with his Boat from the private message.
    const deadline = Date.now() + 5_000;
    const asked = () => (h.store.getGame(gameId).state as ValleyState).stack.at(-1)?.q?.answers ?? {};
    while (asked()['2'] === undefined && Date.now() < deadline) await sleep(20);
    expect(asked()['2']).toBe('pass');
    const after = await d.press(bob, toBob[0]!, choices[1]!);
    const take = controls(after).find((x) => x.verb === 'ans' && x.label.startsWith('Chariot'))!;
    const crumbling = await d.press(bob, after, take);
    await h.settle();
    // The crumble is bob's decision outside a window: a message of its own pings him (an edit could not)…
    const c = h.loopback.control;
    const ping = c
      .messages(where)
      .filter((m) => !m.ephemeral && m.text.includes('choosing how the pyramid crumbles'))
      .at(-1)!;
    expect(ping.notified).toEqual([bob.id]);
    const fall = controls(crumbling).find((x) => x.verb === 'ans')!;
    await d.press(bob, crumbling, fall);
    await h.settle();
    // …and is deleted once he has answered, so it does not clutter the thread.
    expect(c.message(ping.id)).toBeUndefined();
    const s = h.store.getGame(gameId).state as ValleyState;
    expect(s.players[1]?.discard.map((c) => s.cards[c])).toEqual(['boat', 'chariot']);

    // The window closed (any further automatic passes too): alice's hand came back by itself, in the
    // same private message.
    await h.quiet();
    expect((h.store.getGame(gameId).state as ValleyState).stack).toEqual([]);
    const redrawn = d.fresh(waiting);
    expect(redrawn.id).toBe(waiting.id);
    expect(redrawn.text).toMatch(/🔔 Everyone has answered: it is your move again\./);
    expect(d.endTurnControl(redrawn)).not.toBeNull();
    // ... and bob's private message no longer offers a reaction that has passed.
    const dm = h.loopback.control.message(toBob[0]!.id)!;
    expect(dm.text).toMatch(/that chance to react has passed/);
    expect(controls(dm)).toEqual([]);
  });
});
