import type { Seat } from '../../kernel/types.ts';
import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { removeFromPyramid } from '../effects.ts';
import { cardOf, say, seatOf, slotOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { def, log, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** Pyramid slots holding a set card of a set none of whose cards is in `seat`'s tomb. */
function newSetSlots(s: ValleyState, seat: Seat): number[] {
  const sets = new Set(player(s, seat).tomb.map((c) => def(s, c).set));
  return occupiedSlots(s).filter((slot) => {
    const d = def(s, s.pyramid[slot] as number);
    return d.kind === 'set' && d.set !== null && !sets.has(d.set);
  });
}

/** "Take" reaches the whole pyramid; the card goes straight into the tomb, outside the once-per-turn entomb. */
export const bow: CardProgram = {
  id: 'bow',
  ...needs(say('bow.needs')),
  canExecute: (s, seat) => newSetSlots(s, seat).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('bow.ask'),
        slotOptions(s, newSetSlots(s, f.seat)),
        say('bow.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      const slot = parseValue(one(answers, f.seat), 's');
      const { card, crumble } = removeFromPyramid(s, slot, f.seat);
      player(s, f.seat).tomb.push(card);
      log(s, say('bow.log', { seat: seatOf(f.seat), card: cardOf(s, card), slot: slotOf(slot) }));
      return call(crumble);
    }
    return undefined;
  },
};
