import { ask, call, handOptions, one, parseValue, slotOptions } from '../choices.ts';
import { sacrificeFromHand, takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { Instance, ValleyState } from '../state.ts';
import { costOf } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

const slotsUpTo = (s: ValleyState, limit: number) =>
  occupiedSlots(s).filter((slot) => costOf(s, s.pyramid[slot] as Instance) <= limit);

/** "You must take a card": only sacrifices that leave something affordable are offered. */
const sacrificeable = (s: ValleyState, hand: Instance[]) =>
  hand.filter((c) => slotsUpTo(s, 2 * costOf(s, c)).length > 0);

export const bookOfTheEarth: CardProgram = {
  id: 'book-of-the-earth',
  ...needs(say('book-of-the-earth.needs')),
  canExecute: (s, seat, exclude) => sacrificeable(s, handWithout(s, seat, exclude)).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const ok = sacrificeable(s, handWithout(s, f.seat, null));
      return ask(
        f.seat,
        say('book-of-the-earth.ask'),
        handOptions(s, f.seat, (c) => ok.includes(c)),
        say('book-of-the-earth.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      const card = parseValue(one(answers, f.seat), 'c');
      f.v.limit = 2 * costOf(s, card);
      f.step = 2;
      const w = sacrificeFromHand(s, f.seat, card);
      if (w) return call(w);
    }
    if (f.step === 2) {
      f.step = 3;
      return ask(
        f.seat,
        say('book-of-the-earth.ask-take', { limit: f.v.limit as number }),
        slotOptions(s, slotsUpTo(s, f.v.limit as number)),
        say('book-of-the-earth.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 3) {
      f.step = 4;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'book-of-the-earth'));
    }
    return undefined;
  },
};
