import { entombFromHand } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { costOf } from '../zones.ts';
import { oneHandCard } from './one-hand-card.ts';

export const imsetiCanopicJar = oneHandCard({
  id: 'imseti-canopic-jar',
  prompt: say('imseti-canopic-jar.ask'),
  publicText: (seat) => say('imseti-canopic-jar.public', { seat: seatOf(seat) }),
  needs: say('imseti-canopic-jar.needs'),
  allowed: (s, card) => costOf(s, card) <= 4,
  effect: entombFromHand,
});
