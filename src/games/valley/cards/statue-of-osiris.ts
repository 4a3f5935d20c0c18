import { discardFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { draw, log } from '../zones.ts';
import { oneHandCard } from './one-hand-card.ts';

export const statueOfOsiris = oneHandCard({
  id: 'statue-of-osiris',
  prompt: say('statue-of-osiris.ask'),
  publicText: (seat) => say('statue-of-osiris.public', { seat: seatOf(seat) }),
  needs: say('needs.hand-card'),
  effect(s, seat, card) {
    discardFromHand(s, seat, card, 'statue-of-osiris');
    log(s, say('statue-of-osiris.log', { seat: seatOf(seat), n: draw(s, seat, 3) }));
  },
});
