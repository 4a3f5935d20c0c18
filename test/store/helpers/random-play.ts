import { nextInt, type RngState } from '../../../src/games/kernel/rng.ts';
import type { Seat } from '../../../src/games/kernel/types.ts';
import type { AnyGame } from '../../../src/games/registry.ts';

/** A random legal action of a random seat the game is waiting for; undefined once nobody is. */
export function randomMove(
  module: AnyGame,
  state: unknown,
  rng: RngState,
): { seat: Seat; action: unknown } | undefined {
  const waiting = module.waitingFor(state);
  if (waiting.length === 0) return undefined;
  const seat = waiting[nextInt(rng, waiting.length)] as Seat;
  const legal = module.legalActions(state, seat);
  if (legal.length === 0) throw new Error(`seat ${seat} is waited for but has no legal action`);
  return { seat, action: legal[nextInt(rng, legal.length)] };
}
