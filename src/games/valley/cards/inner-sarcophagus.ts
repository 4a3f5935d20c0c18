import { handOptions, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

export const innerSarcophagus: CardProgram = {
  id: 'inner-sarcophagus',
  needs: '',
  canExecute: () => true,
  run: eachOpponent({
    blockable: true,
    affected: (s, _f, t) => player(s, t).hand.length > 3,
    prompt: (s, f, t) =>
      `Inner Sarcophagus (@${f.seat}): discard down to 3 cards (${player(s, t).hand.length - 3} more to discard).`,
    options: (s, _f, t) => handOptions(s, t),
    publicText: '@target is discarding down to 3 cards (Inner Sarcophagus)',
    apply(s, _f, t, value) {
      discardFromHand(s, t, parseValue(value, 'c'), 'inner-sarcophagus');
      return player(s, t).hand.length > 3 ? 'again' : null;
    },
  }),
};
