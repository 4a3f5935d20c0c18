import { ask, call, one, parseValue, slotOptions } from '../choices.ts';
import { takeFromPyramid } from '../effects.ts';
import { say, seatOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { ValleyState } from '../state.ts';
import { def, player } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

function matchingSlots(s: ValleyState, seat: number): number[] {
  const sets = new Set(player(s, seat).tomb.map((c) => def(s, c).set));
  sets.delete(null);
  return occupiedSlots(s).filter(
    (slot) =>
      def(s, s.pyramid[slot] as number).set !== null && sets.has(def(s, s.pyramid[slot] as number).set),
  );
}

export const djedPillarAmulet: CardProgram = {
  id: 'djed-pillar-amulet',
  ...needs(say('djed-pillar-amulet.needs')),
  canExecute: (s, seat) => matchingSlots(s, seat).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      return ask(
        f.seat,
        say('djed-pillar-amulet.ask'),
        slotOptions(s, matchingSlots(s, f.seat)),
        say('djed-pillar-amulet.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      f.step = 2;
      return call(takeFromPyramid(s, f.seat, parseValue(one(answers, f.seat), 's'), 'djed-pillar-amulet'));
    }
    return undefined;
  },
};
