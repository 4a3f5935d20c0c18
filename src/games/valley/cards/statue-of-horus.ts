import { entombFromHand } from '../effects.ts';
import { oneHandCard } from './one-hand-card.ts';

export const statueOfHorus = oneHandCard({
  id: 'statue-of-horus',
  name: 'Statue of Horus',
  prompt: 'entomb a card from your hand.',
  needs: 'you need a card in hand',
  effect: entombFromHand,
});
