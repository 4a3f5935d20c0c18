import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';
import { beforeTheLastMove } from './last-move.ts';

/**
 * The last board of a finished game shows the final position: its picture (checked through its text
 * equivalent, the attachment's description, drawn from the same view) names nobody to play and gives
 * the scores of the results.
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

describe('the last board of a finished game', () => {
  it('shows the final position, nobody to play and the scores of the results', async () => {
    const c = h.loopback.control;
    const rt = h.bot.runtime;
    const { gameId, last, board, seat, action } = await beforeTheLastMove(h, alice, 'valley');
    expect(c.message(board)?.attachments[0]?.description).toMatch(/to play/);

    const moved = await rt.table.move(gameId, seat, action, last.version);
    expect(moved.ok).toBe(true);
    await h.settle();
    const finished = h.store.getGame(gameId);
    expect(finished.status).toBe('finished');

    const shown = c.message(board);
    expect(controls(shown as LoopbackMessage)).toEqual([]);
    expect(shown?.text).toMatch(/The game is over/);
    const alt = shown?.attachments[0]?.description ?? '';
    expect(alt).toMatch(/^Game over\./);
    expect(alt).not.toMatch(/to play/);
    const names = finished.seats.map((s) => s.displayName);
    for (const r of finished.outcome?.results ?? []) {
      const line = alt.split('\n').find((l) => l.startsWith(`${names[r.seat]}:`));
      expect(line, `${names[r.seat]}'s line`).toContain(`: ${r.score} VP;`);
    }
  });
});
