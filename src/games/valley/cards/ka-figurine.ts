import { ask, call, handOptions, one, parseValue, slotOptions } from '../choices.ts';
import { discardFromHand, takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { Instance, ValleyState } from '../state.ts';
import { def } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

const slotsOfSet = (s: ValleyState, set: string | null) =>
  set === null ? [] : occupiedSlots(s).filter((slot) => def(s, s.pyramid[slot] as Instance).set === set);

const discardable = (s: ValleyState, hand: Instance[]) =>
  hand.filter((c) => slotsOfSet(s, def(s, c).set).length > 0);

export const kaFigurine: CardProgram = {
  id: 'ka-figurine',
  ...needs(say('ka-figurine.needs')),
  canExecute: (s, seat, exclude) => discardable(s, handWithout(s, seat, exclude)).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const ok = discardable(s, handWithout(s, f.seat, null));
      return ask(
        f.seat,
        say('ka-figurine.ask'),
        handOptions(s, f.seat, (c) => ok.includes(c)),
        say('ka-figurine.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      const card = parseValue(one(answers, f.seat), 'c');
      f.v.set = def(s, card).set;
      discardFromHand(s, f.seat, card, 'ka-figurine');
      f.step = 2;
      return ask(
        f.seat,
        say('ka-figurine.ask-take'),
        slotOptions(s, slotsOfSet(s, f.v.set as string)),
        say('ka-figurine.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 2) {
      f.step = 3;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'ka-figurine'));
    }
    return undefined;
  },
};
