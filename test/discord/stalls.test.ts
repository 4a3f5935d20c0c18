import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** A failed post must never stop the computer players: waking them does not depend on a message. */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
});
afterAll(async () => {
  await h?.stop();
});

const stateOf = (gameId: number) => h.store.getGame(gameId).state as ValleyState;

async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Opens a lobby with three computer players and starts it while every message post fails. */
async function startWithFailingPosts(): Promise<{ gameId: number; where: string }> {
  const c = h.loopback.control;
  const opened = await c.as(alice).slash('valley', { computers: 3 }).reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  const lobby = d.latest(where, 'start');
  // The first try and the one retry the harness allows both fail: the first board is lost.
  c.faults.serverError('POST /channels/:channelId/messages', 500, 2);
  await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
  c.faults.clear();
  const gameId = h.store.gameInThread(where)?.id as number;
  return { gameId, where };
}

describe('no stall after a failed post', () => {
  it('a computer player to move at the start moves even though the first board was never posted', async () => {
    // The first seat is drawn by the game's seed; try until a computer player is drawn (3 in 4).
    for (let k = 0; k < 20; k++) {
      const { gameId } = await startWithFailingPosts();
      const game = h.store.getGame(gameId);
      expect(h.store.locations.getMessage(gameId, 'board')).toBeUndefined();
      if (game.seats[stateOf(gameId).turn.seat]?.botKind) {
        await until('a computer move', () => h.store.getGame(gameId).version > 0);
        expect(h.store.getGame(gameId).version).toBeGreaterThan(0);
        await h.quiet();
        return;
      }
    }
    throw new Error('twenty games in a row started with the person: the seed is not drawn at random');
    // Up to three computer turns run paced by the channel's rate limits before the person is to move.
  }, 120_000);

  it('/board re-posts the board and wakes computer players that were due', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const gameId = h.store.gameInThread(where)?.id as number;
    // Started behind the bot's back (as a crash between commit and wake-up would leave it).
    const started = h.store.startGame(gameId);
    const computerSeat = started.seats.findIndex((s) => s.botKind);
    if (stateOf(gameId).turn.seat !== computerSeat) {
      // The person is first: pass the turn to the computer player directly in the store.
      const s = stateOf(gameId);
      h.store.applyAction(gameId, {
        seat: s.turn.seat,
        action: { type: 'end-turn', top: null },
        expectedVersion: h.store.getGame(gameId).version,
      });
      for (let k = 0; k < 5 && stateOf(gameId).stack.at(-1)?.q; k++) {
        const q = stateOf(gameId).stack.at(-1)?.q;
        const ask = q?.asks.find((a) => q.answers[String(a.seat)] === undefined);
        if (!ask || h.store.getGame(gameId).seats[ask.seat]?.botKind) break;
        h.store.applyAction(gameId, {
          seat: ask.seat,
          action: { type: 'answer', value: ask.options[0]?.value as string },
          expectedVersion: h.store.getGame(gameId).version,
        });
      }
    }
    const stuckAt = h.store.getGame(gameId).version;
    await sleep(100);
    expect(h.store.getGame(gameId).version).toBe(stuckAt); // nothing woke it: that is the stall
    const r = await c.as(alice).slash('board', {}, { channelId: where }).reply();
    expect(r.text).toBe('Posted.');
    await until('a computer move after /board', () => h.store.getGame(gameId).version > stuckAt);
    await h.quiet();
  });

  it('/manage replace-seat hands the seat to a computer player that moves even if the notice fails', async () => {
    const c = h.loopback.control;
    const bob = c.createUser('bob');
    const opened = await c.as(alice).slash('valley').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    let lobby = d.latest(where, 'join');
    lobby = await d.press(bob, lobby, controls(lobby).find((x) => x.verb === 'join')!);
    await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
    const gameId = h.store.gameInThread(where)?.id as number;
    const toMove = h.store.getGame(gameId).seats[stateOf(gameId).turn.seat]?.userId as string;
    const version = h.store.getGame(gameId).version;
    c.faults.serverError('POST /channels/:channelId/messages', 500, 2);
    await c
      .as(alice)
      .slash('manage replace-seat', { game: gameId, player: toMove }, { channelId: where })
      .reply();
    c.faults.clear();
    await until('the new computer player to move', () => h.store.getGame(gameId).version > version);
    await h.quiet();
  });
});
