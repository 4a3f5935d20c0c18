import { type RngState, seedRng } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import type { ArchaeologyState } from '../state.ts';

/**
 * The generator a computer player `name` gets for a decision at the table: seeded from public facts of the
 * position only, so replaying a game replays its computers' choices, and a hint from the same view makes
 * the same search as the Hard player.
 */
export function archaeologyDecisionSeed(state: ArchaeologyState, seat: number, name: string): RngState {
  return seedRng(
    `${name}/${seat}/${state.turn.number}/${state.decisionSeq}/${state.dig.length}/${state.market.length}/${state.hands[seat as Seat]?.length}`,
  );
}
