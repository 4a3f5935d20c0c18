import { ask, one, option } from '../choices.ts';
import { cardOf, say, seatOf } from '../messages.ts';
import { def, log, player, popDeck } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

const YES = 'yes';
const NO = 'no';

/** Entombs from the top of the deck, reshuffling the discard pile when the deck is empty; two at most. */
export const necklace: CardProgram = {
  id: 'necklace',
  ...needs(say('necklace.needs')),
  canExecute: (s, seat) => player(s, seat).deck.length + player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    const entombTop = () => {
      const card = popDeck(s, f.seat) as number;
      p.tomb.push(card);
      log(s, say('necklace.log', { seat: seatOf(f.seat), card: cardOf(s, card) }));
      return card;
    };
    if (f.step === 0) {
      f.step = 1;
      const card = entombTop();
      if (def(s, card).kind !== 'starter' || p.deck.length + p.discard.length === 0) return undefined;
      return ask(
        f.seat,
        say('necklace.ask', { card: cardOf(s, card) }),
        [option(YES, say('necklace.yes')), option(NO, say('necklace.no'))],
        say('necklace.public', { seat: seatOf(f.seat) }),
      );
    }
    if (one(answers, f.seat) === YES) entombTop();
    return undefined;
  },
};
