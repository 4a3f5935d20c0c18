import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

export const heartScarabAmulet: CardProgram = {
  id: 'heart-scarab-amulet',
  ...needs(say('needs.discard-card')),
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('heart-scarab-amulet.ask'),
        cardOptions(s, p.discard),
        say('heart-scarab-amulet.public', { seat: seatOf(f.seat) }),
      );
    }
    entombFromDiscard(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'heart-scarab-amulet');
    return undefined;
  },
};
