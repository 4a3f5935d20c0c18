import { ask, cardOptions, one, parseValue } from '../choices.ts';
import { entombFromDiscard } from '../effects.ts';
import { player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

export const heartScarabAmulet: CardProgram = {
  id: 'heart-scarab-amulet',
  needs: 'your discard pile must hold a card',
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        'Heart Scarab Amulet: entomb a card from your discard pile.',
        cardOptions(s, p.discard),
        `@${f.seat} is using Heart Scarab Amulet`,
      );
    }
    entombFromDiscard(s, f.seat, parseValue(one(answers, f.seat), 'c'), 'heart-scarab-amulet');
    return undefined;
  },
};
