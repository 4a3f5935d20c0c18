import type { Message } from '../../kernel/message.ts';
import type { Seat } from '../../kernel/types.ts';
import type { Answers, Step } from '../choices.ts';
import { say } from '../messages.ts';
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
  /** Shown when the action cannot be executed now (null for an action that always can). */
  readonly needs: Message | null;
  run(s: ValleyState, f: Frame, answers: Answers | null): Step;
}

/** A program's `needs`. */
export const needs = (text: Message): { needs: Message } => ({ needs: text });

export function handWithout(s: ValleyState, seat: Seat, exclude: Instance | null): Instance[] {
  const hand = player(s, seat).hand;
  return exclude === null ? hand : hand.filter((c) => c !== exclude);
}

/**
 * Reaction cards (Boat, Mummified Cat, Offering Table) have no action to execute on one's own turn.
 * `when`: when the reaction is used, as a message.
 */
export function reactionOnly(id: string, when: Message): CardProgram {
  return {
    id,
    canExecute: () => false,
    ...needs(say('reaction.needs', { when })),
    run() {
      throw new Error(`rules bug: ${id} has no action`);
    },
  };
}
