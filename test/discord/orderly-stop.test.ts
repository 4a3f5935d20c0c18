import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/messages.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { fromRoot } from '../../src/paths.ts';
import { controls, Driver, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The bot's orderly stop (`Bot.shutdown`, what SIGTERM runs: src/graceful-stop.ts), in process: a move
 * under way is finished and answered; a click or command that arrives meanwhile starts nothing and is told
 * privately, in its reader's language, to try again in a moment; a Hard computer's thought still going
 * when its time is up is handed to Normal, whose move is made before the stop ends. The thinking threads
 * run a script that takes a job and never answers, so a thought is under way for certain, with no timing.
 */
const HOLDS = fromRoot('test', 'fixtures', 'think-workers', 'holds.mjs');
let h: TableHarness;
let d: Driver;

beforeAll(async () => {
  h = await startTableHarness({ thinking: { script: HOLDS } });
  d = new Driver(h);
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

/** Resolves to true once `p` settles, false if it is still pending after the loopback's queue ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

describe('an orderly stop', () => {
  it('finishes the move under way and tells a click that came meanwhile, in its language, to try again', async () => {
    const alice = h.loopback.control.createUser('alice');
    const bea: LoopbackUser = h.loopback.control.createUser({ username: 'bea', locale: 'es-ES' });
    const { where, gameId } = await startGameByLobby(d, alice, [bea]);
    await h.quiet();
    const game = h.store.getGame(gameId);
    const seat = h.bot.runtime.tables.waitingFor(game)[0] as number;
    const mover = game.seats[seat]?.userId === alice.id ? alice : bea;
    const hand = await d.openHand(mover, where);
    const end = d.endTurnControl(hand);
    if (!end) throw new Error(`no way to end the turn on: ${hand.text}`);

    // Her move is committed and its answer drawn, but the bot still waits to hear that the answer went out.
    const hold = h.loopback.control.faults.holdAnswer(
      'PATCH /webhooks/:applicationId/:token/messages/@original',
    );
    const moving =
      end.value === undefined
        ? h.loopback.control.as(mover).click(hand, end.control.customId)
        : h.loopback.control.as(mover).select(hand, end.control.customId, [end.value]);
    await hold.held;
    const stopping = h.bot.shutdown({ thinkingMs: 60_000 });

    // Clicks and a command now: each answered privately, in the clicker's language, and nothing done.
    const board = d.latest(where, 'hand');
    const handButton = controls(board).find((c) => c.verb === 'hand');
    if (!handButton) throw new Error('the board has no My hand button');
    const asks = [
      { user: alice, handle: h.loopback.control.as(alice).click(board, handButton.customId), language: 'en' },
      { user: bea, handle: h.loopback.control.as(bea).click(board, handButton.customId), language: 'es' },
      {
        user: bea,
        handle: h.loopback.control.as(bea).slash('games', {}, { channelId: where }),
        language: 'es',
      },
    ];
    for (const ask of asks) {
      const answer = await ask.handle.reply();
      expect(answer.ephemeral).toBe(true);
      expect(answer.text).toBe(t(ask.language, 'error.restarting'));
    }
    expect(t('es', 'error.restarting')).not.toBe(t('en', 'error.restarting'));
    // The move under way holds the stop.
    expect(await settled(stopping)).toBe(false);

    hold.release();
    await stopping;
    const moved = await moving.reply();
    expect(moved.text).toMatch(/^✅/);
    const after = h.store.getGame(gameId);
    expect(after.version).toBe(game.version + 1);
    expect(h.store.actionLog(gameId).at(-1)?.seat).toBe(seat);
    // Nothing more came of the later clicks: one answer each, the note.
    expect(asks.map((a) => [a.handle.followUps().length, a.handle.events.length])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(h.bot.running()).toEqual({
      interactions: 0,
      computerMoves: 0,
      thoughts: 0,
      gamesBusy: 0,
      schedulerRuns: 0,
    });
  }, 60_000);

  it("hands a Hard computer's thought still under way to Normal when its time is up, and makes that move", async () => {
    await h.down();
    await h.up();
    const alice = h.loopback.control.createUser('alice2');
    const opened = await h.loopback.control.as(alice).slash('valley', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    const lobby = d.latest(where, 'join');
    const levels = controls(lobby).find((c) => c.verb === 'levels');
    if (!levels) throw new Error('the lobby has no Computer levels button');
    const menu = await d.press(alice, lobby, levels);
    const level = controls(menu).find((c) => c.verb === 'level');
    if (!level) throw new Error('no level menu');
    await d.choose(alice, menu, level, '1:hard');
    const fresh = d.fresh(lobby);
    await d.press(alice, fresh, controls(fresh).find((c) => c.verb === 'start')!);
    const gameId = h.store.gameInThread(where)?.id as number;
    const waiting = () => h.bot.runtime.tables.waitingFor(h.store.getGame(gameId));
    // Alice ends her turn if she begins (answering what its end asks): then the computer's is due.
    for (let k = 0; k < 10 && waiting().includes(0); k++) {
      const hand = await d.openHand(alice, where);
      const answer = controls(hand).find((c) => c.verb === 'ans');
      if (answer?.kind === 'select') await d.choose(alice, hand, answer, answer.values[0] as string);
      else if (answer) await d.press(alice, hand, answer);
      else await d.endTurn(alice, hand);
    }
    expect(waiting()).toEqual([1]);
    const before = h.store.actionLog(gameId).length;
    const computers = h.bot.runtime.computers;
    // A hang guard, not a measure: the autopilot asks for the thought after its short delay.
    for (let k = 0; k < 3_000 && computers.thinking === 0; k++) await new Promise((r) => setTimeout(r, 10));
    expect(computers.thinking).toBe(1);

    await h.bot.shutdown({ thinkingMs: 0 });
    const made = h.store.actionLog(gameId).slice(before);
    // The held thought was given up, and the computer's default player made that one move; nothing more
    // was armed after it (the next start arms the rest of its turn).
    expect(made.map((a) => a.seat)).toEqual([1]);
    expect(computers.thoughts).toBe(0);
    expect(computers.thinking).toBe(0);
  }, 60_000);
});
