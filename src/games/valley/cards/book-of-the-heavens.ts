import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

export const bookOfTheHeavens: CardProgram = {
  id: 'book-of-the-heavens',
  ...needs(say('book-of-the-heavens.needs')),
  canExecute: (s, seat) => player(s, seat).discard.length >= 5,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('book-of-the-heavens.ask'),
        cardOptions(s, p.discard),
        say('book-of-the-heavens.public', { seat: seatOf(f.seat) }),
      );
    }
    entombFromDiscard(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'book-of-the-heavens');
    return undefined;
  },
};
