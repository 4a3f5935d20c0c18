import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { costOf } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** With several purchases, any of them may be "the card you bought": the dearest allows the most. */
function cheaperSlots(s: ValleyState): number[] {
  if (s.turn.boughtCosts.length === 0) return [];
  const limit = Math.max(...s.turn.boughtCosts);
  return occupiedSlots(s).filter((slot) => costOf(s, s.pyramid[slot] as number) < limit);
}

export const bookOfTraversingEternity: CardProgram = {
  id: 'book-of-traversing-eternity',
  ...needs(say('book-of-traversing-eternity.needs')),
  canExecute: (s, seat) => s.turn.seat === seat && cheaperSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('book-of-traversing-eternity.ask'),
        slotOptions(s, cheaperSlots(s)),
        say('book-of-traversing-eternity.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      return call(
        takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'book-of-traversing-eternity'),
      );
    }
    return undefined;
  },
};
