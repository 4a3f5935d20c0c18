import { cardOf, say, seatOf } from '../messages.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

export const urn: CardProgram = {
  id: 'urn',
  ...needs(say('needs.discard-card')),
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f) {
    const p = player(s, f.seat);
    const card = p.discard.pop() as number;
    p.deck.push(card);
    log(s, say('urn.log', { seat: seatOf(f.seat), card: cardOf(s, card) }));
    return undefined;
  },
};
