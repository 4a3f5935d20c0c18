import { handOptions, parseValue } from '../choices.ts';
import { log, nameOf, player, take, totalCards } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

/** Not a discard, so Offering Table does not protect (Card Supplement). */
export const statueOfBastet: CardProgram = {
  id: 'statue-of-bastet',
  needs: '',
  canExecute: () => true,
  run: eachOpponent({
    blockable: false,
    affected: (s, _f, t) => totalCards(player(s, t)) > 5 && player(s, t).hand.length > 0,
    prompt: (_s, f) => `Statue of Bastet: put a card from your hand on top of @${f.seat}'s discard pile.`,
    options: (s, _f, t) => handOptions(s, t),
    publicText: "@target is choosing a card for the Statue of Bastet's owner",
    apply(s, f, t, value) {
      const card = parseValue(value, 'c');
      take(player(s, t).hand, card);
      player(s, f.seat).discard.push(card);
      log(s, `@${t} put ${nameOf(s, card)} on top of @${f.seat}'s discard pile (Statue of Bastet)`);
      return null;
    },
  }),
};
