import { handOptions, parseValue } from '../choices.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { log, player, take, totalCards } from '../zones.ts';
import type { CardProgram } from './card-program.ts';
import { eachOpponent } from './each-opponent.ts';

/** Not a discard, so Offering Table does not protect (Card Supplement). */
export const statueOfBastet: CardProgram = {
  id: 'statue-of-bastet',
  needs: null,
  canExecute: () => true,
  run: eachOpponent({
    blockable: false,
    affected: (s, _f, t) => totalCards(player(s, t)) > 5 && player(s, t).hand.length > 0,
    prompt: (_s, f) => say('statue-of-bastet.ask', { seat: seatOf(f.seat) }),
    options: (s, _f, t) => handOptions(s, t),
    publicText: (_s, _f, t) => say('statue-of-bastet.public', { seat: seatOf(t) }),
    apply(s, f, t, value) {
      const card = parseValue(value, 'c');
      take(player(s, t).hand, card);
      player(s, f.seat).discard.push(card);
      log(s, say('statue-of-bastet.log', { seat: seatOf(t), card: cardOf(s, card), owner: seatOf(f.seat) }));
      return null;
    },
  }),
};
