import { say, seatOf } from '../messages.ts';
import { log } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/**
 * The effect waits in the turn (`turn.ring`) for the next card played from hand: for gold, for its
 * action or to entomb (engine.ts). A new turn starts without it, so it never carries over.
 */
export const ring: CardProgram = {
  id: 'ring',
  // Doubling does not stack: a second Ring (or Tyet Amulet repeating it) would change nothing.
  ...needs(say('ring.needs')),
  canExecute: (s) => s.turn.ring !== true,
  run(s, f) {
    s.turn.ring = true;
    log(s, say('ring.log', { seat: seatOf(f.seat) }));
    return undefined;
  },
};
