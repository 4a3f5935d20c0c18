import { ask, call, one, slotValue } from '../choices.ts';
import { catWindow, removeFromPyramid } from '../effects.ts';
import { occupiedSlots, SLOT_NAMES } from '../pyramid.ts';
import type { Option, ValleyState } from '../state.ts';
import { log, nameOf } from '../zones.ts';
import type { CardProgram } from './card-program.ts';

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
      out.push({
        value: `x${a}-${b}`,
        label: `Swap ${nameOf(s, ca)} (${SLOT_NAMES[a]}) with ${nameOf(s, cb)} (${SLOT_NAMES[b]})`,
      });
    }
  return out;
}

export const shabti: CardProgram = {
  id: 'shabti',
  needs: 'the pyramid must hold a card',
  canExecute: (s) => occupiedSlots(s).length > 0,
  run(s, f, answers) {
    if (f.step === 0) {
      f.step = 1;
      const sacrifice = occupiedSlots(s).map(
        (slot): Option => ({
          value: slotValue(slot),
          label: `Sacrifice ${nameOf(s, s.pyramid[slot] as number)} (${SLOT_NAMES[slot]})`,
          card: s.cards[s.pyramid[slot] as number] as string,
        }),
      );
      return ask(
        f.seat,
        'Shabti: swap two pyramid cards, or sacrifice one.',
        [...swapOptions(s), ...sacrifice],
        `@${f.seat} is using Shabti`,
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
          `@${f.seat} swapped ${nameOf(s, s.pyramid[b] as number)} and ${nameOf(s, s.pyramid[a] as number)} (Shabti)`,
        );
        return undefined;
      }
      const slot = Number(value.slice(1));
      const { card, crumble } = removeFromPyramid(s, slot, f.seat);
      s.boneyard.push(card);
      f.v.card = card;
      log(s, `@${f.seat} sacrificed ${nameOf(s, card)} from the pyramid (Shabti)`);
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
