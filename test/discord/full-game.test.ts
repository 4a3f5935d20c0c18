import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackEvent, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { expectNoLeaks, playByClicks } from './play-by-clicks.ts';

/**
 * Three people play a whole game through Discord: lobby, every turn by clicking the hand's controls,
 * a reaction window answered by hand while the others pass automatically, a restart of the bot in
 * the middle, and the results. Every public message is then checked for cards hidden at the time.
 */
let h: TableHarness;
let d: Driver;
const seen: LoopbackMessage[] = [];

beforeAll(async () => {
  h = await startTableHarness({ timing: { autoPassMinMs: 150, autoPassMaxMs: 300 } });
  d = new Driver(h);
  h.loopback.control.subscribe((e: LoopbackEvent) => {
    if ((e.type === 'message-create' || e.type === 'message-update') && !e.message.ephemeral)
      seen.push(e.message);
  });
});
afterAll(async () => {
  await h?.stop();
});

describe('a full game on Discord', () => {
  it('lobby → every turn by clicks → reactions → restart → results, without leaking hidden cards', async () => {
    const c = h.loopback.control;
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => c.createUser(n)) as [
      LoopbackUser,
      LoopbackUser,
      LoopbackUser,
    ];
    const opened = await c.as(alice).slash('valley').reply();
    expect(opened.ephemeral).toBe(true);
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    expect(where).toBeTruthy();
    expect(where).not.toBe(c.defaultChannel.id); // a thread of its own
    await h.settle();

    let lobby = d.latest(where, 'join');
    const join = (m: LoopbackMessage) => controls(m).find((x) => x.verb === 'join')!;
    lobby = await d.press(bob, lobby, join(lobby));
    lobby = await d.press(carol, lobby, join(lobby));
    expect(lobby.text).toMatch(/Seats \(3\/6\)/);
    const start = controls(lobby).find((x) => x.verb === 'start')!;
    expect((await d.press(bob, lobby, start)).text).toBeDefined();
    expect(h.store.listGames(['active'])).toHaveLength(0); // only the host may start
    await d.press(alice, lobby, start);
    const [summary] = h.store.listGames(['active']);
    const gameId = summary!.id;
    const firstBoard = d.latest(where, 'hand');
    const mover = (h.store.getGame(gameId).state as ValleyState).turn.seat;
    const users = h.store
      .getGame(gameId)
      .seats.map((s) => [alice, bob, carol].find((u) => u.id === s.userId)!);
    expect(firstBoard.notified).toEqual([users[mover]!.id]);

    const played = await playByClicks(d, gameId, where, users, { restartAtTurn: 12, maxSteps: 4000 });
    const { onlyPassHandsSeen, autoPasses, restarted } = played;

    const final = h.store.getGame(gameId);
    expect(final.status).toBe('finished');
    expect(restarted).toBe(true);
    expect(autoPasses).toBeGreaterThan(0);
    // A seat that could only pass looked at its hand and was asked nothing (a reaction by hand needs a
    // deal where someone holds one in time: reactions by hand are tested in reaction-dm.test.ts).
    expect(onlyPassHandsSeen).toBeGreaterThan(0);
    const results = c
      .messages(where)
      .filter((m) => m.text.includes('is over'))
      .at(-1)!;
    expect(results.attachments[0]?.contentType).toBe('image/png');
    expect([...results.notified].sort()).toEqual([alice.id, bob.id, carol.id].sort());
    for (const r of final.outcome!.results) expect(results.text).toContain(`${r.score} VP`);

    // Every public message names only cards the public could see at the version it was drawn from.
    const checked = expectNoLeaks(d, gameId, where, seen);
    expect(checked).toBeGreaterThan(30);
  }, 420_000);
});
