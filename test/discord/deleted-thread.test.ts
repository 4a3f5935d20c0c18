import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A moderator deletes a game's thread (Discord sends THREAD_DELETE): the game waits in the parent
 * channel, its host is told there, and the host's `/board` where it should go on moves it there.
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
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const board = (user: LoopbackUser, channelId: string) =>
  h.loopback.control.as(user).slash('board', {}, { channelId }).reply();

describe('a deleted game thread', () => {
  it('leaves the game waiting in the parent channel, and the host moves it with /board', async () => {
    const parent = h.loopback.control.defaultChannel.id;
    const { where, gameId } = await startGameByLobby(d, alice, [bob]);
    await h.quiet();
    expect(h.loopback.control.channel(where)?.parentId).toBe(parent);

    h.loopback.control.deleteChannel(where);
    const notice = await h.loopback.control.waitForMessage({
      channelId: parent,
      where: (m) => m.text.includes(`The thread of game #${gameId} was deleted`),
    });
    expect(notice.text).toContain(`<@${alice.id}>: type /board`);
    expect(notice.mentions.users).toEqual([alice.id]);
    await h.settle();
    expect(h.store.getGame(gameId)).toMatchObject({ status: 'active', channelId: parent, threadId: null });

    // Only the host moves it; elsewhere nobody else finds a game.
    const elsewhere = h.loopback.control.createChannel({ name: 'new-home' });
    expect((await board(bob, elsewhere.id)).text).toBe('No game is being played in this channel.');
    expect((await board(alice, elsewhere.id)).text).toBe('Posted.');
    await h.settle();
    expect(h.store.getGame(gameId)).toMatchObject({ channelId: elsewhere.id, threadId: null });
    const moved = d.latest(elsewhere.id, 'hand');
    expect(moved.text).toContain(`Game #${gameId} goes on here: its thread was deleted.`);

    // The game is played there: the player to move ends a turn from the new board.
    const state = h.store.getGame(gameId).state as ValleyState;
    const mover = h.store.getGame(gameId).seats[state.turn.seat]?.userId === alice.id ? alice : bob;
    const version = h.store.getGame(gameId).version;
    await d.endTurn(mover, await d.openHand(mover, elsewhere.id));
    await h.quiet();
    expect(h.store.getGame(gameId).version).toBeGreaterThan(version);
    expect(controls(d.latest(elsewhere.id, 'hand')).length).toBeGreaterThan(0);

    // Settled: the host's /board in a third channel no longer moves it.
    const third = h.loopback.control.createChannel({ name: 'third' });
    expect((await board(alice, third.id)).text).toBe('No game is being played in this channel.');
    expect(h.store.getGame(gameId).channelId).toBe(elsewhere.id);
  });

  it('cancels a lobby whose thread was deleted, saying so in the parent channel', async () => {
    const parent = h.loopback.control.defaultChannel.id;
    const opened = await h.loopback.control.as(bob).slash('valley').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] ?? '';
    await h.settle();
    const gameId = h.store.gameInThread(where)?.id ?? 0;
    h.loopback.control.deleteChannel(where);
    await h.loopback.control.waitForMessage({
      channelId: parent,
      where: (m) => m.text === `Game #${gameId} was cancelled before it started: its thread was deleted.`,
    });
    await h.settle();
    expect(h.store.getGame(gameId).status).toBe('cancelled');
  });

  it('cancels the games of a deleted channel, and their schedule', async () => {
    const channel = h.loopback.control.createChannel({ name: 'doomed' });
    const opened = await h.loopback.control.as(alice).slash('valley', {}, { channelId: channel.id }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] ?? '';
    await h.settle();
    let lobby = d.latest(where, 'join');
    lobby = await d.press(bob, lobby, controls(lobby).find((x) => x.verb === 'join')!);
    await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
    await h.quiet();
    const gameId = h.store.gameInThread(where)?.id ?? 0;
    expect(h.store.getGame(gameId).status).toBe('active');
    h.loopback.control.deleteChannel(channel.id);
    for (let k = 0; k < 100 && h.store.getGame(gameId).status === 'active'; k++)
      await new Promise((r) => setTimeout(r, 20));
    await h.settle();
    expect(h.store.getGame(gameId).status).toBe('cancelled');
    // Nothing of it was left open: closing its rows again closes none.
    expect(h.store.schedule.cancelGame(gameId)).toBe(0);
  });
});
