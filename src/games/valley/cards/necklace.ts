import { ask, one } from '../choices.ts';
import { def, log, nameOf, player, popDeck } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

const YES = 'yes';
const NO = 'no';

/** Entombs from the top of the deck, reshuffling the discard pile when the deck is empty; two at most. */
export const necklace: CardProgram = {
  id: 'necklace',
  needs: 'your deck or discard pile must hold a card',
  canExecute: (s, seat) => player(s, seat).deck.length + player(s, seat).discard.length > 0,
  run(s, f, answers) {
    const p = player(s, f.seat);
    const entombTop = () => {
      const card = popDeck(s, f.seat) as number;
      p.tomb.push(card);
      log(s, `@${f.seat} entombed ${nameOf(s, card)} from the top of their deck (Necklace)`);
      return card;
    };
    if (f.step === 0) {
      f.step = 1;
      const card = entombTop();
      if (def(s, card).kind !== 'starter' || p.deck.length + p.discard.length === 0) return undefined;
      return ask(
        f.seat,
        `Necklace: ${nameOf(s, card)} is a starter card. Entomb the next card from the top of your deck too?`,
        [
          { value: YES, label: 'Yes, entomb the next card' },
          { value: NO, label: 'No' },
        ],
        `@${f.seat} is using Necklace`,
      );
    }
    if (one(answers, f.seat) === YES) entombTop();
    return undefined;
  },
};
