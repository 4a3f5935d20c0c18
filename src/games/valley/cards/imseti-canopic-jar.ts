import { entombFromHand } from '../effects.ts';
import { costOf } from '../zones.ts';
import { oneHandCard } from './one-hand-card.ts';

export const imsetiCanopicJar = oneHandCard({
  id: 'imseti-canopic-jar',
  name: 'Imseti Canopic Jar',
  prompt: 'entomb a card costing 4 or less (it is shown to everyone).',
  needs: 'you need a card costing 4 or less in hand',
  allowed: (s, card) => costOf(s, card) <= 4,
  effect: entombFromHand,
});
