import { ask, call, handOptions, one, parseValue, slotOptions } from '../choices.ts';
import { discardFromHand, takeFromPyramid } from '../effects.ts';
import { occupiedSlots } from '../pyramid.ts';
import { type CardProgram, handWithout } from './card-program.ts';
import { lowestCostSlots } from './lowest-cost.ts';

export const hapiCanopicJar: CardProgram = {
  id: 'hapi-canopic-jar',
  needs: 'you need a card in hand and the pyramid must hold a card',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0 && occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Hapi Canopic Jar: discard a card.',
        handOptions(s, f.seat),
        `@${f.seat} is using Hapi Canopic Jar`,
      );
    }
    if (f.step === 1) {
      discardFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'hapi-canopic-jar');
      const slots = lowestCostSlots(s);
      f.step = 2;
      if (slots.length > 1)
        return ask(
          f.seat,
          'Hapi Canopic Jar: several cards share the lowest cost. Take which?',
          slotOptions(s, slots),
          `@${f.seat} is using Hapi Canopic Jar`,
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
