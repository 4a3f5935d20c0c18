import { discardFromHand } from '../effects.ts';
import { draw, log } from '../zones.ts';
import { oneHandCard } from './one-hand-card.ts';

export const statueOfOsiris = oneHandCard({
  id: 'statue-of-osiris',
  name: 'Statue of Osiris',
  prompt: 'discard a card, then draw 3.',
  needs: 'you need a card in hand',
  effect(s, seat, card) {
    discardFromHand(s, seat, card, 'statue-of-osiris');
    log(s, `@${seat} drew ${draw(s, seat, 3)} cards (Statue of Osiris)`);
  },
});
