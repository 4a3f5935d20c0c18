import { en } from '../../src/adapters/english.ts';
import type { LoopbackUser } from '../../src/loopback/index.ts';
import type { GameRecord } from '../../src/store/records.ts';
import type { TableHarness } from './harness.ts';

/** The seat the game waits for and the move its computer player would make. */
function nextMove(h: TableHarness, game: GameRecord): { seat: number; action: unknown } {
  const adapter = h.bot.runtime.tables.adapterOf(game);
  const seat = adapter.game.waitingFor(game.state)[0] as number;
  return { seat, action: adapter.computers.move(game.state, seat, adapter.computers.kinds[0]) };
}

/**
 * A game opened by `user` with `/<command> computers:1`, played behind the bot's back (no computer player
 * is armed) up to its last move, with the board of that position posted: its id, the position, the board
 * message, and the move that ends the game.
 */
export async function beforeTheLastMove(
  h: TableHarness,
  user: LoopbackUser,
  command: string,
): Promise<{ gameId: number; last: GameRecord; board: string; seat: number; action: unknown }> {
  const c = h.loopback.control;
  const opened = await c.as(user).slash(command, { computers: 1 }).reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1] as string;
  await h.settle();
  const gameId = h.store.gameInThread(where)?.id as number;
  h.store.startGame(gameId);
  const module = h.bot.runtime.tables.adapterOf(h.store.getGame(gameId)).game;
  for (;;) {
    const game = h.store.getGame(gameId);
    const { seat, action } = nextMove(h, game);
    const next = module.apply(game.state, seat, action);
    if (!next.ok) throw new Error(`the computer's move was refused: ${en(next.error.msg)}`);
    if (module.outcome(next.state) !== null) break;
    h.store.applyAction(gameId, { seat, action, expectedVersion: game.version });
  }
  const rt = h.bot.runtime;
  const last = h.store.getGame(gameId);
  await rt.locks.run(gameId, () => rt.publisher.postBoard(last));
  const board = h.store.locations.getMessage(gameId, 'board')?.messageId as string;
  return { gameId, last, board, ...nextMove(h, last) };
}
