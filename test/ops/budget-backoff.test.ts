import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { Bot } from '../../src/discord/bot.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import { controls, Driver } from '../discord/driver.ts';
import type { DiceRaceState } from '../fixtures/dice-race.ts';
import { type PreparedOpsBot, prepareOpsBot, quiet, tableOf } from './ops-bot.ts';
import { parsePrometheus, sampleValue } from './prometheus-text.ts';

/**
 * Discord's invalid-request budget, scaled down to 20 in the window (the mark at half: 10). The loopback
 * refuses ten answers with a 429; the bot counts them, says so once, and holds its own optional work — a
 * computer's move whose timer fires waits, posting nothing, a board edit waits, and a reminder due is
 * postponed — until the window (on the bot's clock, moved by the test) has let the count fall. Then the
 * move is made and the reminder runs. Everything here counts requests and rows: no test waits for time to pass.
 */
const WINDOW_MS = 10 * 60_000;

describe("Discord's invalid-request budget", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  const logs: { level: number; msg: string }[] = [];
  let p: PreparedOpsBot;
  let bot: Bot;

  beforeAll(async () => {
    const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
    p = await prepareOpsBot({ clock, invalidBudget: { limit: 20, windowMs: WINDOW_MS, slowAt: 0.5 }, log });
    bot = await p.boot();
  }, 60_000);
  afterAll(async () => {
    await p?.stop();
  });

  const budgetLines = () => logs.filter((l) => l.msg.includes('invalid-request budget'));
  const boardsPosted = () =>
    p.loopback.control.requests().filter((r) => r.route === 'POST /channels/:channelId/messages').length;

  it('over half the budget, the computer waits and a reminder is postponed; both go on once it falls', async () => {
    const c = p.loopback.control;
    const d = new Driver(tableOf(p, bot));
    const alice = c.createUser('alice');
    const opened = await c.as(alice).slash('dicerace').reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await bot.runtime.locks.idle();
    const press = (m: LoopbackMessage, verb: string, arg?: string) => {
      const control = controls(m).find((x) => x.verb === verb && (arg === undefined || x.arg === arg));
      if (!control) throw new Error(`no '${verb}' control on: ${m.text}`);
      return d.press(alice, m, control);
    };
    const lobby = await press(d.latest(where, 'join'), 'bot');
    await press(lobby, 'start');
    await quiet(bot);
    const gameId = (await p.store.gameInThread(where))?.id as number;
    expect(bot.budget.count()).toBe(0);

    // Ten answers refused (429): the hand still opens, since discord.js sends it again each time.
    const refused = c.faults.rateLimit('POST /interactions/:interactionId/:token/callback', 1, 10);
    const hand = await d.openHand(alice, where);
    expect(refused.hits).toBe(10);
    expect(bot.budget.count()).toBe(10);
    expect(bot.budget.holding).toBe(true);
    expect(budgetLines().map((l) => l.level)).toEqual([40]);

    // Alice moves: the turn passes to the computer. Its timer fires, and it waits instead of moving.
    const before = await p.store.getGame(gameId);
    expect(before.seats[(before.state as DiceRaceState).turn]?.userId).toBe(alice.id);
    await press(hand, 'act', 'ab');
    const held = await p.store.getGame(gameId);
    if (held.status === 'finished') throw new Error('the game ended on her move: no computer move to hold');
    expect(held.seats[(held.state as DiceRaceState).turn]?.botKind).toBe('pawn');
    await expect.poll(() => bot.budget.waitingWork, { timeout: 20_000 }).toBe(1);
    const boards = boardsPosted();
    expect((await p.store.getGame(gameId)).version).toBe(held.version);
    expect(bot.runtime.autopilot.pending).toBe(1);

    // A board edit asked for meanwhile waits too (a new board, when the turn passes, would not).
    const edits = () =>
      p.loopback.control
        .requests()
        .filter((r) => r.route === 'PATCH /channels/:channelId/messages/:messageId').length;
    const editsBefore = edits();
    await bot.runtime.publisher.refreshBoard(await p.store.getGame(gameId));
    expect(bot.budget.waitingWork).toBe(2);
    expect(edits()).toBe(editsBefore);

    // A reminder falling due now is postponed to when the count falls, not run.
    const key = `remind:ops-test:${gameId}`;
    await bot.runtime.scheduler.plan({
      key,
      kind: 'remind',
      gameId,
      dueAt: new Date(clock.now()),
      payload: {},
    });
    await bot.runtime.scheduler.tick();
    const postponed = await p.store.schedule.find(key);
    expect(postponed?.doneAt).toBeNull();
    expect(postponed?.dueAt.getTime()).toBe(bot.budget.heldUntil());
    expect(postponed!.dueAt.getTime()).toBeGreaterThan(clock.now() + WINDOW_MS - 2_000);

    const metrics = parsePrometheus((await p.ask('/metrics')).body);
    expect(
      sampleValue(
        metrics,
        'scarab_discord_invalid_requests_window',
        'scarab_discord_invalid_requests_window',
      ),
    ).toBe(10);
    expect(
      sampleValue(metrics, 'scarab_discord_optional_work_held', 'scarab_discord_optional_work_held'),
    ).toBe(1);
    // Nothing the bot would do by itself was sent while it held it.
    expect(boardsPosted()).toBe(boards);
    expect((await p.store.getGame(gameId)).version).toBe(held.version);

    // The window passes on the bot's clock: the count falls, it says so once, and the held work goes on.
    clock.advance(WINDOW_MS + 1_000);
    expect(bot.budget.count()).toBe(0);
    expect(budgetLines().map((l) => l.level)).toEqual([40, 30]);
    await expect
      .poll(async () => (await p.store.getGame(gameId)).version, { timeout: 20_000 })
      .toBeGreaterThan(held.version);
    await quiet(bot);
    expect(boardsPosted()).toBeGreaterThan(boards);
    await expect
      .poll(async () => (await p.store.schedule.find(key))?.doneAt ?? null, { timeout: 20_000 })
      .not.toBeNull();
    expect(bot.budget.waitingWork).toBe(0);
    expect(bot.budget.crossings).toBe(1);
  }, 120_000);
});
