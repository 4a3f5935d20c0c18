import { log, nameOf, player } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

export const urn: CardProgram = {
  id: 'urn',
  needs: 'your discard pile must hold a card',
  canExecute: (s, seat) => player(s, seat).discard.length > 0,
  run(s, f) {
    const p = player(s, f.seat);
    const card = p.discard.pop() as number;
    p.deck.push(card);
    log(s, `@${f.seat} put ${nameOf(s, card)} from their discard pile on top of their deck (Urn)`);
    return undefined;
  },
};
