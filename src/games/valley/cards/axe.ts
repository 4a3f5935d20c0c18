import { cardOptions, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import type { Instance, ValleyState } from '../state.ts';
import { costOf, log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

function highestCost(s: ValleyState, seat: number): Instance[] {
  const hand = player(s, seat).hand;
  let max = Number.NEGATIVE_INFINITY;
  for (const c of hand) max = Math.max(max, costOf(s, c));
  return hand.filter((c) => costOf(s, c) === max);
}

const resolve = eachOpponent({
  // A discard from hand forced by another player's card: what Offering Table is for.
  blockable: true,
  affected: (s, _f, t) => player(s, t).hand.length > 0,
  prompt: (_s, f) => say('axe.ask', { seat: seatOf(f.seat) }),
  options: (s, _f, t) => cardOptions(s, highestCost(s, t)),
  publicText: (_s, _f, t) => say('axe.public', { seat: seatOf(t) }),
  apply(s, _f, t, value) {
    // Another Axe discarded here triggers in turn, once this one is resolved: hands only shrink.
    discardFromHand(s, t, parseValue(value, 'c'), 'axe');
    return null;
  },
});

/**
 * Axe has no action to play. Its program is what happens when an action (anyone's) makes its owner
 * discard it: the engine queues it then and runs it once that action is complete (effects.ts, nextAxe).
 * The rulebook has opponents reveal their hands to verify the discard; the options enforce it instead.
 */
export const axe: CardProgram = {
  id: 'axe',
  ...needs(say('axe.needs')),
  canExecute: () => false,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      log(s, say('axe.log', { seat: seatOf(f.seat) }));
    }
    return resolve(s, f, answers);
  },
};
