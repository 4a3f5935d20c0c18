import { entombFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { oneHandCard } from './one-hand-card.ts';

export const statueOfHorus = oneHandCard({
  id: 'statue-of-horus',
  prompt: say('statue-of-horus.ask'),
  publicText: (seat) => say('statue-of-horus.public', { seat: seatOf(seat) }),
  needs: say('needs.hand-card'),
  effect: entombFromHand,
});
