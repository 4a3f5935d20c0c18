import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard, entombFromHand } from '../effects.ts';
import { player } from '../zones.ts';
import { type CardProgram, handWithout } from './card-program.ts';

export const burialMask: CardProgram = {
  id: 'burial-mask',
  needs: 'you need a card in your hand or discard pile',
  canExecute: (s, seat, exclude) => handWithout(s, seat, exclude).length + player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Burial Mask: entomb a card from your hand or your discard pile.',
        [...cardOptions(s, p.hand, ' (hand)'), ...cardOptions(s, p.discard, ' (discard pile)')],
        `@${f.seat} is using Burial Mask`,
      );
    }
    const card = parseValue(one(answers, f.seat), 'c');
    if (p.hand.includes(card)) entombFromHand(s, f.seat, card);
    else entombFromDiscard(s, f.seat, card, 'burial-mask');
    return undefined;
  },
};
