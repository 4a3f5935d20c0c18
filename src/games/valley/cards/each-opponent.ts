import type { Message } from '../../kernel/message.ts';
import type { Seat } from '../../kernel/types.ts';
import { type Answers, ask, call, one, option, type Step } from '../choices.ts';
import { say, seatOf } from '../messages.ts';
import type { Frame, Option, ValleyState } from '../state.ts';
import { log, opponentsInTurnOrder, player } from '../zones.ts';

export interface OpponentStep {
  /** Whether `target` must act at all (e.g. more than 5 total cards). */
  affected(s: ValleyState, f: Frame, target: Seat): boolean;
  /** Offering Table may be revealed against discards and sacrifices from hand, not against Bastet. */
  blockable: boolean;
  prompt(s: ValleyState, f: Frame, target: Seat): Message;
  options(s: ValleyState, f: Frame, target: Seat): Option[];
  /** Safe for everyone: what `target` is doing. */
  publicText(s: ValleyState, f: Frame, target: Seat): Message;
  /** Carries out the answer; 'again' asks the same opponent once more (Inner Sarcophagus). */
  apply(s: ValleyState, f: Frame, target: Seat, value: string): Frame | null | 'again';
}

export const OFFERING_TABLE = 'offering-table';

/** "Each opponent …, in turn order": asks each affected opponent in turn, resuming across answers. */
export function eachOpponent(
  step: OpponentStep,
): (s: ValleyState, f: Frame, answers: Answers | null) => Step {
  return (s, f, answers) => {
    const opponents = opponentsInTurnOrder(s, f.seat);
    let pending = answers;
    for (;;) {
      const i = (f.v.i as number | undefined) ?? 0;
      const target = opponents[i];
      if (target === undefined) return undefined;
      if (pending) {
        const value = one(pending, target);
        pending = null;
        if (value === OFFERING_TABLE) {
          log(s, say('offering-table.log', { seat: seatOf(target) }));
          f.v.i = i + 1;
          f.v.more = false;
          continue;
        }
        const next = step.apply(s, f, target, value);
        if (next === 'again') {
          f.v.more = true;
          continue;
        }
        f.v.i = i + 1;
        f.v.more = false;
        if (next) return call(next);
        continue;
      }
      if (!step.affected(s, f, target)) {
        f.v.i = i + 1;
        f.v.more = false;
        continue;
      }
      // "This card is used during an opponent's turn": never by the player whose turn it is (an Axe
      // discarded by that player's own action can target them).
      const canBlock =
        step.blockable &&
        f.v.more !== true &&
        target !== s.turn.seat &&
        player(s, target).hand.some((c) => s.cards[c] === OFFERING_TABLE);
      const options = step.options(s, f, target);
      return ask(
        target,
        step.prompt(s, f, target),
        canBlock
          ? [option(OFFERING_TABLE, say('offering-table.option'), OFFERING_TABLE), ...options]
          : options,
        step.publicText(s, f, target),
      );
    }
  };
}
