import { cardOf, say, seatOf } from '../messages.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/**
 * The count is compared without naming any card below the top ("without revealing them"); each card
 * is named only once taken, when it lies face up on its taker's discard pile.
 */
export const dagger: CardProgram = {
  id: 'dagger',
  ...needs(say('dagger.needs')),
  canExecute: (s) => s.boneyard.length >= s.players.length,
  run(s, f) {
    const n = s.players.length;
    for (let k = 0; k < n; k++) {
      const seat = (f.seat + k) % n;
      const card = s.boneyard.pop() as number;
      player(s, seat).discard.push(card);
      log(s, say('dagger.log', { seat: seatOf(seat), card: cardOf(s, card) }));
    }
    return undefined;
  },
};
