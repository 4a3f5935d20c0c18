import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * A three-player game where carol never moves: each of her turns times out and the computer plays it;
 * after three in a row the others vote on replacing her for good. Moving herself would start the
 * count again.
 */
const HOUR = 3_600_000;
const clock = new ManualClock();
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let carol: LoopbackUser;
let where: string;
let gameId: number;

beforeAll(async () => {
  h = await startTableHarness({ clock, adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
  carol = h.loopback.control.createUser('carol');
  ({ where, gameId } = await startGameByLobby(d, alice, [bob, carol]));
  await h.quiet();
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

const game = () => h.store.getGame(gameId);
const state = () => game().state as ValleyState;
const people = () => [alice, bob, carol];
const userOf = (seat: number) => people().find((u) => u.id === game().seats[seat]?.userId) as LoopbackUser;
const carolSeat = () => game().seats.findIndex((s) => s.userId === carol.id);
const posted = () => h.loopback.control.messages(where).filter((m) => !m.ephemeral);
const votes = () => posted().filter((m) => m.text.startsWith('🗳️'));

/** Lets a decision carol owes out of turn (a Mummified Cat reaction, say) time out on its own clock. */
async function carolsDecisionTimesOut(): Promise<void> {
  clock.advance(24 * HOUR);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
}

/**
 * alice or bob takes their turn at once: ends it, answering whatever it asks; a reaction owed by
 * carol (the game's seed is random: her hand may hold Mummified Cat when they sacrifice) times out.
 */
async function playTurn(user: LoopbackUser): Promise<void> {
  const turn = state().turn.number;
  const owed = () => valley.waitingFor(state()).map(userOf)[0];
  for (let k = 0; k < 3 && owed() === carol; k++) await carolsDecisionTimesOut();
  if (state().turn.number !== turn) return;
  await d.endTurn(user, await d.openHand(user, where));
  await h.quiet();
  for (let k = 0; k < 10 && state().turn.number === turn; k++) {
    const asked = owed();
    if (!asked) break;
    if (asked === carol) {
      await carolsDecisionTimesOut();
      continue;
    }
    const hand = await d.openHand(asked, where);
    const answer = controls(hand).find((c) => c.verb === 'ans');
    if (!answer) break;
    if (answer.kind === 'button') await d.press(asked, hand, answer);
    else await d.choose(asked, hand, answer, answer.values[0] as string);
    await h.quiet();
  }
}

/** Plays until it is carol's turn again, then lets her time run out. */
async function carolTimesOut(): Promise<void> {
  for (let k = 0; k < 6 && userOf(state().turn.seat) !== carol; k++)
    await playTurn(userOf(state().turn.seat));
  expect(userOf(state().turn.seat)).toBe(carol);
  const turn = state().turn.number;
  clock.advance(24 * HOUR);
  await h.bot.runtime.scheduler.tick();
  await h.quiet();
  // A decision of carol's out of turn (e.g. discarding down) times out on its own clock.
  for (let k = 0; k < 3 && state().turn.number === turn; k++) {
    clock.advance(24 * HOUR);
    await h.bot.runtime.scheduler.tick();
    await h.quiet();
  }
  expect(state().turn.number).toBeGreaterThan(turn);
}

describe('three timed-out turns in a row', () => {
  it('are counted; the first two call for no vote', async () => {
    await carolTimesOut();
    await carolTimesOut();
    expect(h.store.absences.timeoutsInARow(gameId, carolSeat())).toBe(2);
    expect(votes()).toEqual([]);
  }, 120_000);

  it('the third asks the others to vote, in public, with a button per choice', async () => {
    await carolTimesOut();
    expect(h.store.absences.timeoutsInARow(gameId, carolSeat())).toBe(3);
    expect(votes()).toHaveLength(1);
    const vote = votes()[0] as LoopbackMessage;
    expect(vote.text).toContain("carol's time ran out 3 turns in a row");
    expect(controls(vote).map((c) => c.label)).toEqual(['Replace carol', 'Wait for them']);
  }, 90_000);

  it('carol herself cannot vote; a vote of bob is counted, privately, and decides nothing alone', async () => {
    const vote = votes()[0] as LoopbackMessage;
    const replace = controls(vote)[0] as ReturnType<typeof controls>[number];
    const own = await d.press(carol, vote, replace);
    expect(own.text).toMatch(/Only the other players of game #\d+, or its host, can vote/);
    const counted = await d.press(bob, vote, replace);
    expect(counted.ephemeral).toBe(true);
    expect(counted.text).toBe('Your vote is counted: 1 for replacing carol, 0 for waiting, of 2.');
    expect(game().seats[carolSeat()]?.userId).toBe(carol.id);
  }, 30_000);

  it('the host decides at once: carol is replaced by a computer player for good, and the game is unrated', async () => {
    const seat = carolSeat();
    const vote = votes()[0] as LoopbackMessage;
    const decided = await d.press(alice, vote, controls(vote)[0] as ReturnType<typeof controls>[number]);
    expect(decided.text).toBe('Decided: carol is replaced.');
    await h.quiet();
    expect(game().seats[seat]?.userId).toBeNull();
    expect(game().seats[seat]?.botKind).toBe('normal');
    expect(game().handedOver).toBe(true);
    const closed = h.loopback.control.message(vote.id) as LoopbackMessage;
    expect(closed.text).toMatch(
      /is now played by the computer player .* for good; the game is no longer rated/,
    );
    expect(controls(closed)).toEqual([]);
    // Its turns are the computer's now: no time-out, no reminder for that seat any more.
    expect(h.store.absences.timeoutsInARow(gameId, seat)).toBe(0);
  }, 60_000);

  it('the game then finishes: with alice and bob away too, the computer plays every seat to the end', async () => {
    for (const user of [alice, bob])
      await h.loopback.control.as(user).slash('settings', { 'vacation-until': '2026-02-01' }).reply();
    const deadline = Date.now() + 240_000;
    while (game().status !== 'finished' && Date.now() < deadline) {
      await h.quiet(240_000);
      await sleep(50);
    }
    expect(game().status).toBe('finished');
    await h.quiet();
    expect(posted().some((m) => m.text.includes('is over'))).toBe(true);
    // Unrated: a seat was handed over for good.
    expect(h.store.ratings.changesOfGame(gameId, game().guildId as string)).toEqual([]);
  }, 300_000);
});
