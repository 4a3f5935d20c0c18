import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { money } from '../../src/adapters/archaeology/pictures/words.ts';
import { en } from '../../src/adapters/english.ts';
import type { ArchaeologyView } from '../../src/games/archaeology/view.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import { picturesDrawn } from '../../src/render/text-log.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * Archaeology's last board of a finished game shows the final position, as Valley's does
 * (final-board.test.ts): its picture is the finished view's, which names nobody to play, and its text
 * equivalent (the attachment's description) says the game is over and gives the results' money.
 */
let h: TableHarness;
let alice: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness();
  alice = h.loopback.control.createUser('alice');
});
afterAll(async () => {
  await h?.stop();
});

/** The seat the game waits for and the move its computer player would make. */
function nextMove(game: GameRecord): { seat: number; action: unknown } {
  const adapter = h.bot.runtime.tables.adapterOf(game);
  const seat = adapter.game.waitingFor(game.state)[0] as number;
  return { seat, action: adapter.computers.move(game.state, seat, adapter.computers.kinds[0]) };
}

describe('the last board of a finished Archaeology game', () => {
  it('shows the final position: game over, nobody to play, the money of the results', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('archaeology', { computers: 1 }).reply();
    const where = /<#(\d+)>/.exec(opened.content)?.[1] as string;
    await h.settle();
    const gameId = h.store.gameInThread(where)?.id as number;
    // Played behind the bot's back (no computer player is armed) up to the last move of the game.
    h.store.startGame(gameId);
    const module = h.bot.runtime.tables.adapterOf(h.store.getGame(gameId)).game;
    for (;;) {
      const game = h.store.getGame(gameId);
      const { seat, action } = nextMove(game);
      const next = module.apply(game.state, seat, action);
      if (!next.ok) throw new Error(`the computer's move was refused: ${en(next.error.msg)}`);
      if (module.outcome(next.state) !== null) break;
      h.store.applyAction(gameId, { seat, action, expectedVersion: game.version });
    }
    const rt = h.bot.runtime;
    const last = h.store.getGame(gameId);
    await rt.locks.run(gameId, () => rt.publisher.postBoard(last));
    const board = h.store.locations.getMessage(gameId, 'board')?.messageId as string;
    const before = c.message(board)?.attachments[0];
    expect(before?.description).toMatch(/to play/);

    const { seat, action } = nextMove(last);
    const moved = await rt.table.move(gameId, seat, action, last.version);
    expect(moved.ok).toBe(true);
    await h.settle();
    const finished = h.store.getGame(gameId);
    expect(finished.status).toBe('finished');
    const results = finished.outcome?.results ?? [];
    expect(results.length).toBe(2);

    const shown = c.message(board);
    expect(shown?.components).toEqual([]);
    expect(shown?.content).toMatch(/The game is over/);
    expect(shown?.attachments).toHaveLength(1);
    const picture = shown?.attachments[0];
    expect(picture?.contentType).toBe('image/png');

    // The text equivalent: over, nobody to play, each seat with the money the results score.
    const alt = picture?.description ?? '';
    expect(alt).toMatch(/^Game over\./);
    expect(alt).not.toMatch(/to play/);
    const ctx = rt.tables.context(finished);
    for (const r of results) {
      const line = alt.split('\n').find((l) => l.startsWith(`${ctx.names[r.seat]}:`));
      expect(line, `${ctx.names[r.seat]}'s line`).toContain(`, ${money(r.score, 'en')} from `);
    }

    // The picture itself is the finished public view's, no longer the one with a move to make...
    const view = rt.tables.view(finished, null) as ArchaeologyView;
    expect(view.finished).toBe(true);
    const png = Buffer.from(picture?.bytes ?? []);
    expect(png.equals(Buffer.from(before?.bytes ?? []))).toBe(false);
    expect(png.equals(renderArchaeologyTable(view, ctx.names, ctx.language))).toBe(true);
    // ...and what that view draws says the game is over, marks no one to play and shows the results' money.
    const [drawn] = picturesDrawn(() => renderArchaeologyTable(view, ctx.names, ctx.language));
    const texts = drawn?.texts.map((t) => t.text) ?? [];
    expect(texts).toContain(`Turn ${view.turn.number + 1} · game over`);
    expect(texts.filter((t) => /to play|▶/.test(t))).toEqual([]);
    for (const r of results)
      expect(texts).toContain(`${money(r.score, 'en')} · ${view.seats[r.seat]?.cardsSold} sold`);
  });
});
