import { ask, call, handOptions, one, parseValue } from '../choices.ts';
import { entombFromHand, sacrificeFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

export const middleSarcophagus: CardProgram = {
  id: 'middle-sarcophagus',
  ...needs(say('middle-sarcophagus.needs')),
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length >= 2,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('middle-sarcophagus.ask'),
        handOptions(s, f.seat),
        say('middle-sarcophagus.public', { seat: seatOf(f.seat) }),
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
        say('middle-sarcophagus.ask-entomb'),
        handOptions(s, f.seat),
        say('middle-sarcophagus.public', { seat: seatOf(f.seat) }),
      );
    }
    entombFromHand(s, f.seat, parseValue(one(answers, f.seat), 'c'));
    return undefined;
  },
};
