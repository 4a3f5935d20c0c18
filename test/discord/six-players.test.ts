import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackEvent, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { expectNoLeaks, playByClicks } from './play-by-clicks.ts';

/**
 * A six-seat game of the Base + Afterlife pool through the real discord.js client: three people play by
 * clicking their hands, three computer players play themselves; a reaction window is answered by
 * hand, the bot restarts in the middle, and every public message is checked for cards hidden at the
 * time it was drawn.
 */
let h: TableHarness;
let d: Driver;
const seen: LoopbackMessage[] = [];

beforeAll(async () => {
  h = await startTableHarness({
    timing: { autoPassMinMs: 150, autoPassMaxMs: 300 },
    // What is drawn is read in words, never in pixels (words-only-pictures.ts).
    adapters: wordsOnlyAdapters(),
  });
  d = new Driver(h);
  h.loopback.control.subscribe((e: LoopbackEvent) => {
    if ((e.type === 'message-create' || e.type === 'message-update') && !e.message.ephemeral)
      seen.push(e.message);
  });
});
afterAll(async () => {
  await h?.stop();
});

const find = (m: LoopbackMessage, verb: string, arg?: string) =>
  controls(m).find((c) => c.verb === verb && (arg === undefined || c.arg.startsWith(arg))) as Control;

describe('six players, Base + Afterlife', () => {
  it('lobby → three people and three computers play to the end → results, without leaking hidden cards', async () => {
    const c = h.loopback.control;
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((n) => c.createUser(n)) as [
      LoopbackUser,
      LoopbackUser,
      LoopbackUser,
    ];
    const opened = await c.as(alice).slash('valley', { computers: 3 }).reply();
    const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    await h.settle();
    let lobby = d.latest(where, 'join');
    lobby = await d.press(bob, lobby, find(lobby, 'join'));
    lobby = await d.press(carol, lobby, find(lobby, 'join'));
    lobby = await d.choose(alice, lobby, find(lobby, 'set', 'pool'), 'base-afterlife');
    expect(lobby.text).toMatch(/Seats \(6\/6\)/);
    expect(lobby.text).toContain('🃏 Cards: Base + Afterlife');
    expect(find(lobby, 'join').disabled).toBe(true);
    await d.press(alice, lobby, find(lobby, 'start'));
    const gameId = h.store.gameInThread(where)?.id as number;
    const game = h.store.getGame(gameId);
    expect(game.status).toBe('active');
    const s = game.state as ValleyState;
    expect(s.players).toHaveLength(6);
    expect(s.options.pool).toBe('base-afterlife');
    const users = game.seats.map((seat) => [alice, bob, carol].find((u) => u.id === seat.userId) ?? null);
    expect(users.filter((u) => u === null)).toHaveLength(3);

    const board = d.latest(where, 'hand');
    expect(board.attachments[0]?.contentType).toBe('image/png');
    // The board's text names all six seats' tombs (text accompanies every image).
    const description = board.attachments[0]?.description ?? '';
    for (const seat of game.seats) expect(`${board.text}\n${description}`).toContain(seat.displayName);

    const played = await playByClicks(d, gameId, where, users, { restartAtTurn: 30, maxSteps: 8000 });
    const final = h.store.getGame(gameId);
    expect(final.status).toBe('finished');
    expect(played.restarted).toBe(true);
    // Someone looked at their hand in a reaction window: to react, or (able only to pass) to be asked nothing.
    expect(played.windowsAnsweredByHand + played.onlyPassHandsSeen).toBeGreaterThan(0);
    const results = c
      .messages(where)
      .filter((m) => m.text.includes('is over'))
      .at(-1) as LoopbackMessage;
    expect(results.attachments[0]?.contentType).toBe('image/png');
    expect([...results.notified].sort()).toEqual([alice.id, bob.id, carol.id].sort());
    expect(final.outcome?.results).toHaveLength(6);
    for (const r of final.outcome?.results ?? []) expect(results.text).toContain(`${r.score} VP`);
    expect(expectNoLeaks(d, gameId, where, seen)).toBeGreaterThan(60);
  }, 600_000);
});
