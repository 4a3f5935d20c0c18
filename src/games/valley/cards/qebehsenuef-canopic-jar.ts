import { handOptions, parseValue } from '../choices.ts';
import { sacrificeFromHand } from '../effects.ts';
import { player, totalCards } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

export const qebehsenuefCanopicJar: CardProgram = {
  id: 'qebehsenuef-canopic-jar',
  needs: '',
  canExecute: () => true,
  run: eachOpponent({
    blockable: true,
    affected: (s, _f, t) => totalCards(player(s, t)) > 5 && player(s, t).hand.length > 0,
    prompt: (_s, f) => `Qebehsenuef Canopic Jar (@${f.seat}): sacrifice a card from your hand.`,
    options: (s, _f, t) => handOptions(s, t),
    publicText: '@target is choosing a card to sacrifice (Qebehsenuef Canopic Jar)',
    apply: (s, _f, t, value) => sacrificeFromHand(s, t, parseValue(value, 'c')),
  }),
};
