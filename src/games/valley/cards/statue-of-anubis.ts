import { log } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

/** Each execution (a second copy, or a Tyet Amulet repeat) adds one more card to the next hand. */
export const statueOfAnubis: CardProgram = {
  id: 'statue-of-anubis',
  needs: '',
  canExecute: () => true,
  run(s, f) {
    s.turn.extraDraw += 1;
    log(s, `@${f.seat} will draw ${5 + s.turn.extraDraw} cards at the end of the turn (Statue of Anubis)`);
    return undefined;
  },
};
