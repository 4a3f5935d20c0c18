import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

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

/** The seat the game waits for and the move its computer player would make. */
function nextMove(game: GameRecord): { seat: number; action: unknown } {
  const adapter = h.bot.runtime.tables.adapterOf(game);
  const seat = adapter.game.waitingFor(game.state)[0] as number;
  return { seat, action: adapter.computers.move(game.state, seat, adapter.computers.kinds[0]) };
}

describe('the last board of a finished game', () => {
  it('shows the final position, nobody to play and the scores of the results', async () => {
    const c = h.loopback.control;
    const opened = await c.as(alice).slash('valley', { computers: 1 }).reply();
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
    expect(c.message(board)?.attachments[0]?.description).toMatch(/to play/);

    const { seat, action } = nextMove(last);
    const moved = await rt.table.move(gameId, seat, action, last.version);
    expect(moved.ok).toBe(true);
    await h.settle();
    const finished = h.store.getGame(gameId);
    expect(finished.status).toBe('finished');

    const shown = c.message(board);
    expect(shown?.components).toEqual([]);
    expect(shown?.content).toMatch(/The game is over/);
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
