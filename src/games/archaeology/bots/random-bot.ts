import { nextInt, type RngState } from '../../kernel/rng.ts';
import type { Seat } from '../../kernel/types.ts';
import { legalActions } from '../legal-actions.ts';
import type { ArchaeologyAction, ArchaeologyState } from '../state.ts';

/**
 * A legal action at random, but ending the turn one time in three when it may: an unbiased pick among
 * dozens of trades would trade for ever, and a player who never ends a turn never ends a game.
 */
export function randomBot(state: ArchaeologyState, seat: Seat, rng: RngState): ArchaeologyAction {
  // Legal actions hold only what the seat may do with its own hand and public facts.
  const actions = legalActions(state, seat);
  if (actions.length === 0) throw new Error(`seat ${seat} has nothing to do`);
  const end = actions.find((a) => a.type === 'end');
  if (end && nextInt(rng, 3) === 0) return end;
  return actions[nextInt(rng, actions.length)] as ArchaeologyAction;
}
