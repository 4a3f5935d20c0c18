import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/** Every click that must not change the game gets its own explanation, and the game stays as it was. */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;
let dave: LoopbackUser;
let where: string;
let gameId: number;

const game = () => h.store.getGame(gameId);
const state = () => game().state as ValleyState;
const userOf = (seat: number) => (game().seats[seat]?.userId === alice.id ? alice : bob);

beforeAll(async () => {
  h = await startTableHarness();
  d = new Driver(h);
  const c = h.loopback.control;
  alice = c.createUser('alice');
  bob = c.createUser('bob');
  dave = c.createUser('dave');
  ({ where, gameId } = await startGameByLobby(d, alice, [bob]));
});
afterAll(async () => {
  await h?.stop();
});

async function handOf(user: LoopbackUser): Promise<LoopbackMessage> {
  return d.openHand(user, where);
}

/**
 * The bot restarts, forgetting which hand is whose newest, once it knows `hand` (it learns a hand just
 * after drawing it): a newer hand then does not retire an older one, whose clicks count again.
 */
async function forgetHands(hand: LoopbackMessage): Promise<void> {
  const known = () => [0, 1].some((seat) => h.bot.runtime.hands.live(gameId, seat)?.messageId === hand.id);
  for (let k = 0; k < 200 && !known(); k++) await sleep(10);
  h.bot.runtime.hands.forget(gameId);
}

/** Answers with the first option, whether the choices came as buttons or as a menu. */
async function answerFirst(user: LoopbackUser, m: LoopbackMessage): Promise<LoopbackMessage> {
  const a = controls(m).find((x) => x.verb === 'ans');
  if (!a) throw new Error(`no question in this hand: ${m.text}`);
  return a.kind === 'select' ? d.choose(user, m, a, a.values[0]!) : d.press(user, m, a);
}

/** Each test starts at a plain main phase: any open question is answered first. */
beforeEach(async () => {
  for (let k = 0; k < 10 && game().status === 'active' && state().stack.at(-1)?.q; k++) {
    const seat = valley.waitingFor(state())[0]!;
    const hand = await handOf(userOf(seat));
    // A window the seat can only pass is passed for it automatically, perhaps while its hand was drawn.
    if (controls(hand).some((x) => x.verb === 'ans')) await answerFirst(userOf(seat), hand);
    await h.quiet();
  }
});

describe('bad clicks change nothing and say why', () => {
  it('someone not seated gets an explanation instead of a hand', async () => {
    const before = game().version;
    const reply = await d.openHand(dave, where);
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toMatch(/not playing in game #\d+/);
    expect(game().version).toBe(before);
  });

  it('a stale click (from a hand drawn before the game moved on) is refused with a fresh hand', async () => {
    const mover = userOf(state().turn.seat);
    const older = await handOf(mover);
    // The bot restarted (it forgot its hands): the newer hand does not retire the older one.
    await forgetHands(older);
    const newer = await handOf(mover);
    const entomb = (m: LoopbackMessage) =>
      controls(m).find((x) => x.kind === 'select' && x.label.startsWith('Entomb'))!;
    const v0 = game().version;
    const done = await d.choose(mover, newer, entomb(newer), entomb(newer).values[0]!);
    expect(done.text).toMatch(/✅ Entomb/);
    expect(game().version).toBe(v0 + 1);
    // And again: nothing tells it which hand is the newest, so the click is judged by its version.
    await forgetHands(newer);
    const stale = await d.choose(mover, older, entomb(older), entomb(older).values[0]!);
    expect(stale.text).toMatch(/board changed since these buttons were drawn, so nothing was done/);
    expect(game().version).toBe(v0 + 1);
  });

  it('a double click (two clicks before the first answer arrives) is applied once', async () => {
    const mover = userOf(state().turn.seat);
    const hand = await handOf(mover);
    const end = d.endTurnControl(hand)!;
    const v0 = game().version;
    const c = h.loopback.control;
    const send = () =>
      end.value === undefined
        ? c.as(mover).click(hand, end.control.customId)
        : c.as(mover).select(hand, end.control.customId, [end.value]);
    const first = send();
    const second = send();
    await Promise.all([first.acknowledged(), second.acknowledged()]);
    await h.settle();
    expect(game().version).toBe(v0 + 1);
    expect(h.store.actionLog(gameId).length).toBe(game().version);
    // The later of the two was refused, and said so in the same private message.
    expect(h.loopback.control.message(hand.id)?.text).toMatch(/⚠️/);
  });

  it('a player who is not to move sees whose turn it is, and has no move controls', async () => {
    const idle = userOf((state().turn.seat + 1) % 2);
    const hand = await handOf(idle);
    expect(hand.text).toMatch(/⏳ (alice|bob) to play\./);
    expect(controls(hand).filter((x) => x.verb === 'act' || x.verb === 'ans')).toEqual([]);
  });

  it('a decision owed by someone else: their Respond shows them waiting, not the other’s choice', async () => {
    // The mover ends the turn without changing the pyramid: the rebuild sacrifice is theirs alone.
    const seat = state().turn.seat;
    const mover = userOf(seat);
    const other = userOf((seat + 1) % 2);
    const hand = await handOf(mover);
    await d.endTurn(mover, hand);
    if (!state().stack.at(-1)?.q) return; // the pyramid changed this turn: no rebuild question to owe
    expect(valley.waitingFor(state())).toEqual([seat]);
    const v = game().version;
    const theirs = await handOf(other);
    expect(controls(theirs).some((x) => x.verb === 'ans')).toBe(false);
    expect(theirs.text).toMatch(/choosing a pyramid card to sacrifice/);
    expect(game().version).toBe(v);
    // Answer it so the game goes on.
    await answerFirst(mover, await handOf(mover));
    expect(game().version).toBe(v + 1);
  });

  it('an answer to a question that is already closed is refused', async () => {
    // Get a question for the mover: end the turn with the pyramid untouched (rebuild sacrifice).
    for (let k = 0; k < 6 && !state().stack.at(-1)?.q; k++) {
      const mover = userOf(state().turn.seat);
      const hand = await handOf(mover);
      const pending = controls(hand).find((x) => x.verb === 'ans');
      if (pending) break;
      await d.endTurn(mover, hand);
    }
    const seat = valley.waitingFor(state())[0]!;
    const user = userOf(seat);
    const older = await handOf(user);
    // A restart between the two hands and after the answer: the older hand is not retired.
    await forgetHands(older);
    const newer = await handOf(user);
    expect(controls(older).some((x) => x.verb === 'ans')).toBe(true);
    await answerFirst(user, newer);
    await h.quiet();
    await forgetHands(newer);
    const v = game().version;
    const twice = await answerFirst(user, older);
    expect(twice.text).toMatch(/question is closed/);
    expect(game().version).toBe(v);
  });

  it('clicks on a finished or cancelled game explain themselves', async () => {
    const board = d.latest(where, 'hand');
    h.store.cancelGame(gameId);
    const reply = await d.press(alice, board, controls(board).find((x) => x.verb === 'hand')!);
    expect(reply.text).toMatch(/was cancelled/);
    const tombs = await d.press(alice, board, controls(board).find((x) => x.verb === 'tombs')!);
    expect(tombs.attachments.length).toBe(2); // public information stays available
  });
});
