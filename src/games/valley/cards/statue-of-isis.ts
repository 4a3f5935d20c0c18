import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { costOf } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

const affordable = (s: ValleyState) =>
  occupiedSlots(s).filter((slot) => costOf(s, s.pyramid[slot] as number) <= 6);

export const statueOfIsis: CardProgram = {
  id: 'statue-of-isis',
  ...needs(say('statue-of-isis.needs')),
  canExecute: (s) => affordable(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('statue-of-isis.ask'),
        slotOptions(s, affordable(s)),
        say('statue-of-isis.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'statue-of-isis'));
    }
    return undefined;
  },
};
