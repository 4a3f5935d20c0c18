import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Turn limits and reminders through the real client, with the bot's clock in the test's hand: days of
 * a game where nobody moves, in milliseconds. The rows are in the database, so a restart loses none
 * and fires none twice.
 */
const HOUR = 3_600_000;
const clock = new ManualClock();
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
const reminders = () => posted().filter((m) => m.text.includes('is waiting for you'));
const timeOuts = () => posted().filter((m) => m.text.includes('time ran out'));
const boards = () => posted().filter((m) => controls(m).some((c) => c.verb === 'hand'));
const userOf = (seat: number) =>
  [alice, bob].find((u) => u.id === h.store.getGame(gameId).seats[seat]?.userId) as LoopbackUser;

/** Moves the bot's clock and waits until everything that came due has run. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

const unix = (ms: number) => Math.floor(ms / 1000);

describe('turn limits and reminders', () => {
  it('the lobby offers the turn limits, 24 h unless the host chooses; the board shows when the turn runs out', async () => {
    const opened = await h.loopback.control.as(alice).slash('valley').reply();
    const lobbyWhere = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    let lobby = d.latest(lobbyWhere, 'join');
    expect(lobby.text).toContain('Turn limit: 24 h per turn');
    const limit = controls(lobby).find((c) => c.verb === 'limit') as ReturnType<typeof controls>[number];
    lobby = await d.press(bob, lobby, controls(lobby).find((x) => x.verb === 'join') as typeof limit);
    // Only the host may choose.
    const refused = await d.choose(bob, lobby, limit, '720');
    expect(refused.text).toMatch(/Only the host/);
    await d.choose(alice, d.fresh(lobby), limit, '720');
    expect(d.fresh(lobby).text).toContain('Turn limit: 12 h per turn');
    await d.choose(alice, d.fresh(lobby), limit, 'none');
    expect(d.fresh(lobby).text).toContain('no turn limit');
    const lobbyGame = h.store.gameInThread(lobbyWhere)?.id as number;
    await h.loopback.control.as(alice).slash('manage cancel', { game: lobbyGame }).reply();

    ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
    await h.quiet();
    const board = boards().at(-1) as LoopbackMessage;
    expect(board.text).toContain(`⏰ This turn runs out <t:${unix(clock.now() + 24 * HOUR)}:R>`);
    expect(reminders()).toEqual([]);
  }, 60_000);

  it('one reminder at half the limit, mentioning only the player to move; never a second one', async () => {
    const mover = userOf(state().turn.seat);
    await advance(12 * HOUR - 1000);
    expect(reminders()).toEqual([]);
    await advance(1000);
    expect(reminders()).toHaveLength(1);
    const reminder = reminders()[0] as LoopbackMessage;
    expect(reminder.text).toContain(`<@${mover.id}>`);
    expect(reminder.mentions.users).toEqual([mover.id]);
    expect(reminder.text).toContain(`<t:${unix(clock.now() + 12 * HOUR)}:R>`);
    await advance(6 * HOUR);
    expect(reminders()).toHaveLength(1);
  }, 60_000);

  it('at the limit the computer plays the whole turn for them, and says so', async () => {
    const seat = state().turn.seat;
    const turn = state().turn.number;
    await advance(6 * HOUR);
    expect(timeOuts()).toHaveLength(1);
    expect(timeOuts()[0]?.text).toMatch(/(alice|bob)'s time ran out: the computer played for them\./);
    // The turn passed to the other player: the computer ended it, not just one move of it.
    expect(state().turn.number).toBe(turn + 1);
    expect(state().turn.seat).not.toBe(seat);
    // The next player's clock started when their turn did.
    expect(boards().at(-1)?.text).toContain(`<t:${unix(clock.now() + 24 * HOUR)}:R>`);
  }, 90_000);

  it('after a restart, a reminder and a time-out that fell due while the bot was down each fire once', async () => {
    const turn = state().turn.number;
    const before = { reminders: reminders().length, timeOuts: timeOuts().length };
    await h.bot.stop();
    clock.advance(25 * HOUR);
    await h.restart();
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(reminders().length).toBe(before.reminders + 1);
    expect(timeOuts().length).toBe(before.timeOuts + 1);
    expect(state().turn.number).toBe(turn + 1);
    // Restarting again fires nothing more.
    await h.restart();
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
    expect(reminders().length).toBe(before.reminders + 1);
    expect(timeOuts().length).toBe(before.timeOuts + 1);
  }, 120_000);

  it('a player who moves in time is neither reminded nor replaced, and their count of time-outs restarts', async () => {
    const mover = userOf(state().turn.seat);
    const moverSeat = state().turn.seat;
    // Their turn two turns ago timed out (the test before the last one).
    expect(h.store.absences.timeoutsInARow(gameId, moverSeat)).toBe(1);
    const before = { reminders: reminders().length, timeOuts: timeOuts().length };
    await advance(11 * HOUR);
    const turn = state().turn.number;
    await d.endTurn(mover, await d.openHand(mover, where));
    await h.quiet();
    // Ending a turn may still ask someone something (the rebuild sacrifice, a reaction): answered in time.
    for (let k = 0; k < 10 && state().turn.number === turn; k++) {
      const asked = valley.waitingFor(state()).map(userOf)[0];
      if (!asked) break;
      const hand = await d.openHand(asked, where);
      const answer = controls(hand).find((c) => c.verb === 'ans');
      if (!answer) break;
      if (answer.kind === 'button') await d.press(asked, hand, answer);
      else await d.choose(asked, hand, answer, answer.values[0] as string);
      await h.quiet();
    }
    expect(state().turn.number).toBe(turn + 1);
    expect(h.store.absences.timeoutsInARow(gameId, moverSeat)).toBe(0);
    // Their rows are obsolete; the other player's clock runs from now.
    await advance(13 * HOUR);
    const other = h.store.getGame(gameId).seats[state().turn.seat]?.userId;
    expect(other).not.toBe(mover.id);
    const fresh = reminders().slice(before.reminders);
    expect(fresh.map((m) => m.mentions.users)).toEqual([[other]]);
    expect(timeOuts().length).toBe(before.timeOuts);
  }, 90_000);
});
