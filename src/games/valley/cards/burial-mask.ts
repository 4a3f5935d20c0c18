import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard, entombFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player } from '../zones.ts';
import { type CardProgram, handWithout, needs } from './card-program.ts';

export const burialMask: CardProgram = {
  id: 'burial-mask',
  ...needs(say('burial-mask.needs')),
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length + player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('burial-mask.ask'),
        [
          ...cardOptions(s, p.hand, say('burial-mask.hand')),
          ...cardOptions(s, p.discard, say('burial-mask.discard')),
        ],
        say('burial-mask.public', { seat: seatOf(f.seat) }),
      );
    }
    const card = parseValue(one(answers, f.seat), 'c');
    if (p.hand.includes(card)) entombFromHand(s, f.seat, card);
    else entombFromDiscard(s, f.seat, card, 'burial-mask');
    return undefined;
  },
};
