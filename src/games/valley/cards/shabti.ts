import { ask, call, one, option, slotValue } from '../choices.ts';
import { catWindow, removeFromPyramid } from '../effects.ts';
import { cardOf, say, seatOf, slotOf } from '../messages.ts';
import { occupiedSlots } from '../pyramid.ts';
import type { Option, ValleyState } from '../state.ts';
import { log } from '../zones.ts';
import { type CardProgram, needs } from './card-program.ts';

/** Swapping two identical cards changes nothing, so such pairs are not offered. */
function swapOptions(s: ValleyState): Option[] {
  const slots = occupiedSlots(s);
  const out: Option[] = [];
  for (let i = 0; i < slots.length; i++)
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i] as number;
      const b = slots[j] as number;
      const ca = s.pyramid[a] as number;
      const cb = s.pyramid[b] as number;
      if (s.cards[ca] === s.cards[cb]) continue;
      out.push(
        option(
          `x${a}-${b}`,
          say('shabti.swap', { a: cardOf(s, ca), slotA: slotOf(a), b: cardOf(s, cb), slotB: slotOf(b) }),
        ),
      );
    }
  return out;
}

export const shabti: CardProgram = {
  id: 'shabti',
  ...needs(say('needs.pyramid-card')),
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const sacrifice = occupiedSlots(s).map(
        (slot): Option =>
          option(
            slotValue(slot),
            say('shabti.sacrifice', { card: cardOf(s, s.pyramid[slot] as number), slot: slotOf(slot) }),
            s.cards[s.pyramid[slot] as number] as string,
          ),
      );
      return ask(
        f.seat,
        say('shabti.ask'),
        [...swapOptions(s), ...sacrifice],
        say('shabti.public', { seat: seatOf(f.seat) }),
      );
    }
    if (f.step === 1) {
      const value = one(answers, f.seat);
      if (value.startsWith('x')) {
        const [a, b] = value.slice(1).split('-').map(Number) as [number, number];
        const tmp = s.pyramid[a] as number;
        s.pyramid[a] = s.pyramid[b] as number;
        s.pyramid[b] = tmp;
        s.turn.pyramidChanged = true;
        log(
          s,
          say('shabti.log-swapped', {
            seat: seatOf(f.seat),
            a: cardOf(s, s.pyramid[b] as number),
            b: cardOf(s, s.pyramid[a] as number),
          }),
        );
        return undefined;
      }
      const slot = Number(value.slice(1));
      const { card, crumble } = removeFromPyramid(s, slot, f.seat);
      s.boneyard.push(card);
      f.v.card = card;
      log(s, say('shabti.log-sacrificed', { seat: seatOf(f.seat), card: cardOf(s, card) }));
      f.step = 2;
      return call(crumble);
    }
    if (f.step === 2) {
      f.step = 3;
      const w = catWindow(s, f.seat, f.v.card as number);
      if (w) return call(w);
    }
    return undefined;
  },
};
