import { call, frame } from '../choices.ts';
import { discardFromAside } from '../effects.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { programFor } from '../programs.ts';
import { log, player, popDeck } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** The revealed card is set aside (public) while its action runs, then discarded. */
export const bookOfGates: CardProgram = {
  id: 'book-of-gates',
  ...needs(say('book-of-gates.needs')),
  canExecute: (s, seat) => player(s, seat).deck.length + player(s, seat).discard.length > 0,
  run(s, f) {
    const p = player(s, f.seat);
    if (f.step === 0) {
      f.step = 1;
      const card = popDeck(s, f.seat) as number;
      p.aside.push(card);
      f.v.revealed = card;
      const id = s.cards[card] as string;
      const program = programFor(id);
      if (program?.canExecute(s, f.seat, null)) {
        log(s, say('book-of-gates.log-execute', { seat: seatOf(f.seat), card: cardOf(s, card) }));
        s.turn.executed.push(id);
        return call(frame(id, f.seat, card));
      }
      log(s, say('book-of-gates.log-cannot', { seat: seatOf(f.seat), card: cardOf(s, card) }));
    }
    const card = f.v.revealed as number;
    // Censer and Senet Game move themselves to an opponent's discard pile; anything else is discarded
    // here, as part of Book of Gates' action (an Axe triggers).
    if (p.aside.includes(card)) discardFromAside(s, f.seat, card);
    return undefined;
  },
};
