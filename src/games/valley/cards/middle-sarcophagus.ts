import { ask, call, handOptions, one, parseValue } from '../choices.ts';
import { entombFromHand, sacrificeFromHand } from '../effects.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const middleSarcophagus: CardProgram = {
  id: 'middle-sarcophagus',
  needs: 'you need two cards in hand',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length >= 2,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Middle Sarcophagus: sacrifice a card from your hand.',
        handOptions(s, f.seat),
        `@${f.seat} is using Middle Sarcophagus`,
      );
    }
    if (f.step === 1) {
      f.step = 2;
      const w = sacrificeFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'));
      if (w) return call(w);
    }
    if (f.step === 2) {
      f.step = 3;
      return ask(
        f.seat,
        'Middle Sarcophagus: entomb a card from your hand.',
        handOptions(s, f.seat),
        `@${f.seat} is using Middle Sarcophagus`,
      );
    }
    entombFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'));
    return undefined;
  },
};
