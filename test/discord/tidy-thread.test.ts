import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { bareLinks } from '../helpers/bare-links.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A whole 4-seat game through Discord's real limits: the thread ends with the lobby, one board per
 * turn and the results; only the newest board ever has controls; the last one says the game is over.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
});
afterAll(async () => {
  await h?.stop();
});

const LIVE = new Set(['hand', 'respond', 'act', 'ans', 'buyslot']);

describe('a tidy thread', () => {
  it('a finished 4-player game leaves the lobby, at most one board per turn, and the results', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley', { computers: 3 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'start');
    await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
    const id = h.store.gameInThread(where)!.id;
    const seat = h.store.getGame(id).seats.findIndex((s) => s.userId === alice.id);
    const state = () => h.store.getGame(id).state as ValleyState;

    let mostLiveBoards = 0;
    const deadline = Date.now() + 280_000;
    while (h.store.getGame(id).status === 'active' && Date.now() < deadline) {
      await h.settle();
      const live = c.messages(where).filter((m) => !m.ephemeral && controls(m).some((x) => LIVE.has(x.verb)));
      mostLiveBoards = Math.max(
        mostLiveBoards,
        live.filter((m) => controls(m).some((x) => x.verb === 'hand')).length,
      );
      const s = state();
      const q = s.stack.at(-1)?.q;
      const asked = q?.asks.some((a) => a.seat === seat && q.answers[String(seat)] === undefined);
      if (s.finished || (!asked && (q || s.turn.seat !== seat))) {
        await sleep(20);
        continue;
      }
      // Alice plays simply: answer what she is asked, buy the first card she can, end her turn.
      const hand = await d.openHand(alice, where);
      const cs = controls(hand);
      const answer = cs.find((x) => x.verb === 'ans');
      if (answer) {
        await (answer.kind === 'select'
          ? d.choose(alice, hand, answer, answer.values[0]!)
          : d.press(alice, hand, answer));
        continue;
      }
      if (d.endTurnControl(hand)) await d.endTurn(alice, hand);
      // A window she can only pass is passed for her automatically, perhaps while her hand was drawn.
      else await sleep(20);
    }
    await h.settle();
    const game = h.store.getGame(id);
    expect(game.status).toBe('finished');
    const turns = (game.state as ValleyState).turnsTaken.reduce((a, b) => a + b, 0);

    const publicMessages = c.messages(where).filter((m) => !m.ephemeral);
    const boards = publicMessages.filter((m) =>
      /^\*\*Valley of the Kings\*\* · game #\d+ · turn/.test(m.text),
    );
    const results = publicMessages.filter((m) => m.text.startsWith('🏁'));
    expect(results).toHaveLength(1);
    expect(boards.length).toBeLessThanOrEqual(turns);
    expect(publicMessages.length).toBeLessThanOrEqual(turns + 2); // + the lobby and the results
    expect(mostLiveBoards).toBe(1);
    // Nothing in the thread can still be clicked as if the game went on.
    expect(publicMessages.filter((m) => controls(m).some((x) => LIVE.has(x.verb)))).toEqual([]);
    const last = boards.at(-1)!;
    expect(last.text).toMatch(/🏁 The game is over: \[see the results\]\(https:/);
    expect(last.text).toContain(results[0]!.id);
    expect(last.text).not.toMatch(/it is your turn/);
    // The last board and the lobby's note link the results with words, never the raw address.
    expect(publicMessages.find((m) => m.text.includes('· finished'))?.text).toMatch(
      /The game is over: \[see the results\]\(https:/,
    );
    for (const m of publicMessages) expect(bareLinks(m.text)).toEqual([]);
  }, 300_000);
});
