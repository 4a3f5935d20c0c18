import { handOptions, parseValue } from '../choices.ts';
import { sacrificeFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { player, totalCards } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

export const qebehsenuefCanopicJar: CardProgram = {
  id: 'qebehsenuef-canopic-jar',
  needs: null,
  canExecute: () => true,
  run: eachOpponent({
    blockable: true,
    affected: (s, _f, t) => totalCards(player(s, t)) > 5 && player(s, t).hand.length > 0,
    prompt: (_s, f) => say('qebehsenuef-canopic-jar.ask', { seat: seatOf(f.seat) }),
    options: (s, _f, t) => handOptions(s, t),
    publicText: (_s, _f, t) => say('qebehsenuef-canopic-jar.public', { seat: seatOf(t) }),
    apply: (s, _f, t, value) => sacrificeFromHand(s, t, parseValue(value, 'c')),
  }),
};
