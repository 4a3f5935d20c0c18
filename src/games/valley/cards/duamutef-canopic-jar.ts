import { handOptions, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

export const duamutefCanopicJar: CardProgram = {
  id: 'duamutef-canopic-jar',
  needs: null,
  canExecute: () => true,
  run: eachOpponent({
    blockable: true,
    affected: (s, _f, t) => player(s, t).hand.length > 0,
    prompt: (_s, f) => say('duamutef-canopic-jar.ask', { seat: seatOf(f.seat) }),
    options: (s, _f, t) => handOptions(s, t),
    publicText: (_s, _f, t) => say('duamutef-canopic-jar.public', { seat: seatOf(t) }),
    apply(s, _f, t, value) {
      discardFromHand(s, t, parseValue(value, 'c'), 'duamutef-canopic-jar');
      return null;
    },
  }),
};
