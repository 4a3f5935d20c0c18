import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import { type CardProgram, needs } from './card-program.ts';

/** The chooser gives nothing up, so Offering Table has nothing to refuse. */
export const peseshKef: CardProgram = {
  id: 'pesesh-kef',
  ...needs(say('needs.pyramid-card')),
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    // Play goes clockwise, so the player to your left is the next seat in turn order.
    const left = (f.seat + 1) % s.players.length;
    if (f.step === 0) {
      const slots = occupiedSlots(s);
      if (slots.length > 1) {
        f.step = 1;
        return ask(
          left,
          say('pesesh-kef.ask', { seat: seatOf(f.seat) }),
          slotOptions(s, slots),
          say('pesesh-kef.public', { chooser: seatOf(left), seat: seatOf(f.seat) }),
        );
      }
      f.v.slot = slots[0] as number;
      f.step = 2;
    }
    if (f.step === 1) {
      f.v.slot = parseValue(one(answers, left), 's');
      f.step = 2;
    }
    if (f.step === 2) {
      f.step = 3;
      // "You do the pyramid crumbling": the crumble belongs to the taker, not to the chooser.
      return call(
        takeFromPyramid(s, f.seat, f.v.slot as number, say('how.pesesh-kef', { seat: seatOf(left) })),
      );
    }
    return undefined;
  },
};
