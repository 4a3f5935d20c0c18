import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { removeFromPyramid } from '../effects.ts';
import { occupiedSlots } from '../pyramid.ts';
import { log, nameOf, player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { lowestCostSlots } from './lowest-cost.ts';

export const bookOfTheDead: CardProgram = {
  id: 'book-of-the-dead',
  needs: 'the pyramid must hold a card',
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      const slots = lowestCostSlots(s);
      if (slots.length > 1) {
        f.step = 1;
        return ask(
          f.seat,
          'Book of the Dead: several cards share the lowest cost. Entomb which?',
          slotOptions(s, slots),
          `@${f.seat} is using Book of the Dead`,
        );
      }
      f.v.slot = slots[0] as number;
      f.step = 2;
    }
    if (f.step === 1) {
      f.v.slot = parseValue(one(answers, f.seat), 's');
      f.step = 2;
    }
    if (f.step === 2) {
      f.step = 3;
      const { card, crumble } = removeFromPyramid(s, f.v.slot as number, f.seat);
      player(s, f.seat).tomb.push(card);
      log(s, `@${f.seat} entombed ${nameOf(s, card)} from the pyramid (Book of the Dead)`);
      return call(crumble);
    }
    return undefined;
  },
};
