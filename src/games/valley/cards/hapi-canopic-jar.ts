import { ask, call, handOptions, one, parseValue, slotOptions } from '../choices.ts';
import { discardFromHand, takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';
import { lowestCostSlots } from './lowest-cost.ts';

export const hapiCanopicJar: CardProgram = {
  id: 'hapi-canopic-jar',
  ...needs(say('hapi-canopic-jar.needs')),
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0 && occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('hapi-canopic-jar.ask'),
        handOptions(s, f.seat),
        say('hapi-canopic-jar.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      discardFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'hapi-canopic-jar');
      const slots = lowestCostSlots(s);
      f.step = 2;
      if (slots.length > 1)
        return ask(
          f.seat,
          say('hapi-canopic-jar.ask-lowest'),
          slotOptions(s, slots),
          say('hapi-canopic-jar.public', { seat: seatOf(f.seat) }),
        );
      f.step = 3;
      return call(takeFromPyramid(s, f.seat, slots[0] as number, 'hapi-canopic-jar'));
    }
    if (f.step === 2) {
      f.step = 3;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'hapi-canopic-jar'));
    }
    return undefined;
  },
};
