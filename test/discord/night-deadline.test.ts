import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A turn limit never runs out in the mover's night: it runs out when their quiet hours end, and the
 * board says so. The night chosen is the one the clocks go forward in Madrid (2026-03-29, 02:00 CET →
 * 03:00 CEST), so the end of the night is 08:00 CEST, 06:00Z.
 */
// Saturday 28 March 2026, 02:30 CET in Madrid: 24 h later is 03:30 CEST, in the night.
const start = Date.parse('2026-03-28T01:30:00Z');
const clock = new ManualClock(start);
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness({ clock });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

const state = () => h.store.getGame(gameId).state as ValleyState;
const posted = () => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
const timeOuts = () => posted().filter((m) => m.text.includes('time ran out'));
const unix = (ms: number) => Math.floor(ms / 1000);

async function advanceTo(iso: string): Promise<void> {
  clock.set(Date.parse(iso));
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

describe('turn limits and the night', () => {
  it('a limit that would run out at 03:30 runs out at 08:00 on the wall, and the board shows it', async () => {
    for (const user of [alice, bob])
      await h.loopback.control
        .as(user)
        .slash('settings', { 'time-zone': 'Europe/Madrid', 'quiet-start': '23:00', 'quiet-end': '08:00' })
        .reply();
    ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
    await h.quiet();
    const turn = state().turn.number;
    const board = posted()
      .filter((m) => controls(m).some((c) => c.verb === 'hand'))
      .at(-1);
    const end = Date.parse('2026-03-29T06:00:00Z');
    expect(board?.text).toContain(`<t:${unix(end)}:R>`);
    expect(board?.text).not.toContain(`<t:${unix(start + 24 * 3_600_000)}:R>`);
    await advanceTo('2026-03-29T01:30:00Z');
    await advanceTo('2026-03-29T05:59:00Z');
    expect(timeOuts()).toEqual([]);
    expect(state().turn.number).toBe(turn);
    await advanceTo('2026-03-29T06:00:00Z');
    expect(timeOuts()).toHaveLength(1);
    expect(state().turn.number).toBe(turn + 1);
  }, 60_000);

  it('quiet hours set after the turn began still hold the time-out to the end of the night', async () => {
    // The next turn's limit runs out at 06:00Z on the 30th, 08:00 CEST: awake. Bob and Alice now sleep
    // until 09:00, so at 08:00 it waits one more hour.
    const turn = state().turn.number;
    for (const user of [alice, bob])
      await h.loopback.control
        .as(user)
        .slash('settings', { 'quiet-end': '09:00', 'quiet-start': '23:00' })
        .reply();
    await advanceTo('2026-03-30T06:00:00Z');
    expect(timeOuts()).toHaveLength(1);
    expect(state().turn.number).toBe(turn);
    await advanceTo('2026-03-30T07:00:00Z');
    expect(timeOuts()).toHaveLength(2);
    expect(state().turn.number).toBe(turn + 1);
  }, 60_000);
});

describe("the night that counts is the mover's", () => {
  it("a limit runs out at the end of the mover's quiet hours, never the other player's", async () => {
    // Carol and Dave keep their hours in UTC. Who moves first is the game's seed: M is the first mover,
    // O the other. Turns are ended by hand at chosen times so that each turn's limit starts when wanted.
    const carol = h.loopback.control.createUser('carol');
    const dave = h.loopback.control.createUser('dave');
    const sleeps = async (user: LoopbackUser, start: string, end: string) =>
      h.loopback.control
        .as(user)
        .slash('settings', { 'time-zone': 'UTC', 'quiet-start': start, 'quiet-end': end })
        .reply();
    await advanceTo('2026-04-06T10:00:00Z');
    const game = await startGameByLobby(d, carol, [dave]);
    await h.quiet();
    const here = () => h.store.getGame(game.gameId);
    const turn = () => (here().state as ValleyState).turn;
    const userAt = (seat: number) => (here().seats[seat]?.userId === carol.id ? carol : dave);
    const M = userAt(turn().seat);
    const O = M === carol ? dave : carol;
    const mine = () => h.loopback.control.messages(game.where).filter((m) => !m.ephemeral);
    const board = () =>
      mine()
        .filter((m) => controls(m).some((c) => c.verb === 'hand'))
        .at(-1)?.text ?? '';
    const ranOut = () => mine().filter((m) => m.text.includes('time ran out')).length;
    // Whatever the game still asks before the turn passes (the mover: which card of the pyramid...; the
    // other, in a reaction window: they pass) is answered at once, by hand.
    const answerUntilTurn = async (next: number) => {
      for (let i = 0; i < 10 && turn().number < next; i++) {
        await h.quiet();
        const seat = valley.waitingFor(here().state as ValleyState)[0];
        if (seat === undefined || turn().number >= next) continue;
        const who = userAt(seat);
        const board = d.latest(game.where, 'hand');
        const open = controls(board).find((x) => x.verb === 'respond' || x.verb === 'hand');
        const hand = await d.press(who, board, open!);
        const answers = controls(hand).filter((x) => x.verb === 'ans' && !x.disabled);
        const answer = answers.find((x) => x.arg.endsWith(':pass')) ?? answers[0];
        if (answer?.kind === 'select') await d.choose(who, hand, answer, answer.values[0] as string);
        else if (answer) await d.press(who, hand, answer);
      }
      await h.quiet();
      expect(turn().number).toBe(next);
    };
    const endTurnNow = async (user: LoopbackUser) => {
      const next = turn().number + 1;
      await d.endTurn(user, await d.openHand(user, game.where));
      await answerUntilTurn(next);
      expect(userAt(turn().seat)).not.toBe(user);
    };
    // Nobody sleeps yet: the first limit is the plain 24 hours.
    expect(board()).toContain(`<t:${unix(Date.parse('2026-04-07T10:00:00Z'))}:R>`);

    // Both sleep when O's next limit would run out (10:00), O until 12:00, M until 16:00: it runs out
    // at 12:00, while M is still asleep.
    await sleeps(O, '08:00', '12:00');
    await sleeps(M, '08:00', '16:00');
    await endTurnNow(M);
    expect(userAt(turn().seat)).toBe(O);
    expect(board()).toContain(`<t:${unix(Date.parse('2026-04-07T12:00:00Z'))}:R>`);
    expect(board()).not.toContain(`<t:${unix(Date.parse('2026-04-07T16:00:00Z'))}:R>`);
    expect(board()).not.toContain(`<t:${unix(Date.parse('2026-04-07T10:00:00Z'))}:R>`);
    const turnOfO = turn().number;
    await advanceTo('2026-04-07T11:59:00Z');
    expect(ranOut()).toBe(0);
    expect(turn().number).toBe(turnOfO);
    await advanceTo('2026-04-07T12:00:00Z');
    expect(ranOut()).toBe(1);
    await answerUntilTurn(turnOfO + 1);

    // Only the mover sleeps then: M's limit (12:00 tomorrow) runs out when M wakes, at 16:00.
    expect(userAt(turn().seat)).toBe(M);
    expect(board()).toContain(`<t:${unix(Date.parse('2026-04-08T16:00:00Z'))}:R>`);
    expect(board()).not.toContain(`<t:${unix(Date.parse('2026-04-08T12:00:00Z'))}:R>`);

    // Only the other sleeps: M sleeps 12:00–20:00 from now on, O is awake at 15:59 (22:00–06:00), and
    // O's limit, from 15:59 today, runs out at 15:59 tomorrow, while M sleeps.
    await advanceTo('2026-04-08T15:59:00Z');
    expect(ranOut()).toBe(1);
    await sleeps(M, '12:00', '20:00');
    await sleeps(O, '22:00', '06:00');
    await endTurnNow(M);
    expect(userAt(turn().seat)).toBe(O);
    expect(board()).toContain(`<t:${unix(Date.parse('2026-04-09T15:59:00Z'))}:R>`);
    expect(board()).not.toContain(`<t:${unix(Date.parse('2026-04-09T20:00:00Z'))}:R>`);
    const lastTurn = turn().number;
    await advanceTo('2026-04-09T15:58:00Z');
    expect(ranOut()).toBe(1);
    await advanceTo('2026-04-09T15:59:00Z');
    expect(ranOut()).toBe(2);
    await answerUntilTurn(lastTurn + 1);
  }, 90_000);
});
