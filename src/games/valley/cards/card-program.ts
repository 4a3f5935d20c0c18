import type { Seat } from '../../kernel/types.ts';
import type { Answers, Step } from '../choices.ts';
import type { Frame, Instance, ValleyState } from '../state.ts';
import { player } from '../zones.ts';

/**
 * A card's action as a resumable program. `canExecute` decides the rulebook's "if one of the parts
 * cannot be executed, you may not execute the action" before anything moves; every question a
 * program then asks has at least one option, so a started action can always be completed.
 */
export interface CardProgram {
  readonly id: string;
  /** `exclude`: the card being played, still in hand while legality is checked. */
  canExecute(s: ValleyState, seat: Seat, exclude: Instance | null): boolean;
  /** Shown when the action cannot be executed now. */
  readonly needs: string;
  run(s: ValleyState, f: Frame, answers: Answers | null): Step;
}

export function handWithout(s: ValleyState, seat: Seat, exclude: Instance | null): Instance[] {
  const hand = player(s, seat).hand;
  return exclude === null ? hand : hand.filter((c) => c !== exclude);
}

/** Reaction cards (Boat, Mummified Cat, Offering Table) have no action to execute on one's own turn. */
export function reactionOnly(id: string, when: string): CardProgram {
  return {
    id,
    canExecute: () => false,
    needs: `it is a reaction: it is used ${when}, not played for an action`,
    run() {
      throw new Error(`rules bug: ${id} has no action`);
    },
  };
}
