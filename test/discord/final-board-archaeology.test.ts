import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { money } from '../../src/adapters/archaeology/pictures/words.ts';
import type { ArchaeologyView } from '../../src/games/archaeology/view.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { picturesDrawn } from '../../src/render/text-log.ts';
import { controls } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { beforeTheLastMove } from './last-move.ts';

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

describe('the last board of a finished Archaeology game', () => {
  it('shows the final position: game over, nobody to play, the money of the results', async () => {
    const c = h.loopback.control;
    const rt = h.bot.runtime;
    const { gameId, last, board, seat, action } = await beforeTheLastMove(h, alice, 'archaeology');
    const before = c.message(board)?.attachments[0];
    expect(before?.description).toMatch(/to play/);

    const moved = await rt.table.move(gameId, seat, action, last.version);
    expect(moved.ok).toBe(true);
    await h.settle();
    const finished = h.store.getGame(gameId);
    expect(finished.status).toBe('finished');
    const results = finished.outcome?.results ?? [];
    expect(results.length).toBe(2);

    const shown = c.message(board);
    expect(controls(shown as LoopbackMessage)).toEqual([]);
    expect(shown?.text).toMatch(/The game is over/);
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
    // A seat's status line reads "2 in hand · $25 · 5 sold".
    for (const r of results)
      expect(
        texts.some((t) => t.endsWith(` · ${money(r.score, 'en')} · ${view.seats[r.seat]?.cardsSold} sold`)),
      ).toBe(true);
  });
});
