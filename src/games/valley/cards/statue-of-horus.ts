import { ask, handOptions, one, parseValue } from '../choices.ts';
import { entombFromHand } from '../effects.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const statueOfHorus: CardProgram = {
  id: 'statue-of-horus',
  needs: 'you need a card in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Statue of Horus: entomb a card from your hand.',
        handOptions(s, f.seat),
        `@${f.seat} is using Statue of Horus`,
      );
    }
    entombFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'));
    return undefined;
  },
};
