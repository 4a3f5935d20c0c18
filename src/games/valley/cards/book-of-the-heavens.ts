import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard } from '../effects.ts';
import { player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

export const bookOfTheHeavens: CardProgram = {
  id: 'book-of-the-heavens',
  needs: 'your discard pile must hold at least 5 cards',
  canExecute: (s, seat) => player(s, seat).discard.length >= 5,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Book of the Heavens: entomb a card from your discard pile.',
        cardOptions(s, p.discard),
        `@${f.seat} is using Book of the Heavens`,
      );
    }
    entombFromDiscard(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'book-of-the-heavens');
    return undefined;
  },
};
