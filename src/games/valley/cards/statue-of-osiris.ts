import { ask, handOptions, one, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { draw, log } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const statueOfOsiris: CardProgram = {
  id: 'statue-of-osiris',
  needs: 'you need a card in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Statue of Osiris: discard a card, then draw 3.',
        handOptions(s, f.seat),
        `@${f.seat} is using Statue of Osiris`,
      );
    }
    discardFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'), ' (Statue of Osiris)');
    log(s, `@${f.seat} drew ${draw(s, f.seat, 3)} cards (Statue of Osiris)`);
    return undefined;
  },
};
