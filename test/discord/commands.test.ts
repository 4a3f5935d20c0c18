import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let mod: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  const c = h.loopback.control;
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  mod = c.createUser({ username: 'mod', grants: ['ManageGuild'] });
});
afterAll(async () => {
  await h?.stop();
});

describe('slash commands', () => {
  it('/card autocompletes names and shows a card with its numbers, provisional ones marked', async () => {
    const c = h.loopback.control;
    const choices = await c.as(alice).autocomplete('card', { name: 'stat' }, 'name').choices();
    expect(choices.map((x) => x.name)).toContain('Statue of Isis');
    expect(choices.every((x) => x.name.toLowerCase().includes('stat'))).toBe(true);
    const isis = await c.as(alice).slash('card', { name: 'statue-of-isis' }).reply();
    expect(isis.ephemeral).toBe(true);
    expect(isis.text).toMatch(/Statue of Isis/);
    expect(isis.text).toMatch(/Take a card with a cost of 6 or less/);
    expect(isis.text).toMatch(/\(provisional\)/);
    expect(isis.attachments[0]?.contentType).toBe('image/png');
    expect(isis.attachments[0]?.description).toMatch(/Statue of Isis/);
    const bastet = await c.as(alice).slash('card', { name: 'Statue of Bastet' }).reply();
    expect(bastet.text).toMatch(/Cost 4(?! \(provisional\))/); // the rulebook's number
    const none = await c.as(alice).slash('card', { name: 'Sphinx' }).reply();
    expect(none.text).toMatch(/no card called “Sphinx”/);
  });

  it('/card with an empty name asks for one instead of looking for a card called “”', async () => {
    const c = h.loopback.control;
    for (const name of ['', '   ']) {
      const empty = await c.as(alice).slash('card', { name }).reply();
      expect(empty.ephemeral).toBe(true);
      expect(empty.text).toBe('Which card? Type its name after `/card name:` and pick one from the list.');
    }
  });

  it("/card knows the Afterlife cards: their box, a set the seed does not name, and the seed's own numbers", async () => {
    const c = h.loopback.control;
    for (const [typed, name] of [
      ['neck', 'Necklace'],
      ['nut', 'Goddess Nut'],
    ] as const)
      expect(
        (await c.as(alice).autocomplete('card', { name: typed }, 'name').choices()).map((x) => x.name),
      ).toContain(name);
    const nut = await c.as(alice).slash('card', { name: 'goddess-nut' }).reply();
    expect(nut.text).toContain('**Goddess Nut** — Tomb Art (set of 2), level II, 2 copies · *Afterlife* box');
    expect(nut.text).toMatch(/Cost 4(?! \(provisional\))/);
    // The card says where the card comes from, as its prompt does: the pyramid.
    expect(nut.text).toMatch(/That opponent may take the card of the pyramid with the lowest cost/);
    // Where its set comes from stays in the card data: players see the set, not the rulebook's page.
    expect(nut.text).not.toMatch(/seed|afterlife-rules|Buying Example/);
    const ring = await c.as(alice).slash('card', { name: 'Ring' }).reply();
    expect(ring.text).not.toMatch(/inferred|seed/);
    expect(ring.text).toMatch(/— Jewelry \(set of \d+, provisional\)/);
    expect(ring.text).toMatch(/Gold 1 \(provisional\)/);
    const senet = await c.as(alice).slash('card', { name: 'senet-game' }).reply();
    expect(senet.text).not.toMatch(/Scarab's choice|seed/);
    expect(senet.text).toMatch(/— Unique artifact \(provisional\)/);
  });

  it('/rules explains a turn', async () => {
    const r = await h.loopback.control.as(alice).slash('rules').reply();
    expect(r.ephemeral).toBe(true);
    expect(r.text).toMatch(/Rebuild the pyramid/);
    expect(r.text).toMatch(/2 to 6 players/);
  });

  it('plays in the channel when the bot may not create threads', async () => {
    const c = h.loopback.control;
    const locked = c.createChannel({
      name: 'no-threads',
      denyBot: ['CreatePublicThreads', 'CreatePrivateThreads'],
    });
    const opened = await c.as(alice).slash('valley', {}, { channelId: locked.id }).reply();
    expect(opened.text).toMatch(/played in this channel/);
    await h.settle();
    expect(d.latest(locked.id, 'join').text).toMatch(/lobby/);
  });

  it('/games lists this server’s games; /manage is refused to others and allowed to the host and to Manage Server', async () => {
    const c = h.loopback.control;
    await c.as(alice).slash('valley', { computers: 1 }).reply();
    const [lobby] = h.store.gamesInChannel(c.defaultChannel.id, ['lobby']).slice(-1);
    const id = lobby!.id;
    const list = await c.as(bob).slash('games').reply();
    expect(list.text).toContain(`#${id} · lobby`);
    const refused = await c.as(bob).slash('manage cancel', { game: id }).reply();
    expect(refused.text).toMatch(/Only the host of game #\d+ or someone with Manage Server/);
    expect(h.store.getGame(id).status).toBe('lobby');
    const ok = await c.as(mod).slash('manage cancel', { game: id }).reply();
    await h.settle();
    expect(ok.text).toMatch(/cancelled/);
    expect(h.store.getGame(id).status).toBe('cancelled');
    const again = await c.as(alice).slash('manage cancel', { game: id }).reply();
    expect(again.text).toMatch(/already cancelled/);
  });
});

describe('computer players', () => {
  it('take their turns alone; a seat handed to a computer lets the game finish by itself; /board re-posts', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'start');
    expect(lobby.text).toMatch(/🤖/);
    await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
    const id = h.store.gameInThread(where)!.id;
    const seatOfAlice = h.store.getGame(id).seats.findIndex((s) => s.userId === alice.id);

    // Alice ends her turns; the computer answers for itself.
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      await h.settle();
      const s = h.store.getGame(id).state as ValleyState;
      if (s.turnsTaken.every((t) => t >= 2)) break;
      if (s.turn.seat !== seatOfAlice || s.stack.at(-1)?.q?.asks.every((a) => a.seat !== seatOfAlice)) {
        await sleep(20);
        continue;
      }
      const hand = await d.openHand(alice, where);
      const answer = controls(hand).find((x) => x.verb === 'ans');
      if (answer) {
        if (answer.kind === 'select') await d.choose(alice, hand, answer, answer.values[0]!);
        else await d.press(alice, hand, answer);
      } else await d.endTurn(alice, hand);
    }
    const turns = (h.store.getGame(id).state as ValleyState).turnsTaken;
    expect(turns.every((t) => t >= 2)).toBe(true);

    const board = await c.as(alice).slash('board', {}, { channelId: where }).reply();
    expect(board.text).toBe('Posted.');
    expect(d.latest(where, 'hand').text).toMatch(/posted again on request/);

    const handed = await c.as(alice).slash('manage replace-seat', { game: id, player: alice.id }).reply();
    expect(handed.text).toMatch(/computer player took over/);
    // Discord lets a bot post about one message a second per channel, which paces computer players.
    const deadline = Date.now() + 180_000;
    while (h.store.getGame(id).status !== 'finished' && Date.now() < deadline) await sleep(50);
    await h.settle();
    expect(h.store.getGame(id).status).toBe('finished');
    expect(c.messages(where).some((m) => m.text.includes('is over'))).toBe(true);
  }, 240_000);
});
