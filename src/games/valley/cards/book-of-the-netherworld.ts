import { cardOf, say, seatOf } from '../messages.ts';
import { log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

export const bookOfTheNetherworld: CardProgram = {
  id: 'book-of-the-netherworld',
  ...needs(say('book-of-the-netherworld.needs')),
  canExecute: (s) => s.stock.length > 0,
  run(s, f) {
    const card = s.stock.pop() as number;
    player(s, f.seat).discard.push(card);
    log(s, say('book-of-the-netherworld.log', { seat: seatOf(f.seat), card: cardOf(s, card) }));
    return undefined;
  },
};
