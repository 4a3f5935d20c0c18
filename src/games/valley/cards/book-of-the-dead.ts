import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { removeFromPyramid } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';
import { lowestCostSlots } from './lowest-cost.ts';

export const bookOfTheDead: CardProgram = {
  id: 'book-of-the-dead',
  ...needs(say('needs.pyramid-card')),
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      const slots = lowestCostSlots(s);
      if (slots.length > 1) {
        f.step = 1;
        return ask(
          f.seat,
          say('book-of-the-dead.ask'),
          slotOptions(s, slots),
          say('book-of-the-dead.public', { seat: seatOf(f.seat) }),
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
      log(s, say('book-of-the-dead.log', { seat: seatOf(f.seat), card: cardOf(s, card) }));
      return call(crumble);
    }
    return undefined;
  },
};
