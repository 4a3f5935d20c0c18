import { handOptions, parseValue } from '../choices.ts';
import { discardFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

export const innerSarcophagus: CardProgram = {
  id: 'inner-sarcophagus',
  needs: null,
  canExecute: () => true,
  run: eachOpponent({
    blockable: true,
    affected: (s, _f, t) => player(s, t).hand.length > 3,
    prompt: (s, f, t) =>
      say('inner-sarcophagus.ask', { seat: seatOf(f.seat), n: player(s, t).hand.length - 3 }),
    options: (s, _f, t) => handOptions(s, t),
    publicText: (_s, _f, t) => say('inner-sarcophagus.public', { seat: seatOf(t) }),
    apply(s, _f, t, value) {
      discardFromHand(s, t, parseValue(value, 'c'), 'inner-sarcophagus');
      return player(s, t).hand.length > 3 ? 'again' : null;
    },
  }),
};
