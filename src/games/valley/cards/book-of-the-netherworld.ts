import { log, nameOf, player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

export const bookOfTheNetherworld: CardProgram = {
  id: 'book-of-the-netherworld',
  needs: 'the stock must hold a card',
  canExecute: (s) => s.stock.length > 0,
  run(s, f) {
    const card = s.stock.pop() as number;
    player(s, f.seat).discard.push(card);
    log(s, `@${f.seat} took ${nameOf(s, card)} from the top of the stock (Book of the Netherworld)`);
    return undefined;
  },
};
