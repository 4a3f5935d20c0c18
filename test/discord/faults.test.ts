import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** Discord failing after a move is committed loses a message at worst; the move is never doubled. */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  const c = h.loopback.control;
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
});
afterAll(async () => {
  await h?.stop();
});

/** Every board posted in the channel, as it is now (older boards have lost their buttons). */
const boardsIn = (channelId: string) =>
  h.loopback.control
    .messages(channelId)
    .filter((m) => !m.ephemeral && /^\*\*Valley of the Kings\*\* · game #\d+ · turn/.test(m.text));

const mover = () => {
  const g = h.store.getGame(gameId);
  return g.seats[(g.state as ValleyState).turn.seat]?.userId === alice.id ? alice : bob;
};

async function endTurnWithSacrifice(): Promise<void> {
  const turn = (h.store.getGame(gameId).state as ValleyState).turn.number;
  const user = mover();
  const hand = await d.openHand(user, where);
  const after = await d.endTurn(user, hand);
  const answer = controls(after).find((x) => x.verb === 'ans');
  if (answer)
    await (answer.kind === 'select'
      ? d.choose(user, after, answer, answer.values[0]!)
      : d.press(user, after, answer));
  // A Mummified Cat window may follow the sacrifice; its passes come on a timer.
  while ((h.store.getGame(gameId).state as ValleyState).turn.number === turn) await sleep(10);
  await h.settle();
}

describe('Discord failures', () => {
  it('a 429 on posting the board is retried: the board arrives once and the move is applied once', async () => {
    const c = h.loopback.control;
    const boardsBefore = boardsIn(where).length;
    const v = h.store.getGame(gameId).version;
    c.faults.rateLimit('POST /channels/:channelId/messages', 50, 1);
    await endTurnWithSacrifice();
    await h.settle();
    const boards = boardsIn(where);
    expect(boards.length).toBe(boardsBefore + 1);
    // Only the newest board keeps its controls.
    expect(boards.filter((m) => controls(m).some((x) => x.verb === 'hand'))).toEqual([boards.at(-1)]);
    expect(h.store.actionLog(gameId).length).toBe(h.store.getGame(gameId).version);
    expect(h.store.getGame(gameId).version).toBeGreaterThan(v);
    expect(c.requests().some((r) => r.status === 429)).toBe(true);
  });

  it('a 500 that outlasts the retries loses the board message, never the move; /board posts it again', async () => {
    const c = h.loopback.control;
    const before = h.store.getGame(gameId);
    c.faults.serverError('POST /channels/:channelId/messages', 500, 5);
    await endTurnWithSacrifice();
    await h.settle();
    c.faults.clear();
    const after = h.store.getGame(gameId);
    expect((after.state as ValleyState).turn.number).toBe((before.state as ValleyState).turn.number + 1);
    expect(h.store.actionLog(gameId).length).toBe(after.version);
    // The stored board is behind the game: that is how a restart or /board knows to post it again.
    expect(h.store.locations.getMessage(gameId, 'board')?.version).toBeLessThan(after.version);
    const r = await c.as(bob).slash('board', {}, { channelId: where }).reply();
    expect(r.text).toBe('Posted.');
    expect(h.store.locations.getMessage(gameId, 'board')?.version).toBe(after.version);
    expect(d.latest(where, 'hand').text).toMatch(/posted again on request/);
  });
});
