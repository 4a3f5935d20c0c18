import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersOf } from '../../src/games/registry.ts';
import { sameValleyMove } from '../../src/games/valley/bots/analysis.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { fromRoot } from '../../src/paths.ts';
import { encodeCustomId } from '../../src/table-kit/custom-id.ts';
import { type Control, controls, Driver, sleep } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The hand's Hint button, through the client: on a casual table, the Hard player's three best moves for
 * the person who pressed it, privately; none in a rated game or where the host forbade them; one press, one
 * search; the results count them.
 */
const verb = (m: LoopbackMessage, v: string) => controls(m).find((c) => c.verb === v) as Control;
const withArg = (m: LoopbackMessage, v: string, arg: string) =>
  controls(m).find((c) => c.verb === v && c.arg === arg) as Control;

/** A lobby opened by `host` with `guests` seated, set up by `steps` (each a press of the host's), started. */
async function startGame(
  d: Driver,
  host: LoopbackUser,
  guests: readonly LoopbackUser[],
  steps: readonly { verb: string; arg: string }[],
  expectLine: RegExp,
): Promise<{ where: string; gameId: number }> {
  const opened = await d.control.as(host).slash('valley').reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await d.h.settle();
  let lobby = d.latest(where, 'join');
  for (const guest of guests) lobby = await d.press(guest, lobby, verb(lobby, 'join'));
  for (const step of steps)
    lobby = await d.press(host, d.fresh(lobby), withArg(d.fresh(lobby), step.verb, step.arg));
  expect(d.fresh(lobby).text).toMatch(expectLine);
  await d.press(host, d.fresh(lobby), verb(d.fresh(lobby), 'start'));
  return { where, gameId: d.h.store.gameInThread(where)?.id as number };
}

const CASUAL_HOST_FIRST = [
  { verb: 'rated', arg: '0' },
  { verb: 'set', arg: 'first:host' },
];

describe('hints, searched for real', () => {
  let h: TableHarness;
  let d: Driver;
  let alice: LoopbackUser;
  let bob: LoopbackUser;
  beforeAll(async () => {
    h = await startTableHarness();
    d = new Driver(h);
    alice = h.loopback.control.createUser('alice');
    bob = h.loopback.control.createUser('bob');
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a casual hand’s Hint answers privately with the Hard player’s three best moves, the first its own', async () => {
    const c = h.loopback.control;
    const { where, gameId } = await startGame(d, alice, [bob], CASUAL_HOST_FIRST, /Hints: \*\*allowed\*\*/);
    const game = h.store.getGame(gameId);
    const state = game.state as ValleyState;
    expect(state.turn.seat).toBe(0);
    const hand = await d.openHand(alice, where);
    const hint = verb(hand, 'hint');
    expect(hint?.label).toBe('Hint');

    // The reply is the deferred one, filled when the search is done (its first thread is bundled first).
    const reply = await c.as(alice).click(hand, hint.customId).reply({ timeoutMs: 120_000 });
    expect(reply.ephemeral).toBe(true);
    const text = reply.text;
    const moves = text.split('\n').filter((l) => /^\*\*\d\. /.test(l));
    expect(moves).toHaveLength(3);
    expect(text).toMatch(/estimates/);
    expect(text).toMatch(/Hints used in this game: 1\./);

    // The first move is the Hard player's from the same view and seed, named as the log names it.
    const analysis = playersOf('valley').analyse?.(state, 0, { top: 3 });
    const best = analysis?.moves[0]?.action as ValleyAction;
    const rt = h.bot.runtime;
    const label = rt.tables
      .view(game, 0)
      .actions.find((a) => sameValleyMove(a.action as ValleyAction, best))?.label;
    const name = rt.tables.adapterOf(game).messages.names(label as never, rt.tables.context(game, 'en'));
    expect(moves[0]).toContain(`**1. ${name}**`);
    expect(moves[0]).toMatch(
      new RegExp(`about ${Math.round((analysis?.moves[0]?.winChance ?? 0) * 100)}% to win`),
    );

    // Only alice sees it.
    expect(
      c
        .as(bob)
        .visibleMessages(where)
        .some((m) => m.id === reply.id),
    ).toBe(false);

    // The same position again: the same answer, not searched or counted again.
    const again = await d.press(alice, d.fresh(hand), verb(d.fresh(hand), 'hint'));
    await h.bot.runtime.hints.settled();
    expect(c.message(again.id)?.text).toMatch(/^💡 Same position as your last hint/);
    expect(h.bot.runtime.hints.searched).toBe(1);
    expect(h.store.hints.used(gameId)).toEqual([1, 0]);

    // The game's end: the results count each person's hints.
    const module = rt.tables.adapterOf(game).game;
    for (;;) {
      const now = h.store.getGame(gameId);
      const seat = module.waitingFor(now.state)[0] as number;
      const action = rt.tables.adapterOf(now).computers.move(now.state, seat, 'normal');
      const next = module.apply(now.state, seat, action);
      if (!next.ok) throw new Error('a refused move');
      if (module.outcome(next.state) !== null) {
        await rt.table.move(gameId, seat, action, now.version);
        break;
      }
      h.store.applyAction(gameId, { seat, action, expectedVersion: now.version });
    }
    await h.settle();
    const results = c.messages(where).filter((m) => !m.ephemeral && /Hints used: /.test(m.text));
    expect(results).toHaveLength(1);
    expect(results[0]?.text).toMatch(/Hints used: alice 1, bob 0/);
  }, 240_000);
});

describe('hints refused, and one search per press', () => {
  let h: TableHarness;
  let d: Driver;
  let alice: LoopbackUser;
  let bob: LoopbackUser;
  beforeAll(async () => {
    // Thoughts held for as long as the test wants: a hint stays "being thought".
    h = await startTableHarness({
      thinking: { script: fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs') },
    });
    d = new Driver(h);
    alice = h.loopback.control.createUser('alice');
    bob = h.loopback.control.createUser('bob');
  });
  afterAll(async () => {
    await h?.stop();
  });

  const forgeHint = async (user: LoopbackUser, hand: LoopbackMessage, gameId: number) => {
    const id = encodeCustomId({
      scope: 'game',
      gameId,
      version: h.store.getGame(gameId).version,
      verb: 'hint',
      arg: '',
    });
    const reply = await h.loopback.control.as(user).forgeClick(hand, id).reply();
    await h.settle();
    return reply;
  };

  it('a rated game shows no Hint and refuses a forged one', async () => {
    const { where, gameId } = await startGame(
      d,
      alice,
      [bob],
      [{ verb: 'set', arg: 'first:host' }],
      /Hints: none in a rated game/,
    );
    expect(h.store.getGame(gameId).rated).toBe(true);
    const hand = await d.openHand(alice, where);
    expect(controls(hand).some((x) => x.verb === 'hint')).toBe(false);
    const reply = await forgeHint(alice, hand, gameId);
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).not.toMatch(/\*\*Hint\*\*/);
    expect(h.bot.runtime.hints.pending).toBe(0);
  });

  it('a lobby whose host forbids hints shows no Hint and refuses a forged one', async () => {
    const { where, gameId } = await startGame(
      d,
      alice,
      [bob],
      [...CASUAL_HOST_FIRST, { verb: 'hints', arg: '0' }],
      /Hints: \*\*forbidden\*\* by the host/,
    );
    expect(h.store.getGame(gameId)).toMatchObject({ rated: false, hints: false });
    const hand = await d.openHand(alice, where);
    expect(controls(hand).some((x) => x.verb === 'hint')).toBe(false);
    const reply = await forgeHint(alice, hand, gameId);
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).not.toMatch(/\*\*Hint\*\*/);
    expect(h.bot.runtime.hints.pending).toBe(0);
  });

  it('a second press while the hint is thought starts no other search', async () => {
    const { where, gameId } = await startGame(d, alice, [bob], CASUAL_HOST_FIRST, /Hints: \*\*allowed\*\*/);
    const hand = await d.openHand(alice, where);
    // Acknowledged at once (a deferred private reply); its answer waits for the held thought.
    const first = h.loopback.control.as(alice).click(hand, verb(hand, 'hint').customId);
    expect((await first.acknowledged()).callbackType).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    // The search starts once the acknowledgement has come back to the bot: waited for, not timed.
    for (let k = 0; k < 1000 && h.bot.runtime.hints.pending === 0; k++) await sleep(10);
    expect(h.bot.runtime.hints.pending).toBe(1);
    const second = await d.press(alice, d.fresh(hand), verb(d.fresh(hand), 'hint'));
    expect(second.text).toMatch(/still being thought \(one press, one search\)/);
    expect(h.bot.runtime.hints.pending).toBe(1);
    // Bob is not to move: his hand offers no Hint, and a forged one says nothing is asked of him.
    const bobs = await d.openHand(bob, where);
    expect(controls(bobs).some((x) => x.verb === 'hint')).toBe(false);
    expect(h.store.hints.used(gameId)).toEqual([0, 0]);
  });
});
