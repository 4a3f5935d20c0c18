import type { AnyAdapter } from '../adapters/game-adapter.ts';
import type { Seat } from '../games/kernel/types.ts';
import type { GameContext } from '../table-kit/context.ts';

/**
 * A move in the reader's words, as the log and the hand name it: the rules' own description of that very
 * action in the position it is made from (`GameModule.describe`, which the log's labels and the hand's
 * choices are made of too). The one way hints and key moments name a move: a move the search returns is
 * named as itself, not as the first legal move of its kind.
 */
export function moveName(
  adapter: AnyAdapter,
  state: unknown,
  seat: Seat,
  action: unknown,
  ctx: GameContext,
): string {
  return adapter.messages.names(adapter.game.describe(state, seat, action), ctx);
}
