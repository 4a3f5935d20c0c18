import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The host's choices of a Valley lobby through the real client: the card pool (Base, Base + Afterlife,
 * Custom sets and uniques) and the first player. Only the host decides; a pool too small to play is
 * refused with the reason and changes nothing.
 */
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

const find = (m: LoopbackMessage, verb: string, arg: string) =>
  controls(m).find((c) => c.verb === verb && (c.arg === arg || c.arg.startsWith(`${arg}:`))) as Control;

async function openLobby(computers = 0): Promise<{ where: string; lobby: LoopbackMessage }> {
  const opened = await h.loopback.control.as(alice).slash('valley', { computers }).reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  return { where, lobby: d.latest(where, 'join') };
}

describe('the lobby of Valley of the Kings', () => {
  it('offers the card pools, Base unless the host chooses, and only the host may choose', async () => {
    const { where, lobby } = await openLobby();
    expect(lobby.text).toContain('🃏 Cards: Base (56 cards beside the starters');
    expect(lobby.text).toContain('🔀 First player: drawn at random');
    const pool = find(lobby, 'set', 'pool');
    expect(pool.values).toEqual(['base', 'base-afterlife', 'custom']);
    await d.press(bob, lobby, controls(lobby).find((c) => c.verb === 'join') as Control);
    const refused = await d.choose(bob, d.fresh(lobby), pool, 'base-afterlife');
    expect(refused.text).toMatch(/Only the host/);
    expect(d.fresh(lobby).text).toContain('🃏 Cards: Base (');
    await d.choose(alice, d.fresh(lobby), pool, 'base-afterlife');
    expect(d.fresh(lobby).text).toContain('🃏 Cards: Base + Afterlife (84 cards');
    const game = h.store.gameInThread(where);
    expect(h.store.getGame(game?.id as number).options).toEqual({ pool: 'base-afterlife' });
  }, 60_000);

  it('a custom pool starts from the cards chosen so far; one too small to play is refused with the reason', async () => {
    const { where, lobby } = await openLobby(5);
    await d.choose(alice, lobby, find(lobby, 'set', 'pool'), 'custom');
    let now = d.fresh(lobby);
    const cards = find(now, 'set', 'cards');
    expect(cards.values).toHaveLength(18);
    expect(now.text).toContain('🃏 Cards: Custom: Books, Amulets, Canopic Jars, Sarcophagi, Statues + Boat');
    const refused = await d.chooseMany(alice, now, cards, ['set:weapons', 'unique:boat']);
    expect(refused.text).toBe(
      'That pool cannot be played: a custom card pool needs at least 24 cards besides the starters; this one has 7: add sets or unique artifacts.',
    );
    await d.chooseMany(alice, d.fresh(lobby), cards, [
      'set:books',
      'set:weapons',
      'set:jewelry',
      'set:tomb-art',
      'unique:senet-game',
    ]);
    now = d.fresh(lobby);
    expect(now.text).toContain('🃏 Cards: Custom: Books, Jewelry, Weapons, Tomb Art + Senet Game (31 cards');
    // Six seats, the host first: the game is dealt from the pool and begins with the host.
    await d.press(alice, now, find(now, 'set', 'first'));
    now = d.fresh(lobby);
    expect(now.text).toContain('🔀 First player: the host (seat 1)');
    await d.press(alice, now, controls(now).find((c) => c.verb === 'start') as Control);
    await h.quiet();
    const game = h.store.getGame(h.store.gameInThread(where)?.id as number);
    const s = game.state as ValleyState;
    expect(s.players).toHaveLength(6);
    expect(s.firstSeat).toBe(0);
    expect(new Set(s.cards).has('judgment')).toBe(true);
    expect(new Set(s.cards).has('statue-of-isis')).toBe(false);
  }, 120_000);
});
