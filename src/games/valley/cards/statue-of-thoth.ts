import { say, seatOf } from '../messages.ts';
import { log } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/** Cards drawn later this turn are in hand too, so they are also worth 4 (see goldOf). */
export const statueOfThoth: CardProgram = {
  id: 'statue-of-thoth',
  needs: null,
  canExecute: () => true,
  run(s, f) {
    s.turn.thoth = true;
    log(s, say('statue-of-thoth.log', { seat: seatOf(f.seat) }));
    return undefined;
  },
};
