import { say, seatOf } from '../messages.ts';
import { log } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/** Each execution (a second copy, or a Tyet Amulet repeat) adds one more card to the next hand. */
export const statueOfAnubis: CardProgram = {
  id: 'statue-of-anubis',
  needs: null,
  canExecute: () => true,
  run(s, f) {
    s.turn.extraDraw += 1;
    log(s, say('statue-of-anubis.log', { seat: seatOf(f.seat), n: 5 + s.turn.extraDraw }));
    return undefined;
  },
};
