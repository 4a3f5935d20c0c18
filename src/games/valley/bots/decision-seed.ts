import { type RngState, seedRng } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import type { ValleyState } from '../state.ts';

/**
 * The generator a computer player `name` gets for a decision at the table: seeded from public facts of the
 * position only, so replaying a game replays its computers' choices, and a hint from the same view makes
 * the same search as the Hard player.
 */
export function decisionSeed(state: ValleyState, seat: number, name: string): RngState {
  const p = state.players[seat as Seat];
  return seedRng(
    `${name}/${seat}/${state.turn.number}/${state.stack.length}/${state.questionSeq}/${state.stock.length}/${p?.hand.length}/${p?.play.length}`,
  );
}
