import { type RateLimitData, RESTEvents } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The bot keeps to Discord's per-channel limits at Discord's own speed (limitScale 1, the one end-to-end
 * file that does; the others run them faster). Computer players are paced by the bot before they move,
 * so their turns slow down instead of queueing in discord.js: over several rounds of three computer
 * players, the loopback answers no 429 and discord.js never holds a message request for long.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
const waits: RateLimitData[] = [];

beforeAll(async () => {
  h = await startTableHarness({ loopback: { limitScale: 1 } });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  h.bot.client.rest.on(RESTEvents.RateLimited, (data) => waits.push(data));
});
afterAll(async () => {
  await h?.stop();
});

const sendsPer5s = (times: number[]) =>
  Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 5_000).length));

describe("Discord's channel limits at Discord's speed", () => {
  it('three computer players for several rounds: no 429, no long hold in discord.js, ≤ 5 posts per 5 s', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley', { computers: 3 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'start');
    const since = c.requests().length;
    await d.press(alice, lobby, controls(lobby).find((x) => x.verb === 'start')!);
    const id = h.store.gameInThread(where)!.id;
    const seat = h.store.getGame(id).seats.findIndex((s) => s.userId === alice.id);
    const state = () => h.store.getGame(id).state as ValleyState;

    // Until the computer players have taken 9 turns: enough for a burst well past 5 posts in 5 s.
    const computerTurns = () => state().turnsTaken.reduce((a, b, k) => a + (k === seat ? 0 : b), 0);
    const deadline = Date.now() + 120_000;
    while (computerTurns() < 9 && h.store.getGame(id).status === 'active') {
      if (Date.now() > deadline) throw new Error(`only ${computerTurns()} computer turns in 120 s`);
      await h.settle();
      const s = state();
      const q = s.stack.at(-1)?.q;
      const asked = q?.asks.some((a) => a.seat === seat && q.answers[String(seat)] === undefined);
      if (!asked && (q || s.turn.seat !== seat)) {
        await sleep(50);
        continue;
      }
      // A person may click at any moment, and their move is never held back by the bot: what is under
      // test is the computer players' pace, so alice waits, like them, until the channel has room.
      while (h.bot.runtime.publisher.pacer.waitForMove(where) > 0) await sleep(50);
      const hand = await d.openHand(alice, where);
      const answer = controls(hand).find((x) => x.verb === 'ans');
      if (answer) {
        await (answer.kind === 'select'
          ? d.choose(alice, hand, answer, answer.values[0]!)
          : d.press(alice, hand, answer));
      } else if (d.endTurnControl(hand)) await d.endTurn(alice, hand);
      else await sleep(50);
    }
    await h.quiet();

    const requests = c.requests().slice(since);
    const posts = requests.filter(
      (r) => r.route === 'POST /channels/:channelId/messages' && r.path.includes(where) && r.status === 200,
    );
    // The subject was exercised: more boards than one window allows, at Discord's window.
    expect(posts.length).toBeGreaterThan(5);
    // Discord's own window, not a test's shorter one: a window's first post has 5 s to go.
    expect(Math.max(...posts.map((r) => r.rateLimit?.resetAfterMs ?? 0))).toBe(5_000);
    expect(requests.filter((r) => r.status === 429)).toEqual([]);
    expect(sendsPer5s(posts.map((r) => r.at))).toBeLessThanOrEqual(5);
    // discord.js may hold a write for the moment between the pacer's count and the loopback's (tens of
    // ms on a quiet machine; an edit was held 3.9 s beside two CPU burners, 2026-11-28, the pacer's count
    // and the loopback's drifting apart while both waited for CPU). Computer turns that outran the limit
    // would queue writes behind one another for more than a window.
    const held = waits.filter((w) => w.majorParameter === where);
    expect(Math.max(0, ...held.map((w) => w.timeToReset)), JSON.stringify(held)).toBeLessThanOrEqual(5_000);
  }, 180_000);
});
