import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { costOf } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const affordable = (s: ValleyState) =>
  occupiedSlots(s).filter((slot) => costOf(s, s.pyramid[slot] as number) <= 6);

export const statueOfIsis: CardProgram = {
  id: 'statue-of-isis',
  needs: 'the pyramid must hold a card costing 6 or less',
  canExecute: (s) => affordable(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Statue of Isis: take a card costing 6 or less.',
        slotOptions(s, affordable(s)),
        `@${f.seat} is using Statue of Isis`,
      );
    }
    if (f.step === 1) {
      f.step = 2;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'statue-of-isis'));
    }
    return undefined;
  },
};
